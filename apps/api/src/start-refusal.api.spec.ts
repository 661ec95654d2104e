import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The built server, as `pnpm start` runs it. */
const MAIN = path.resolve(__dirname, '..', 'dist', 'main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-refusal-'));

/** Runs the built server with `env` over a bare environment (nothing of this run's own) until it exits, at most 30 s. */
function runServer(env: Record<string, string>, node = process.execPath): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [MAIN], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit within 30 s; it said:\n${stdout}${stderr}`));
    }, 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** An older Node beside the one running the tests: Debian 12's own (20), which the project no longer runs on. */
function olderNode(): { binary: string; version: string } | null {
  for (const binary of ['/usr/bin/node', '/bin/node']) {
    try {
      const version = execFileSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
      if (Number(version.split('.')[0]) < 22) return { binary, version };
    } catch {
      // not there
    }
  }
  return null;
}
const older = olderNode();

describe('a refused start says why in one line and exits 1; a crash keeps its stack', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [{ MEDIA_STORE: 'ftp://photos' }, 'MEDIA_STORE: expected unset (files under DATA_DIR/media) or s3://bucket/prefix, got "ftp://photos"'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT is set but MEDIA_STORE is not: set MEDIA_STORE=s3://bucket/prefix, or unset them'],
    [{ DATABASE_URL: 'postgres://siplog@127.0.0.1:1/siplog' }, 'JWT_SECRET is required when DATABASE_URL is set: every API node must sign with the same secret'],
    [{ PORT: 'eighty' }, 'PORT must be a port number, got "eighty"'],
    [{ PUBLIC_URL: 'siplog.example' }, 'PUBLIC_URL must be an http(s) URL, got "siplog.example"'],
    [{ DATA_DIR: '/dev/null/siplog' }, 'DATA_DIR: cannot make the folder /dev/null/siplog (ENOTDIR)'],
  ])('%o', async (env, message) => {
    const { code, stdout, stderr } = await runServer(env);
    expect(stderr).toBe(`${message}\n`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  it.runIf(older)('on a Node older than 22 (Debian 12 has 20) it says which it needs, before the database driver could crash it', async () => {
    const { code, stdout, stderr } = await runServer({}, older!.binary);
    expect(stderr).toBe(`Siplog needs Node.js 22 or newer (24 LTS recommended); this is Node.js ${older!.version}. See the README's quick start.\n`);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  it('a crash that is no setting (the port is taken) still prints its stack and exits 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as net.AddressInfo;
      const { code, stderr } = await runServer({ PORT: String(port) });
      expect(stderr).toContain('EADDRINUSE');
      expect(stderr).toMatch(/^\s+at /m);
      expect(code).toBe(1);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
