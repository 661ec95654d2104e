import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The soak itself, a plain Node script over the built package (dist/): see its header. */
const CHILD = path.join(__dirname, 'gc-soak.child.mjs');
const driverVersion = (JSON.parse(fs.readFileSync(require.resolve('better-sqlite3/package.json'), 'utf8')) as { version: string }).version;

interface Summary {
  driver: string;
  statements: number;
  written: number;
  rows: number;
  touched: number;
  forced: number;
  collections: { minor: number; major: number; other: number };
  ms: number;
}

function runSoak(): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.SOAK_DRIVER;
  delete env.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    // A 1 MB young generation: V8 collects on its own every few hundred statements, besides the forced collections.
    const child = spawn(process.execPath, ['--expose-gc', '--max-semi-space-size=1', CHILD], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * Node 24.19 changed node::ObjectWrap, and better-sqlite3 before 13 (built on it) could then abort the process in a
 * garbage collection ("Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook, from
 * Statement::~Statement()). This soak churns tens of thousands of prepared statements through the facade and the
 * driver under collections, and must end cleanly: 12.6.2 aborted in it on Node 24.21, every run.
 */
describe('garbage collection under prepared-statement churn', () => {
  it('makes and drops tens of thousands of statements under collections, and exits 0 (no abort)', async () => {
    const { code, signal, stdout, stderr } = await runSoak();
    expect({ code, signal, stderr }, stdout).toEqual({ code: 0, signal: null, stderr: '' });
    const summary = JSON.parse(stdout.trim().split('\n').at(-1)!) as Summary;
    console.log(`GC soak: ${JSON.stringify(summary)}`);
    // The driver the package uses, through the facade.
    expect(summary.driver).toBe(driverVersion);
    // 4 workers x 1,500 rounds: each round prepares 4 statements, and every tenth 2 more in a transaction.
    expect(summary.statements).toBe(4 * 1_500 * 4 + 4 * 150 * 2 + 2);
    expect(summary).toMatchObject({ written: 6_000, rows: 6_000, touched: 600 });
    // Collections forced from JavaScript, and many more of V8's own (the kind that aborted).
    expect(summary.forced).toBeGreaterThanOrEqual(13);
    expect(summary.collections.minor).toBeGreaterThanOrEqual(20);
  }, 30_000);
});
