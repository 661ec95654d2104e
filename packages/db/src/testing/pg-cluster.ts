import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * A throw-away PostgreSQL cluster for tests: its own data folder under the temp dir, listening on a free port of
 * 127.0.0.1 only, trust auth, durability off. Every wait is bounded. Migrations are the caller's (migratePg).
 */
export interface PgCluster {
  /** The `postgres` superuser on the `postgres` database. */
  adminUrl: string;
  port: number;
  /** Creates an empty database and answers its URL. */
  newDatabase(): Promise<string>;
  /** Stops the server at once (no checkpoint) and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface PgClusterOptions {
  /** Folder holding initdb, pg_ctl and postgres; default PG_BIN, else /usr/lib/postgresql/15/bin. */
  binDir?: string;
  /** Bound on each step (initdb, start, stop, create database); default 60 s. */
  timeoutMs?: number;
}

const PG_VERSION = '15';
const OS_USER = 'postgres';

function run(file: string, args: string[], options: { cwd?: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd: options.cwd, timeout: options.timeoutMs, killSignal: 'SIGKILL', env: options.env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      if (error) {
        const timedOut = error.killed || error.signal === 'SIGKILL';
        reject(new Error(`${path.basename(file)} ${args.join(' ')} ${timedOut ? `timed out after ${options.timeoutMs} ms` : 'failed'}: ${stderr || stdout || error.message}`.trim()));
      } else resolve(stdout);
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** initdb refuses root: as root every PostgreSQL program runs as the `postgres` OS user. */
function asPgUser(file: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', OS_USER, '--', file, ...args]] : [file, args];
}

function findBinDir(preferred: string | undefined): string | undefined {
  const candidates = [preferred, process.env.PG_BIN, `/usr/lib/postgresql/${PG_VERSION}/bin`].filter((dir): dir is string => !!dir);
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
}

async function ensureBinDir(preferred: string | undefined): Promise<string> {
  const found = findBinDir(preferred);
  if (found) return found;
  if (!isRoot()) {
    throw new Error(
      `PostgreSQL ${PG_VERSION} not found (looked for initdb and pg_ctl in ${preferred ?? process.env.PG_BIN ?? `/usr/lib/postgresql/${PG_VERSION}/bin`}). ` +
        'Install it (apt-get install postgresql) or point PG_BIN at its bin folder.',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { timeoutMs: 10 * 60_000, env });
  await install().catch(async () => {
    await run('apt-get', ['update'], { timeoutMs: 5 * 60_000, env });
    await install();
  });
  const installed = findBinDir(preferred);
  if (!installed) throw new Error(`apt-get installed postgresql, but not version ${PG_VERSION} (no /usr/lib/postgresql/${PG_VERSION}/bin); set PG_BIN`);
  return installed;
}

/** A free TCP port on 127.0.0.1 (taken by listening on port 0, then closed): for test servers. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

function readPid(file: string): number {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0]) || 0;
  } catch {
    return 0;
  }
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const binDir = await ensureBinDir(options.binDir);
  const bin = (name: string) => path.join(binDir, name);

  // Short path: it also holds the Unix socket (at most ~100 bytes).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (isRoot()) {
    const id = (flag: string) => Number(spawnSync('id', [flag, OS_USER], { encoding: 'utf8', timeout: 10_000 }).stdout.trim());
    const uid = id('-u');
    const gid = id('-g');
    if (!Number.isInteger(uid) || uid <= 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`running as root, but there is no '${OS_USER}' OS user to run PostgreSQL as`);
    }
    fs.chownSync(dir, uid, gid);
  }
  // The cwd must be readable by the postgres user, or initdb and pg_ctl cannot find their own folder.
  const pg = (name: string, args: string[]) => {
    const [file, argv] = asPgUser(bin(name), args);
    return run(file, argv, { cwd: dir, timeoutMs });
  };

  let stopped = false;
  const stopNow = () =>
    spawnSync(...asPgUser(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', '-t', '10', 'stop']), { cwd: dir, timeout: 15_000, stdio: 'ignore' });
  // A test run that dies without afterAll must not leave a server behind.
  const onExit = () => {
    if (!stopped) stopNow();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await pg('initdb', ['-D', dataDir, '-U', OS_USER, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const serverOptions = [
        '-c listen_addresses=127.0.0.1',
        `-p ${port}`,
        `-k ${dir}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
      ].join(' ');
      process.once('exit', onExit);
      try {
        await pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', String(Math.ceil(timeoutMs / 1000)), '-o', serverOptions, 'start']);
        break;
      } catch (error) {
        process.removeListener('exit', onExit);
        stopNow();
        // Another process may have taken the port between the probe and the start.
        if (attempt >= 3) throw new Error(`${(error as Error).message}\n${tail(logFile)}`, { cause: error });
      }
    }

    const adminUrl = `postgres://${OS_USER}@127.0.0.1:${port}/postgres`;
    let databases = 0;
    return {
      adminUrl,
      port,
      async newDatabase() {
        const name = `t${++databases}_${randomBytes(4).toString('hex')}`;
        const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs });
        await client.connect();
        try {
          await client.query(`create database "${name}"`);
        } finally {
          await client.end();
        }
        return `postgres://${OS_USER}@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        process.removeListener('exit', onExit);
        const postmaster = readPid(path.join(dataDir, 'postmaster.pid'));
        try {
          await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '10', 'stop']);
        } catch (error) {
          if (postmaster > 0) process.kill(postmaster, 'SIGKILL');
          throw error;
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    stopped = true;
    process.removeListener('exit', onExit);
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
