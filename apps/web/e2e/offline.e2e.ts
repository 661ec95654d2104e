import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANN, registerPerson, seedPosts, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, startApp, type RunningApp } from './harness';

/** Issue 19: the installable app, its service worker, and what a repeat visit shows with the network cut. */

/** The web build under test, as the harness finds it (E2E_WEB_DIST). */
const WEB_DIST = path.resolve(process.env.E2E_WEB_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
const OFFLINE = /You[’']re offline/;
const ORDERS = ['Cortado, oat milk', 'Iced hojicha latte', 'Brown sugar boba'];

const feedLinks = (page: Page) => page.getByRole('list', { name: 'Recent reviews' }).getByRole('link');
const banner = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE });

/** Waits until a service worker controls the page (the first visit's worker claims it once installed). */
async function controlledByWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return navigator.serviceWorker.controller!.scriptURL;
  });
}

/** The names of the worker's caches, and how many entries each holds. */
function cacheSizes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const sizes: Record<string, number> = {};
    for (const name of await caches.keys()) sizes[name] = (await (await caches.open(name)).keys()).length;
    return sizes;
  });
}

/** Waits until the map has drawn its first view (MapView's quiet loading layer is gone), and did not fail. */
async function mapDrawn(page: Page): Promise<void> {
  await page.locator('.map-view canvas').waitFor();
  await page.locator('.map-view__loading').waitFor({ state: 'detached', timeout: 20_000 });
  expect(await page.locator('.map-view__failure').count()).toBe(0);
}

describe('the installable, offline-friendly app', () => {
  let app: RunningApp;
  let browser: Browser;
  let webDist: string;
  let ann: Session;
  const contexts: BrowserContext[] = [];

  /** A fresh browser profile with service workers on (the harness's pages have them off). */
  async function open(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport, serviceWorkers: 'allow' });
    contexts.push(context);
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    // A copy of the web build: the update test writes a new build over it.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-offline-web-'));
    fs.cpSync(WEB_DIST, webDist, { recursive: true });
    // No public cache: it keeps each page's HTML until a write, and a deploy (a restart) is what empties it, while the
    // update test below writes a new build under the running server.
    app = await startApp({ WEB_DIST_DIR: webDist, PUBLIC_CACHE_MB: '0' });
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    await seedPosts(
      app.dataDir,
      ANN.username,
      ORDERS.map((order, index) => ({ order, review: 'Worth the walk.', rating: 5, place: { name: 'Loop Roasters', city: 'Chicago' }, minutesAgo: 10 + index })),
    );
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('links a manifest Chromium accepts, with a 192, a 512 and a maskable icon served as PNG', async () => {
    const { context, page } = await open();
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await fetch(app.baseUrl + href);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect([manifest.name, manifest.short_name, manifest.start_url, manifest.display]).toEqual(['Siplog', 'Siplog', '/', 'standalone']);
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png = await fetch(app.baseUrl + icon.src);
      expect(png.headers.get('content-type')).toBe('image/png');
      const { format, width, height } = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
    }

    // Chromium's own reading of it: no errors, and what it would install.
    const cdp = await context.newCDPSession(page);
    const { errors, parsed } = (await cdp.send('Page.getAppManifest' as never)) as unknown as { errors: { message: string }[]; parsed?: { name?: string } };
    expect(errors.map(({ message }) => message)).toEqual([]);
    expect(parsed?.name ?? manifest.name).toBe('Siplog');
    await controlledByWorker(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors' as never)) as unknown as { installabilityErrors: { errorId: string }[] };
    // A test browser context is an incognito profile, where Chromium never offers to install; nothing else may stand in the way.
    expect(installabilityErrors.map(({ errorId }) => errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  it('opens offline on the next visit: the app, the map and the last feed page, and says "You’re offline" for the rest', async () => {
    const { context, page } = await open(DESKTOP);
    await page.goto('/');
    await expect.poll(() => feedLinks(page).count(), { timeout: 15_000 }).toBe(ORDERS.length);
    expect(await controlledByWorker(page)).toBe(`${app.baseUrl}/sw.js`);
    // The first visit's reads were asked again through the worker once it took over (src/pwa/register.ts).
    await expect.poll(async () => (await cacheSizes(page))['siplog-data'] ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect(banner(page).count()).resolves.toBe(0);

    await context.setOffline(true);
    // Going offline while the page is open says so at once.
    await banner(page).waitFor();
    await page.reload();
    await banner(page).waitFor();
    // The header (the shell), the feed as last seen, newest first, and the map.
    await page.getByRole('link', { name: 'Siplog home' }).waitFor();
    await expect.poll(() => feedLinks(page).allInnerTexts(), { timeout: 15_000 }).toHaveLength(ORDERS.length);
    const cards = (await feedLinks(page).allInnerTexts()).join('\n');
    for (const order of ORDERS) expect(cards).toContain(order);
    await mapDrawn(page);
    // Drawn from kept data: the style and tiles answered by the worker (the tiles of the first visit from the
    // browser's HTTP cache, where they live for a year, kept by the worker on the way).
    const kept = await cacheSizes(page);
    expect(kept['siplog-map-style']).toBeGreaterThanOrEqual(1);
    expect(kept['siplog-map-tiles']).toBeGreaterThan(0);
    // The banner is a live region a screen reader hears, and passes axe's rules (contrast among them).
    await expectAccessible(page, 'the map home, offline');

    // A screen whose data was never kept needs the server: the page opens, says it is offline, and shows no data.
    await page.goto('/user/annlee');
    await banner(page).waitFor();
    await page.getByRole('link', { name: 'Siplog home' }).waitFor();

    await context.setOffline(false);
    await page.goto('/user/annlee');
    await page.getByRole('heading', { name: /Ann Lee/ }).waitFor();
    await expect(banner(page).count()).resolves.toBe(0);
  });

  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ])('at %s px the banner pushes the map page down: it hides neither its top bar nor "Places in this area"', async (_, viewport) => {
    const { context, page } = await open(viewport);
    await page.goto('/');
    const topBar = page.locator('.home__top');
    await topBar.waitFor();
    await context.setOffline(true);
    await banner(page).waitFor();
    const bannerBox = (await banner(page).boundingBox())!;
    const covered = async (name: string, box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box, name).not.toBeNull();
      const overlaps = bannerBox.x < box!.x + box!.width && box!.x < bannerBox.x + bannerBox.width && bannerBox.y < box!.y + box!.height && box!.y < bannerBox.y + bannerBox.height;
      expect(overlaps, `the banner covers ${name}`).toBe(false);
    };
    await covered('the top bar (search and Quick Post)', await topBar.boundingBox());
    await covered('the Quick Post button', await topBar.getByRole('button', { name: /quick post/i }).boundingBox());
    // At 375 px the list sits in the folded Activity panel, off screen.
    if (viewport === DESKTOP) await covered('Places in this area', await page.getByRole('heading', { name: /Places in this area/ }).boundingBox());
    // Nor does it sit over the site's header.
    await covered('the header', await page.locator('.site-header').boundingBox());
    await context.setOffline(false);
  });

  it("keeps a signed-in person's feed as theirs, never the token, and forgets it at sign-out", async () => {
    const { page } = await open();
    await page.goto('/contact');
    await page.evaluate((session) => localStorage.setItem('user', JSON.stringify(session)), ann);
    await page.goto('/');
    await controlledByWorker(page);
    // The worker registers once the page is idle after load, so it takes control after this visit's feed was
    // fetched: the next visit's feed goes through it.
    await page.reload();
    const keptKeys = () =>
      page.evaluate(async () => ((await caches.has('siplog-data')) ? (await (await caches.open('siplog-data')).keys()).map((request) => request.url) : []));
    // Ann follows nobody: her Recent feed's first page, kept under her identity (a digest, not the token).
    await expect.poll(async () => (await keptKeys()).filter((url) => url.includes('post.recent')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    for (const url of await keptKeys()) {
      const identity = new URL(url).searchParams.get('sw-identity');
      expect(url).not.toContain(ann.token);
      if (url.includes('post.')) expect(identity).toMatch(/^[0-9a-f]{16}$/);
    }

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // Nothing of hers is left; the signed-out feed a page asks for on its way out is everyone's and may be kept.
    const keptForSomeone = async () => (await keptKeys()).filter((url) => new URL(url).searchParams.get('sw-identity') !== 'guest');
    await expect.poll(keptForSomeone).toEqual([]);
  });

  it('keeps the server\'s own paths out of the shell: offline, /api/… fails as the network does, never with the app', async () => {
    const { context, page } = await open();
    await page.goto('/');
    await controlledByWorker(page);
    await context.setOffline(true);
    const answered = await page.goto('/api/health').then(
      (response) => response?.status() ?? null,
      (error: Error) => error.message,
    );
    expect(String(answered)).toMatch(/ERR_INTERNET_DISCONNECTED|net::/);
    await context.setOffline(false);
  });

  it('a new build replaces the old worker: the next visit shows the new app at once, and offline after that too', async () => {
    const { context, page } = await open();
    await page.goto('/');
    await controlledByWorker(page);
    const marker = () => page.locator('meta[name="siplog-build"]').getAttribute('content');
    expect(await page.locator('meta[name="siplog-build"]').count()).toBe(0);

    // A new build: the page changes, and the worker's precache list names '/' with a new revision.
    const indexFile = path.join(webDist, 'index.html');
    fs.writeFileSync(indexFile, fs.readFileSync(indexFile, 'utf8').replace('<title>', '<meta name="siplog-build" content="2" />\n    <title>'));
    const swFile = path.join(webDist, 'sw.js');
    const worker = fs.readFileSync(swFile, 'utf8');
    const shellEntry = /"revision":"([0-9a-f-]+)","url":"\/"/;
    expect(worker).toMatch(shellEntry);
    fs.writeFileSync(swFile, worker.replace(shellEntry, '"revision":"new-build-2","url":"/"'));

    await page.reload();
    // Pages come from the network first: no visit to a stale app.
    expect(await marker()).toBe('2');
    await waitForNewWorker(page);

    await context.setOffline(true);
    await page.reload();
    await banner(page).waitFor();
    expect(await marker()).toBe('2');
    await context.setOffline(false);
  });
});

/** Waits until the registration's active worker is the new build's (it precached the new shell and took over). */
async function waitForNewWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (!registration || registration.installing || registration.waiting) return false;
          // Precached under '/?__WB_REVISION__=…'.
          const shell = await caches.match('/', { ignoreSearch: true });
          return (await shell?.text())?.includes('siplog-build') ?? false;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}
