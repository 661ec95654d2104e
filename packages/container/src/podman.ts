import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Kept between runs: the Debian root filesystem, the Node and npm packages, podman's settings. */
export const CACHE_DIR = process.env.SIPLOG_IMAGE_CACHE ?? path.join(os.homedir(), '.cache', 'siplog-image');

/**
 * Podman's settings measured to work on these machines: Debian's crun refuses cgroups in hybrid mode, so runc;
 * and the default open-files limit cannot be set inside this sandbox, so none is set.
 */
function containersConf(): string {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, 'containers.conf');
  const text = '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n';
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  return file;
}

export function podmanEnv(): NodeJS.ProcessEnv {
  return { ...process.env, CONTAINERS_CONF: containersConf() };
}

/** Runs podman (or podman-compose) and answers its standard output; a failure throws with what it printed. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  try {
    return execFileSync(command, args, {
      cwd: options.cwd,
      env: { ...podmanEnv(), ...options.env },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; status?: number };
    throw new Error(`${command} ${args.join(' ')} failed (${failed.status}):\n${failed.stderr ?? ''}\n${(failed.stdout ?? '').slice(-4000)}`, {
      cause: error,
    });
  }
}

export const podman = (...args: string[]) => run('podman', args).trim();

/**
 * Podman without blocking the event loop, for the steps that take seconds between HTTP calls: a blocked loop
 * cannot see the server close an idle kept-alive connection, and fetch would send the next request into it.
 */
export function podmanAsync(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('podman', args, { env: podmanEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`podman ${args.join(' ')} failed (${error.code}):\n${stderr}\n${stdout.slice(-4000)}`, { cause: error }));
      else resolve(stdout.trim());
    });
  });
}

/** A long podman step (a build) with its output streamed to a log file, so a failure shows its last lines. */
export function runLogged(args: string[], logFile: string, cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'w');
    const child = spawn('podman', args, { cwd, env: podmanEnv(), stdio: ['ignore', log, log] });
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.closeSync(log);
      if (code === 0) resolve();
      else reject(new Error(`podman ${args.join(' ')} failed (${code}); the end of ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(-6000)}`));
    });
  });
}

/** Podman, runc, podman-compose and debootstrap from Debian, installed when missing and allowed (root with apt). */
export function ensureTools(): void {
  const wanted: Array<[string, string]> = [
    ['/usr/bin/podman', 'podman'],
    ['/usr/sbin/runc', 'runc'],
    ['/usr/bin/podman-compose', 'podman-compose'],
    ['/usr/sbin/debootstrap', 'debootstrap'],
  ];
  const missing = wanted.filter(([binary]) => !fs.existsSync(binary)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(`The image test needs ${missing.join(', ')} (Debian: sudo apt-get install -y ${missing.join(' ')}).`);
  }
  execFileSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`], {
    stdio: 'inherit',
  });
}
