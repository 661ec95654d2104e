import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
// Overridable so work on one build can be tested while another is being made (E2E_API_MAIN, E2E_WEB_DIST).
const apiMain = path.resolve(process.env.E2E_API_MAIN ?? path.resolve(here, '../../api/dist/main.js'));
export const webDist = path.resolve(process.env.E2E_WEB_DIST ?? path.resolve(here, '../dist'));

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
export const SUPPORT_EMAIL = 'support@siplog.test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`API did not become healthy:\n${output()}`);
}

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts the built API serving the built web app on 127.0.0.1, with a fresh DATA_DIR. */
export async function startApp(extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  for (const required of [apiMain, path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(required)) throw new Error(`${required} is missing: run pnpm build first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-e2e-'));
  const port = await freePort();
  let logs = '';
  const child = spawn(process.execPath, [apiMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SUPPORT_EMAIL,
      LOG_TO_CONSOLE: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (logs += chunk));
  child.stderr?.on('data', (chunk) => (logs += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => logs);
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export type ColorScheme = 'light' | 'dark';

/**
 * The system colour scheme pages are opened with: light unless E2E_COLOR_SCHEME=dark (the screenshot scripts take every
 * screen in the dark theme so, issue 19).
 */
const COLOR_SCHEME: ColorScheme = process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light';

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
  { colorScheme = COLOR_SCHEME }: { colorScheme?: ColorScheme } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // No service worker (issue 19): tests stub and count the page's requests (page.route, 'request' events), which a
  // worker answering from its caches would hide. e2e/offline.e2e.ts opens its own contexts with the worker.
  const context = await browser.newContext({ baseURL: baseUrl, viewport, colorScheme, serviceWorkers: 'block' });
  context.on('page', trackRequests);
  const page = await context.newPage();
  return { context, page };
}

/** Requests that stay open by design (a signed-in page's unread-count stream): never waited for. */
const LONG_LIVED = /\/api\/notification\/stream$/;
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!LONG_LIVED.test(new URL(request.url()).pathname)) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Playwright's 'networkidle', less the requests that never end (a signed-in page holds its unread-count stream, so
 * the page never goes idle in Playwright's sense): loaded, and no other request in flight for `quietMs`.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const open = inFlight.get(page);
  if (!open) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`the network did not go quiet within ${timeoutMs} ms: ${[...open].map((request) => request.url()).join(', ')}`);
}

/** Every page of `context` starts signed in as `session` (the web app's stored session), or as a guest when null. */
export async function signInContext(context: BrowserContext, session: object | null): Promise<void> {
  if (session) await context.addInitScript((value) => localStorage.setItem('user', JSON.stringify(value)), session);
}

/** Browser contexts a test file opens as it goes, closed together (so one test's pages never leak into the next). */
export class OpenedContexts {
  private contexts: BrowserContext[] = [];

  async open(
    browser: Browser,
    baseUrl: string,
    viewport?: { width: number; height: number },
    options?: { colorScheme?: ColorScheme },
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await openPage(browser, baseUrl, viewport, options);
    this.contexts.push(opened.context);
    return opened;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.contexts.map((context) => context.close()));
    this.contexts = [];
  }
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

let axeSource: string | undefined;

/**
 * Runs axe-core on the page as it stands (WCAG 2.x A and AA rules plus axe's best practices) and throws, listing
 * each one, when it finds a serious or critical violation. Wait for the screen's content before calling it. The
 * script is evaluated through the DevTools protocol, which the app's CSP (no inline script) does not block.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Contrast is judged on what is painted: let web fonts and running transitions finish first.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (serious.length === 0) return;
  const list = serious
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 5).map((node) => `    ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`);
      if (violation.nodes.length > 5) nodes.push(`    … and ${violation.nodes.length - 5} more`);
      return `  ${violation.impact} ${violation.id}: ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
  throw new Error(`axe-core: ${serious.length} serious or critical violation(s) on ${where}:\n${list}`);
}

/**
 * The screenshot tools' camera: waits for the page to go quiet (and `settleMs` for transitions), writes
 * `{outDir}/{name}.png` and prints its path.
 */
export function screenshotTaker(outDir: string, { fullPage = false, settleMs = 250 }: { fullPage?: boolean; settleMs?: number } = {}) {
  return async (page: Page, name: string, fullPageShot = fullPage): Promise<void> => {
    await waitForQuietNetwork(page);
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    const file = path.join(outDir, `${name}.png`);
    await page.screenshot({ path: file, fullPage: fullPageShot });
    console.log(file);
  };
}
