/* eslint-disable no-console -- a benchmark reports to the terminal */
/**
 * Part of `pnpm bench`: Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU slowdown) on the
 * built app's first load, per route, with the demo data. Builds nothing: run `pnpm build` first. Prints a table;
 * asserts nothing. LIGHTHOUSE_RUNS (default 3) runs per route, the median run by performance score is shown;
 * LIGHTHOUSE_ROUTES=/login,/view picks routes, LIGHTHOUSE_SAVE_DIR keeps each run's JSON report.
 *
 * Beside Lighthouse's simulated figures, the same Chromium loads each route LIGHTHOUSE_RUNS more times unthrottled, in
 * a fresh profile (so with the service worker's first install, as a first visit has it), and sums the main thread's
 * long tasks (over 50 ms, the Long Tasks API) from navigation to 3 s after the load event: the median is the 'LT ms'
 * column. Issue 26: work the entry did right after load (190-278 ms tasks) that the simulation smoothed over.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const apiMain = path.join(root, 'apps/api/dist/main.js');
const seedCli = path.join(root, 'apps/api/dist/seed/seed-cli.js');
const webDist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

// chrome-launcher is Lighthouse's own dependency: resolved from Lighthouse's folder so it is the version Lighthouse expects.
const lighthouseEntry = createRequire(import.meta.url).resolve('lighthouse');
const lighthouseRequire = createRequire(lighthouseEntry);
const lighthouseVersion = JSON.parse(fs.readFileSync(path.join(path.dirname(lighthouseEntry), '..', 'package.json'), 'utf8')).version;
const chromeLauncher = await import(pathToFileURL(lighthouseRequire.resolve('chrome-launcher')).href);
const puppeteer = (await import(pathToFileURL(lighthouseRequire.resolve('puppeteer-core')).href)).default;
/** How long after the load event long tasks are still counted. */
const AFTER_LOAD_MS = 3_000;

/**
 * Even with those flags Chromium still sent DNS queries to the system resolver during a run (seen with `ss`). Nothing
 * here needs a name (every page is on 127.0.0.1), so no name resolves; DNS-over-HTTPS is off too (added to
 * chrome-launcher's own --disable-features list, since Chromium takes only the last such flag).
 */
const defaultDisabled = chromeLauncher.Launcher.defaultFlags().find((flag) => flag.startsWith('--disable-features='));
const STAY_ON_THE_BOX = [`${defaultDisabled ?? '--disable-features='},DnsOverHttps`, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built API serving the built web app on 127.0.0.1, over a fresh DATA_DIR with the demo data (as the browser tests do). */
async function startApp() {
  for (const required of [apiMain, seedCli, path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(required)) throw new Error(`${required} is missing: run pnpm build first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-lighthouse-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false', WEB_DIST_DIR: webDist };
  const seeded = spawnSync(process.execPath, [seedCli], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const port = await freePort();
  let logs = '';
  const child = spawn(process.execPath, [apiMain], { env: { ...env, PORT: String(port), HOST: '127.0.0.1', MALLOC_ARENA_MAX: '2' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (logs += chunk));
  child.stderr.on('data', (chunk) => (logs += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${logs}`);
    if (attempt > 150) throw new Error(`API did not become healthy:\n${logs}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}

/** A seeded person's username and a seeded place's id (asked of the running app: the demo data names no ids). */
async function seededIds(baseUrl) {
  const bounds = { west: -87.8, south: 41.77, east: -87.58, north: 41.968 };
  const pins = await (await fetch(`${baseUrl}/trpc/place.inBounds?input=${encodeURIComponent(JSON.stringify(bounds))}`)).json();
  const places = pins.result.data.places ?? pins.result.data;
  const placeId = places[0].establishment_id ?? places[0].id;
  // The first person of apps/api/src/seed/demo-content.ts.
  return { placeId, username: 'mayasips' };
}

function summarise(lhr, baseUrl) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const offBox = requests.map((item) => item.url).filter((url) => !url.startsWith(baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:'));
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptBytes,
    offBox,
    failedA11y: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
      .map((a) => a.id),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
  };
}

/**
 * Milliseconds of long tasks on the page's main thread while `url` loads and for AFTER_LOAD_MS after its load event,
 * in a fresh browser context (incognito profile) of `browser`, unthrottled.
 */
async function longTaskTotal(browser, url) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    // Before any of the page's scripts, so no task is missed.
    await page.evaluateOnNewDocument(() => {
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => globalThis.__longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_MS));
    return await page.evaluate(() => globalThis.__longTasks.reduce((sum, duration) => sum + duration, 0));
  } finally {
    await context.close();
  }
}

const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const app = await startApp();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...CHROME_FLAGS, ...STAY_ON_THE_BOX], logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const { placeId, username } = await seededIds(app.baseUrl);
    const only = process.env.LIGHTHOUSE_ROUTES?.split(',');
    const routes = ['/login', '/contact', '/terms-of-service', '/privacy-policy', `/user/${username}`, `/view/${placeId}`, '/'].filter(
      (route) => !only || only.some((part) => (part === '/' ? route === '/' : route.includes(part))),
    );
    console.log(`\nLighthouse ${lighthouseVersion} mobile preset (simulated throttling), ${RUNS} run(s) per route, median by performance`);
    console.log(`${os.cpus().length} cores, load average at start ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
    const rows = [];
    for (const route of routes) {
      const runs = [];
      // Lighthouse now and then fails to record a load (NO_NAVSTART): such a run is tried again, twice at most per route.
      for (let run = 0; runs.length < RUNS && run < RUNS + 2; run++) {
        const result = await lighthouse(
          app.baseUrl + route,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableFullPageScreenshot: true },
        );
        // A run Lighthouse could not finish is reported (with its reason), not counted.
        if (result.lhr.runtimeError) console.log(`${route}: run ${run + 1} failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message ?? ''}`);
        else runs.push(summarise(result.lhr, app.baseUrl));
        if (process.env.LIGHTHOUSE_SAVE_DIR) {
          const name = `${route.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${run}.json`;
          fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE_DIR, name), result.report);
        }
      }
      if (runs.length === 0) continue;
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      const longTasks = [];
      for (let run = 0; run < RUNS; run++) longTasks.push(await longTaskTotal(browser, app.baseUrl + route));
      rows.push({ route, ...median, range: `${runs[0].performance}-${runs[runs.length - 1].performance}`, longTasks: medianOf(longTasks), longTaskRange: `${Math.min(...longTasks).toFixed(0)}-${Math.max(...longTasks).toFixed(0)}` });
    }
    const header = ['route', 'perf', 'perf range', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'LT ms', 'LT range'];
    const table = rows.map((row) => [
      row.route,
      String(row.performance),
      row.range,
      String(row.accessibility),
      row.fcp.toFixed(0),
      row.lcp.toFixed(0),
      row.tbt.toFixed(0),
      row.cls.toFixed(3),
      (row.scriptBytes / 1000).toFixed(1),
      row.longTasks.toFixed(0),
      row.longTaskRange,
    ]);
    const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)));
    const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
    console.log(line(header));
    for (const cells of table) console.log(line(cells));
    console.log(`LT ms: long tasks on the main thread, unthrottled, from navigation to ${AFTER_LOAD_MS / 1000} s after load (median of ${RUNS})`);
    console.log(`\nload average at end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    for (const row of rows) {
      if (row.failedA11y.length) console.log(`${row.route}: failing accessibility audits: ${row.failedA11y.join(', ')}`);
      if (row.offBox.length) console.log(`${row.route}: requests leaving the box: ${row.offBox.join(', ')}`);
      if (process.env.LIGHTHOUSE_VERBOSE) console.log(`${row.route}: LCP element ${row.lcpElement}`);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await app.stop();
  }
}

await main();
