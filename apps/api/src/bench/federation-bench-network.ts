import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The federation benchmark's private https network, cut down from src/test/federation-network.ts (not in the build):
 * a throw-away CA made with the openssl CLI and one certificate naming every remote host, so one https server in the
 * bench process can answer as all of them. The Siplog child trusts the CA through the test preload
 * (federation-network.child.mjs), which also sends those names to 127.0.0.1 and refuses every other host.
 */

export interface BenchCertificates {
  caPem: string;
  keyPem: string;
  certPem: string;
}

const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const P256_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-noenc'];
// Our own configuration, so the system's openssl.cnf has no say in the extensions.
const opensslConfig = (commonName: string, extensions: string) => `[req]\nprompt = no\ndistinguished_name = dn\n[dn]\nCN = ${commonName}\n[ext]\n${extensions}\n`;

function openssl(args: string[]): void {
  try {
    execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: Buffer };
    if (code === 'ENOENT') throw new Error('The federation benchmark makes its certificates with the openssl command: install it (apt-get install openssl).', { cause: error });
    throw new Error(`openssl ${args[0]} failed: ${stderr?.toString().trim() || String(error)}`, { cause: error });
  }
}

/** A CA valid for a day and a leaf certificate for `hostnames`, signed by it; the keys never outlive the call on disk. */
export function createBenchCertificates(hostnames: readonly string[]): BenchCertificates {
  if (hostnames.length === 0) throw new Error('createBenchCertificates needs at least one hostname');
  for (const hostname of hostnames) {
    if (!HOSTNAME.test(hostname)) throw new Error(`A certificate hostname must be a lower-case DNS name such as r0.bench; got ${JSON.stringify(hostname)}`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-ca-'));
  const file = (name: string) => path.join(folder, name);
  try {
    fs.writeFileSync(file('ca.cnf'), opensslConfig('Siplog bench CA', 'basicConstraints = critical, CA:TRUE\nkeyUsage = critical, keyCertSign, cRLSign\nsubjectKeyIdentifier = hash'));
    openssl(['req', '-x509', ...P256_KEY, '-days', '1', '-config', file('ca.cnf'), '-extensions', 'ext', '-keyout', file('ca.key'), '-out', file('ca.pem')]);
    const leafExtensions = [
      `subjectAltName = ${hostnames.map((hostname) => `DNS:${hostname}`).join(', ')}`,
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'extendedKeyUsage = serverAuth',
      'authorityKeyIdentifier = keyid',
    ].join('\n');
    fs.writeFileSync(file('leaf.cnf'), opensslConfig(hostnames[0], leafExtensions));
    openssl(['req', '-new', ...P256_KEY, '-config', file('leaf.cnf'), '-keyout', file('leaf.key'), '-out', file('leaf.csr')]);
    openssl(['x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-set_serial', '0x01',
      '-days', '1', '-extfile', file('leaf.cnf'), '-extensions', 'ext', '-out', file('leaf.pem')]);
    return { caPem: fs.readFileSync(file('ca.pem'), 'utf8'), keyPem: fs.readFileSync(file('leaf.key'), 'utf8'), certPem: fs.readFileSync(file('leaf.pem'), 'utf8') };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
