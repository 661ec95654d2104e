#!/usr/bin/env node
// `pnpm test`: makes sure Chromium is there, runs every package's tests through Turborepo, then
// prints one closing line summed from the vitest JSON reports ("N passed, N failed").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// better-sqlite3 13 crashes the process on Node 20: say so before any test loads it.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 22) {
  console.error(`The tests need Node.js 22 or newer (24 LTS recommended); this is Node.js ${process.versions.node}. ` +
    '`. scripts/ensure-node.sh` installs Node 24 from the npm registry (see the README\'s quick start).');
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.test-results');

const chromium = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-chromium.mjs')], { stdio: 'inherit' });
if (chromium.status !== 0) process.exit(chromium.status ?? 1);

fs.rmSync(resultsDir, { recursive: true, force: true });
// --continue: one package's failure does not hide the others' results (the exit code still fails the run).
const turbo = spawnSync('turbo', ['run', 'test', '--concurrency=1', '--continue', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  // Nothing leaves the box: Turborepo's usage telemetry is off for this project's own runs (and so is its notice).
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  shell: process.platform === 'win32',
});

let passed = 0;
let failed = 0;
let skipped = 0;
const reports = fs.existsSync(resultsDir) ? fs.readdirSync(resultsDir).filter((name) => name.endsWith('.json')) : [];
for (const name of reports) {
  const report = JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${name.replace(/\.json$/, '').padEnd(16)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
const code = turbo.status !== 0 ? turbo.status ?? 1 : failed > 0 || reports.length === 0 ? 1 : 0;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code);
