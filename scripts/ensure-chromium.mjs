#!/usr/bin/env node
// Browser tests drive Debian's Chromium through playwright-core (Playwright cannot download browsers
// here). Installs it with apt when it is missing and we are allowed to; otherwise says what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Chromium was not found at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again.',
  );
  process.exit(1);
}
console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
