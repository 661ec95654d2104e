/**
 * Part of `pnpm bench` (issue 10, Performance): the admin's FR Logs panel in Chromium loading 31 days of 50,000 log
 * lines each (about 4.4 MB a day, under the 5 MB a reply carries), timed from the click on Load to the Count# of the
 * whole range; then how long re-counting takes when the keywords change. Printed, never asserted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { registerPerson } from './fixtures';
import { DESKTOP, launchBrowser, openPage, signInContext, startApp } from './harness';

const DAYS = 31;
const LINES_PER_DAY = 50_000;
const ROUNDS = 3;
const ADMIN = { email: 'bench.admin@example.com', firstname: 'Bench', lastname: 'Admin', username: 'benchadmin', password: 'Secret123' };

/** A day of lines in the server's format: mostly requests, with sign-ups, referred visits and deactivations among them. */
function dayOfLines(date: string): string {
  const lines: string[] = [];
  for (let i = 0; i < LINES_PER_DAY; i++) {
    const time = `${date}T${String(Math.floor(i / 2084) % 24).padStart(2, '0')}:${String(Math.floor(i / 35) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`;
    if (i % 37 === 0) lines.push(`${time} INFO [AuthService] Registration successful: reader${i}`);
    else if (i % 53 === 0) lines.push(`${time} INFO [WebApp] Referred visit: /view/${i % 500} from https://www.google.com`);
    else if (i % 211 === 0) lines.push(`${time} INFO [AuthService] Account deactivated (unsubscribe): reader${i}`);
    else lines.push(`${time} INFO [HTTP] POST /api/post/loadrecentposts 200 ${i % 80}ms 10.0.${i % 256}.${i % 200}`);
  }
  return `${lines.join('\n')}\n`;
}

async function setRange(page: Page): Promise<void> {
  await page.getByLabel('Start date', { exact: true }).fill('01/01/26');
  await page.getByLabel('End date', { exact: true }).fill(`01/${DAYS}/26`);
  await page.getByLabel('End date', { exact: true }).press('Escape');
}

const app = await startApp({ ADMIN_EMAILS: ADMIN.email, ADMIN_PATH: 'bench', LOG_TO_CONSOLE: 'false' });
const browser = await launchBrowser();
try {
  const admin = await registerPerson(app.baseUrl, app.dataDir, ADMIN);
  let bytes = 0;
  for (let day = 1; day <= DAYS; day++) {
    const date = `2026-01-${String(day).padStart(2, '0')}`;
    const file = path.join(app.dataDir, 'logs', `application-${date}.log`);
    fs.writeFileSync(file, dayOfLines(date));
    bytes += fs.statSync(file).size;
  }
  console.log(`\nAdmin logs in the browser: ${DAYS} days x ${LINES_PER_DAY.toLocaleString('en-US')} lines (${(bytes / 1e6).toFixed(0)} MB)`);

  const { context, page } = await openPage(browser, app.baseUrl, DESKTOP);
  await signInContext(context, admin);
  await page.goto('/admin/bench');
  const count = page.getByRole('status', { name: 'Count' });
  const keywords = page.getByLabel('Keywords');
  for (let round = 1; round <= ROUNDS; round++) {
    // Closing and opening the panel starts it empty, so the wait below sees this round's result.
    if (round > 1) await page.getByRole('button', { name: 'FR Logs' }).click();
    await page.getByRole('button', { name: 'FR Logs' }).click();
    await setRange(page);
    await keywords.fill('google.com, Registration successful, unsubscribe');
    const started = performance.now();
    await page.getByRole('region', { name: 'Foreclosure User Logs' }).getByRole('button', { name: 'Load' }).click();
    await page.getByText(`${DAYS} of ${DAYS} days had a log`).waitFor({ timeout: 180_000 });
    const loadedMs = performance.now() - started;
    const matched = await count.textContent();

    const recount = performance.now();
    await keywords.fill('loadrecentposts 200 5ms');
    await page.waitForFunction((before) => document.querySelector('.admin-logs__count output')?.textContent !== before, matched);
    const recountMs = performance.now() - recount;
    console.log(`  round ${round}: Load to Count# ${Math.round(loadedMs)} ms (count ${matched}); new keyword re-counted in ${Math.round(recountMs)} ms`);
  }
  const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
  if (heap) console.log(`  page JS heap after: ${Math.round(heap / 1e6)} MB`);
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}
