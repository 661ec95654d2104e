import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayPlaceName, formatPostDate, LIMITS, postPath } from '@siplog/contracts';
import { makePng, registerPerson, trpcQuery, type Session } from './fixtures';
import { DESKTOP, launchBrowser, OpenedContexts, PHONE, startApp, type RunningApp } from './harness';

const seedCli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/dist/seed/seed-cli.js');

interface FeedPost {
  post_id: number;
  establishment_id: number;
  establishment_name: string;
  est_city: string;
  username: string;
  order: string;
  post_date: string;
}

interface RecentLoad {
  limit: number;
  cursor?: string | null;
}

/** The post.recent calls in a tRPC request URL, batched (/trpc/a,b?batch=1&input={"0":…,"1":…}) or not. */
function recentLoadsIn(url: string): RecentLoad[] {
  const { pathname, searchParams } = new URL(url);
  const procedures = decodeURIComponent(pathname.replace(/^.*\/trpc\//, '')).split(',');
  const input = JSON.parse(searchParams.get('input') ?? '{}');
  const batched = searchParams.get('batch') === '1';
  return procedures.flatMap((name, index) => (name === 'post.recent' ? [batched ? input[index] : input] : []));
}

/** Every post.recent call the page makes, in order. */
function watchRecentLoads(page: Page): RecentLoad[] {
  const loads: RecentLoad[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/')) loads.push(...recentLoadsIn(request.url()));
  });
  return loads;
}

// Batched with whatever else the page asks at the time, so any tRPC request that carries post.recent.
const RECENT_REQUEST = /\/trpc\/[^?]*post\.recent/;

const feedList = (page: Page) => page.getByRole('list', { name: 'Recent reviews' });
const feedLinks = (page: Page) => feedList(page).getByRole('link');
const panelScroller = (page: Page) => page.getByRole('complementary', { name: 'Activity' }).locator('.home-panel__sections');
const caughtUp = (page: Page) => page.getByText('You’re all caught up.');

/** The post ids the feed shows, top to bottom (from each card's /post/{id} link). */
async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await feedLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(href.replace('/post/', '')));
}

async function scrollPanelToEnd(page: Page): Promise<void> {
  await panelScroller(page).evaluate((element) => element.scrollTo(0, element.scrollHeight));
}

/** Waits until the feed shows `count` cards (a load is a round trip and a render: more than a poll's default second on a busy box). */
async function expectCards(page: Page, count: number): Promise<void> {
  await expect.poll(() => feedLinks(page).count(), { timeout: 10_000 }).toBe(count);
}

/** Opens the map home and waits for the feed's first load (at 375 px inside the Activity panel, opened first). */
async function openFeed(page: Page, count: number, { activity = false } = {}): Promise<void> {
  await page.goto('/');
  if (activity) await page.getByRole('button', { name: 'Activity', exact: true }).click();
  // The home screen is a lazy chunk: wait for the cards, never sample right after goto.
  await feedLinks(page).first().waitFor();
  await expectCards(page, count);
}

describe('the recent reviews feed on the map home', () => {
  let app: RunningApp;
  let browser: Browser;
  let dataDir: string;
  let poster: Session;
  const contexts = new OpenedContexts();

  /** The whole feed as the API pages it, newest first. */
  async function apiFeed(): Promise<FeedPost[]> {
    const posts: FeedPost[] = [];
    let cursor: string | null = null;
    do {
      const page = await trpcQuery(app.baseUrl, 'post.recent', { limit: 50, cursor });
      expect(page.status).toBe(200);
      posts.push(...page.json.result.data.posts);
      cursor = page.json.result.data.nextCursor;
    } while (cursor);
    return posts;
  }

  /** Posts a review with a photo through the REST API, as the Quick Post does; answers its post_id. */
  async function postReview(order: string, establishmentId: number): Promise<number> {
    const place = (await trpcQuery(app.baseUrl, 'place.byId', { establishment_id: establishmentId })).json.result.data.establishment;
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(await makePng(320))], { type: 'image/png' }), 'photo.png');
    form.append('data', JSON.stringify({ place_id: place.place_id, establishment_name: place.name, order, review: 'Posted while someone scrolled.', rating: 4 }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${poster.token}` },
      body: form,
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.post_id;
  }

  beforeAll(async () => {
    // The demo data (40 reviews with photos), as `pnpm demo` seeds it, before the API starts on it.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-feed-e2e-'));
    const seeded = spawnSync(process.execPath, [seedCli], { env: { ...process.env, DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false' }, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
    app = await startApp({ DATA_DIR: dataDir });
    browser = await launchBrowser();
    poster = await registerPerson(app.baseUrl, dataDir, {
      email: 'feed.poster@example.com',
      firstname: 'Fay',
      lastname: 'Poster',
      username: 'faypost',
      password: 'Secret123',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const open = (viewport = DESKTOP) => contexts.open(browser, app.baseUrl, viewport);
  const closeAll = () => contexts.closeAll();

  it('asks for 5 at first and shows them newest first, as the API lists them', async () => {
    const { page } = await open();
    const loads = watchRecentLoads(page);
    await openFeed(page, LIMITS.feedFirstPage);
    await page.waitForLoadState('networkidle');

    const newest = (await apiFeed()).slice(0, LIMITS.feedFirstPage);
    expect(await shownIds(page)).toEqual(newest.map((post) => post.post_id));
    expect(loads).toEqual([{ limit: LIMITS.feedFirstPage, cursor: null }]);

    // A card names the place (cut to 20 characters) and city, the order, the author and the date.
    const first = newest[0];
    const card = feedLinks(page).first();
    const text = await card.innerText();
    for (const part of [displayPlaceName(first.establishment_name), first.est_city, first.order, `@${first.username}`, formatPostDate(first.post_date)]) {
      expect(text).toContain(part);
    }
    expect(await card.getAttribute('href')).toBe(postPath(first.post_id));
    expect(await card.getByRole('img', { name: /out of 5 stars/ }).count()).toBe(1);
    await closeAll();
  });

  it('loads exactly 1 more each time the panel is scrolled to its end, and stops when none are left', async () => {
    const all = await apiFeed();
    expect(all.length).toBeGreaterThan(LIMITS.feedFirstPage + 2);
    const { page } = await open();
    const loads = watchRecentLoads(page);
    await openFeed(page, LIMITS.feedFirstPage);

    for (let shown = LIMITS.feedFirstPage; shown < all.length; shown++) {
      await scrollPanelToEnd(page);
      await expectCards(page, shown + 1);
      // One load per scroll: the new card pushed the end out of sight, so nothing else was asked.
      expect(loads).toHaveLength(1 + shown + 1 - LIMITS.feedFirstPage);
    }
    // The last post came with a cursor, so one more load finds nothing and the feed stops.
    await scrollPanelToEnd(page);
    await caughtUp(page).waitFor();
    expect(await feedLinks(page).count()).toBe(all.length);
    expect(await shownIds(page)).toEqual(all.map((post) => post.post_id));
    expect(loads[0]).toEqual({ limit: LIMITS.feedFirstPage, cursor: null });
    expect(loads.slice(1).every((load) => load.limit === LIMITS.feedNextPage && typeof load.cursor === 'string')).toBe(true);
    expect(loads).toHaveLength(1 + (all.length - LIMITS.feedFirstPage) + 1);

    const asked = loads.length;
    await scrollPanelToEnd(page);
    await panelScroller(page).evaluate((element) => element.scrollBy(0, -400));
    await scrollPanelToEnd(page);
    await page.waitForTimeout(300);
    expect(loads).toHaveLength(asked);
    await closeAll();
  });

  it('asks for 3 and then 1 per scroll in the Activity panel at 375 px, which fits the screen', async () => {
    const { page } = await open({ ...PHONE, height: 800 });
    const loads = watchRecentLoads(page);
    await openFeed(page, LIMITS.activityFirstPage, { activity: true });
    const all = await apiFeed();
    expect(await shownIds(page)).toEqual(all.slice(0, LIMITS.activityFirstPage).map((post) => post.post_id));

    for (let shown = LIMITS.activityFirstPage; shown < LIMITS.activityFirstPage + 2; shown++) {
      await scrollPanelToEnd(page);
      await expectCards(page, shown + 1);
    }
    expect(loads).toEqual([
      { limit: LIMITS.activityFirstPage, cursor: null },
      { limit: LIMITS.activityNextPage, cursor: expect.any(String) },
      { limit: LIMITS.activityNextPage, cursor: expect.any(String) },
    ]);
    expect(await shownIds(page)).toEqual(all.slice(0, LIMITS.activityFirstPage + 2).map((post) => post.post_id));

    // Nothing sticks out sideways; a card spans the sheet with its margins.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const card = (await feedLinks(page).first().boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
    await closeAll();
  });

  it('goes on exactly after the last card shown when a review is posted meanwhile: no duplicate, no gap', async () => {
    const { page } = await open();
    await openFeed(page, LIMITS.feedFirstPage);
    const before = await apiFeed();
    expect(await shownIds(page)).toEqual(before.slice(0, LIMITS.feedFirstPage).map((post) => post.post_id));

    const posted = await postReview('Cortado posted mid-scroll', before[0].establishment_id);
    for (let shown = LIMITS.feedFirstPage; shown < LIMITS.feedFirstPage + 2; shown++) {
      await scrollPanelToEnd(page);
      await expectCards(page, shown + 1);
    }
    // Skipping by count would have shown the fifth card again; the cursor goes on after it.
    expect(await shownIds(page)).toEqual(before.slice(0, LIMITS.feedFirstPage + 2).map((post) => post.post_id));

    // The new review leads the feed on the next visit.
    await page.reload();
    await expect.poll(async () => (await shownIds(page))[0], { timeout: 10_000 }).toBe(posted);
    await closeAll();
  });

  it('empties the list when a load fails, logs it, and Retry really loads it again', async () => {
    const { page } = await open();
    const loads = watchRecentLoads(page);
    const logged: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('support.clientLog')) logged.push(request.postData() ?? '');
    });
    const failure = page.getByRole('alert').filter({ hasText: 'Recent reviews could not be loaded.' });

    // The first load fails.
    await page.route(RECENT_REQUEST, (route) => route.abort('failed'));
    await page.goto('/');
    await failure.waitFor();
    expect(await feedList(page).count()).toBe(0);
    await expect.poll(() => logged.some((body) => body.includes('Recent posts load failed')), { timeout: 5_000 }).toBe(true);

    await page.unroute(RECENT_REQUEST);
    const asked = loads.length;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expectCards(page, LIMITS.feedFirstPage);
    expect(loads.slice(asked)).toEqual([{ limit: LIMITS.feedFirstPage, cursor: null }]);
    expect(await failure.count()).toBe(0);

    // A later load fails: the cards already shown go too (spec §8: the list empties).
    await page.route(RECENT_REQUEST, (route) => route.abort('failed'));
    await scrollPanelToEnd(page);
    await failure.waitFor();
    expect(await feedLinks(page).count()).toBe(0);

    // Retry starts again from the newest.
    await page.unroute(RECENT_REQUEST);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expectCards(page, LIMITS.feedFirstPage);
    expect(await shownIds(page)).toEqual((await apiFeed()).slice(0, LIMITS.feedFirstPage).map((post) => post.post_id));
    await closeAll();
  });

  it('opens a card as the full post in a dialog by click or keyboard; a modified click leaves it to the browser', async () => {
    const { page, context } = await open();
    await openFeed(page, LIMITS.feedFirstPage);
    const [first, second] = (await apiFeed()).slice(0, 2);

    await feedLinks(page).first().click();
    const dialog = page.getByRole('dialog', { name: first.order });
    await dialog.waitFor();
    expect(page.url()).toBe(`${app.baseUrl}/`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus is back on the card that opened it.
    expect(await feedLinks(page).first().evaluate((link) => link === document.activeElement)).toBe(true);

    await feedLinks(page).nth(1).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: second.order }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Ctrl+click opens the post's own page in a new tab, and no dialog here.
    const [tab] = await Promise.all([context.waitForEvent('page'), feedLinks(page).first().click({ modifiers: ['Control'] })]);
    await tab.waitForURL(`**/post/${first.post_id}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await closeAll();
  });
});
