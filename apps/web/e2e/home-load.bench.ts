/**
 * Part of `pnpm bench`: how fast a phone-sized browser gets from a link to the map home page with its pins, on
 * this box over loopback, with the demo data. Prints times and bytes on the wire; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, DESKTOP, startApp } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const seedCli = path.resolve(here, '../../api/dist/seed/seed-cli.js');
const RUNS = 5;

/** Milliseconds from navigation start until the places in view are listed (their pins are drawn from the same answer). */
async function timeToPins(page: Page): Promise<number> {
  await page.goto('/');
  // At 375 px the list sits in the folded Activity panel: present, not visible.
  await page.locator('.places-list__item').first().waitFor({ state: 'attached', timeout: 30_000 });
  await page.locator('.map-view__loading').waitFor({ state: 'detached', timeout: 30_000 });
  return page.evaluate(() => performance.now());
}

/** JavaScript bytes as sent (compressed) while loading `route` in a fresh browser context. */
async function scriptBytes(browser: Browser, baseUrl: string, route: string): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP });
  const page = await context.newPage();
  let bytes = 0;
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    bytes += Number(response.headers()['content-length'] ?? 0);
  });
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await context.close();
  return bytes;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-home-bench-'));
  const seeded = spawnSync(process.execPath, [seedCli], { env: { ...process.env, DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false' }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const app = await startApp({ DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false' });
  const browser = await launchBrowser();
  try {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh context has an empty cache: a first visit.
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport: PHONE });
      const page = await context.newPage();
      cold.push(await timeToPins(page));
      warm.push(await timeToPins(page));
      await context.close();
    }
    const home = await scriptBytes(browser, app.baseUrl, '/');
    const login = await scriptBytes(browser, app.baseUrl, '/login');
    console.log(`\nHome page at 375 px, demo data, ${os.cpus().length} cores, loopback (${RUNS} runs each)`);
    console.log(`  first visit, navigation to pins listed: median ${median(cold).toFixed(0)} ms, max ${Math.max(...cold).toFixed(0)} ms`);
    console.log(`  repeat visit (cached assets):           median ${median(warm).toFixed(0)} ms, max ${Math.max(...warm).toFixed(0)} ms`);
    console.log(`  JavaScript on the wire: / ${(home / 1000).toFixed(1)} KB (map engine included), /login ${(login / 1000).toFixed(1)} KB`);
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
