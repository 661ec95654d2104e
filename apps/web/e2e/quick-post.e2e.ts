import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, REVIEW_MESSAGES, shortFileName } from '@siplog/contracts';
import { launchBrowser, OpenedContexts, type RunningApp, signInContext, startApp } from './harness';
import { ANN, BEN, makePng, registerPerson, seedPlace, trpcQuery, type Session } from './fixtures';
import { LOOP_PLACES, seedPlaces } from './map-fixtures';

const QUIET_TEA = { name: 'Quiet Corner Tea', street: '1530 N Milwaukee Ave', city: 'Chicago', state: 'IL', zip: '60622', lat: 41.9091, lng: -87.6777 };
const PHONE_TALL = { width: 375, height: 800 };
const POST_URL = '**/api/post/addpostwithimages';

type Upload = { name: string; mimeType: string; buffer: Buffer };

const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Quick Post' });
const submitOf = (drawer: Locator) => drawer.getByRole('button', { name: /^(Post review|Posting…)$/ });
const alertOf = (drawer: Locator) => drawer.getByRole('alert');
const previewsOf = (drawer: Locator) => drawer.getByRole('list', { name: 'Photos' }).getByRole('img');
const photoInput = (drawer: Locator) => drawer.locator('input[type=file]');
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The generic message dialog with `title`, found by its name: the drawer is a dialog too and stays open under a
 * failure message.
 */
async function expectMessage(page: Page, title: string, body: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(body);
  return dialog;
}

async function closeMessage(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A PNG of random pixels: it does not compress, so it takes a while on a slow uplink. */
function noisePng(size: number): Promise<Buffer> {
  return sharp(crypto.randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

/** Chooses a place in the drawer's location search by typing part of its name. */
async function chooseLocation(drawer: Locator, typed: string, name: string) {
  await drawer.getByRole('combobox', { name: 'Location' }).fill(typed);
  await drawer.getByRole('option', { name: new RegExp(name) }).click();
  await drawer.getByRole('group', { name: 'Location' }).getByText(name, { exact: true }).waitFor();
}

/** Every upload request the page sends. */
function countUploads(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/api/post/addpostwithimages')) seen.count += 1;
  });
  return seen;
}

describe('Quick Post: the add-review drawer', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  let ben: Session;
  const contexts = new OpenedContexts();
  const ids: Record<string, number> = {};
  let photos: Upload[];
  let tmpDir: string;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    (await seedPlaces(app.dataDir, LOOP_PLACES)).forEach((id, index) => (ids[LOOP_PLACES[index].name] = id));
    ids[QUIET_TEA.name] = await seedPlace(app.dataDir, QUIET_TEA);
    photos = [
      { name: 'latte-art-morning.png', mimeType: 'image/png', buffer: await makePng(320, [181, 96, 42]) },
      { name: 'IMG_0042.png', mimeType: 'image/png', buffer: await makePng(320, [90, 130, 70]) },
    ];
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-quick-post-'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  /** A fresh browser context; signed in as `session` on every page load when given. */
  const open = async (session: Session | null, viewport?: { width: number; height: number }) => {
    const opened = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(opened.context, session);
    return opened;
  };
  const closeAll = () => contexts.closeAll();

  /** /mylog's 'Quick Post' button, then the drawer. */
  const openFromMyLog = async (page: Page) => {
    await page.goto('/mylog');
    await page.getByRole('button', { name: 'Quick Post' }).click();
    const drawer = drawerOf(page);
    await drawer.waitFor();
    return drawer;
  };

  /** A drawer filled with a place, two photos, an order and a review, ready to post. */
  const fillReview = async (drawer: Locator, order: string) => {
    await chooseLocation(drawer, 'Pearl', LOOP_PLACES[2].name);
    await photoInput(drawer).setInputFiles(photos);
    await drawer.getByLabel('Order', { exact: true }).fill(order);
    await drawer.getByLabel('Review', { exact: true }).fill('Chewy pearls, not too sweet.');
  };

  it("posts a review with two photos from the home page's quick post and lands on the place page with it", async () => {
    const { page } = await open(ann);
    const searches: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('place.search')) searches.push(Date.now());
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'quick post' }).click();
    const drawer = drawerOf(page);
    await drawer.waitFor();
    // The drawer slides in from the right edge.
    const box = (await drawer.boundingBox())!;
    await expect.poll(async () => Math.round((await drawer.boundingBox())!.x + box.width)).toBe(1280);

    // The search goes out once, no sooner than 500 ms after the typing stopped (spec §9).
    const search = drawer.getByRole('combobox', { name: 'Location' });
    const typedAt = Date.now();
    await search.fill('Loop Roas');
    const option = drawer.getByRole('option', { name: /Loop Roasters/ });
    await option.waitFor();
    expect(searches.length).toBe(1);
    expect(searches[0] - typedAt).toBeGreaterThanOrEqual(LIMITS.searchDebounceMs - 50);
    await option.click();
    const chosen = drawer.getByRole('group', { name: 'Location' });
    expect(await chosen.textContent()).toContain('120 S State St, Chicago, IL 60603, US');

    await photoInput(drawer).setInputFiles(photos);
    await expect.poll(() => previewsOf(drawer).count()).toBe(2);
    const photoList = drawer.getByRole('list', { name: 'Photos' });
    for (const photo of photos) expect(await photoList.textContent()).toContain(shortFileName(photo.name));
    expect(await photoList.textContent()).toContain('latte.png');
    await drawer.getByLabel('Order', { exact: true }).fill('Iced oat milk latte, extra shot');
    await drawer.getByLabel('Review', { exact: true }).fill('Silky, not too sweet, and the espresso really comes through.');

    // The stars are radio buttons: 5 by default, the arrow keys move the rating.
    const five = drawer.getByRole('radio', { name: '5 stars' });
    expect(await five.isChecked()).toBe(true);
    await five.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await drawer.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);

    await submitOf(drawer).click();
    await expectMessage(page, REVIEW_MESSAGES.posted, LOOP_PLACES[0].name);
    await page.waitForURL(`**/view/${ids[LOOP_PLACES[0].name]}`);
    await drawer.waitFor({ state: 'detached' });
    await closeMessage(page, REVIEW_MESSAGES.posted);
    const reviews = page.getByRole('list', { name: 'Recent Reviews' });
    await reviews.getByText('Iced oat milk latte, extra shot').waitFor();

    const stored = await trpcQuery(app.baseUrl, 'post.byEstablishment', { establishment_id: ids[LOOP_PLACES[0].name] });
    const [post] = stored.json.result.data.posts;
    expect(post).toMatchObject({ order: 'Iced oat milk latte, extra shot', rating: '4', username: ANN.username });
    expect(post.images).toHaveLength(2);
    await closeAll();
  });

  it("checks the fields in the spec's order with its messages, and the photos as soon as they are picked", async () => {
    const { page } = await open(ann);
    const uploads = countUploads(page);
    const drawer = await openFromMyLog(page);
    const submit = submitOf(drawer);

    await submit.click();
    expect(await alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.selectLocation);
    expect(await drawer.getByRole('combobox', { name: 'Location' }).getAttribute('aria-invalid')).toBe('true');

    // The person's recently reviewed places come first, before any search.
    const recent = drawer.getByRole('group', { name: 'Your recent places' });
    await recent.getByRole('option', { name: /Loop Roasters/ }).click();
    await submit.click();
    expect(await alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.enterOrder);
    await drawer.getByLabel('Order', { exact: true }).fill('Cortado');
    await submit.click();
    expect(await alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.enterReview);
    await drawer.getByLabel('Review', { exact: true }).fill('   ');
    await submit.click();
    expect(await alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.enterReview);
    await drawer.getByLabel('Review', { exact: true }).fill('Tiny but perfect.');
    await submit.click();
    expect(await alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.uploadOneImage);

    // A file that is not an image, then one of 50,000,000 bytes: refused when picked, nothing added.
    await photoInput(drawer).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect.poll(() => alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.invalidFileType);
    const huge = path.join(tmpDir, 'huge.png');
    const handle = fs.openSync(huge, 'w');
    fs.ftruncateSync(handle, LIMITS.reviewImageBytesMax);
    fs.closeSync(handle);
    await photoInput(drawer).setInputFiles(huge);
    await expect.poll(() => alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.fileTooLarge);
    expect(await previewsOf(drawer).count()).toBe(0);
    await submit.click();
    expect(await alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.uploadOneImage);

    // At most three photos; a removed one can be picked again.
    await photoInput(drawer).setInputFiles([...photos, { ...photos[0], name: 'third.png' }, { ...photos[1], name: 'fourth.png' }]);
    await expect.poll(() => previewsOf(drawer).count()).toBe(LIMITS.reviewImagesMax);
    expect(await photoInput(drawer).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Remove third.png' }).click();
    await expect.poll(() => previewsOf(drawer).count()).toBe(2);
    expect(await photoInput(drawer).count()).toBe(1);

    expect(uploads.count).toBe(0);
    await closeAll();
  });

  it('shows the upload progress, locks the form and sends once however often Post is pressed', async () => {
    const { context, page } = await open(ann);
    const uploads = countUploads(page);
    const drawer = await openFromMyLog(page);
    await fillReview(drawer, 'Brown sugar boba');
    await photoInput(drawer).setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: await noisePng(300) });

    // A slow uplink (about 40 KB/s), so the upload is caught part-way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 40 * 1024 });
    const submit = submitOf(drawer);
    await submit.click();
    const progress = drawer.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await drawer.textContent()).toMatch(/\d+%/);
    expect(await submit.textContent()).toBe('Posting…');
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    expect(await drawer.getByLabel('Order', { exact: true }).isDisabled()).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Close' }).isDisabled()).toBe(true);

    // A second press while uploading, and Escape, do nothing.
    await submit.click({ force: true });
    await page.keyboard.press('Escape');
    expect(await drawer.isVisible()).toBe(true);

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expectMessage(page, REVIEW_MESSAGES.posted, LOOP_PLACES[2].name);
    await page.waitForURL(`**/view/${ids[LOOP_PLACES[2].name]}`);
    await closeMessage(page, REVIEW_MESSAGES.posted);
    expect(uploads.count).toBe(1);
    const stored = await trpcQuery(app.baseUrl, 'post.byEstablishment', { establishment_id: ids[LOOP_PLACES[2].name] });
    expect(stored.json.result.data.posts.filter((post: { order: string }) => post.order === 'Brown sugar boba')).toHaveLength(1);
    await closeAll();
  });

  it("keeps every field when the server refuses the post, shows 'Invalid post' with its reason, and logs it", async () => {
    const { page } = await open(ann);
    const logged: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('support.clientLog')) logged.push(request.postData() ?? '');
    });
    const drawer = await openFromMyLog(page);
    await fillReview(drawer, 'Taro slush');
    // Says it is a PNG but is not a picture: the server cannot read it and refuses the whole post.
    await photoInput(drawer).setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expect.poll(() => previewsOf(drawer).count()).toBe(3);
    await submitOf(drawer).click();

    const failure = await expectMessage(page, REVIEW_MESSAGES.failed.title, REVIEW_MESSAGES.failed.body);
    expect(await failure.textContent()).toContain(REVIEW_MESSAGES.invalidFileType);
    await closeMessage(page, REVIEW_MESSAGES.failed.title);
    await expect.poll(() => logged.some((body) => body.includes(REVIEW_MESSAGES.failedLog))).toBe(true);

    // Nothing lost, the form unlocked, and the photos field says what was wrong.
    expect(await drawer.getByLabel('Order', { exact: true }).inputValue()).toBe('Taro slush');
    expect(await drawer.getByLabel('Review', { exact: true }).inputValue()).toBe('Chewy pearls, not too sweet.');
    expect(await drawer.getByRole('group', { name: 'Location' }).textContent()).toContain(LOOP_PLACES[2].name);
    expect(await previewsOf(drawer).count()).toBe(3);
    expect(await alertOf(drawer).textContent()).toBe(REVIEW_MESSAGES.invalidFileType);
    expect(await submitOf(drawer).getAttribute('aria-disabled')).toBe('false');
    expect(await drawer.getByLabel('Order', { exact: true }).isDisabled()).toBe(false);

    // A refusal without a reason of its own shows 'Invalid post' alone.
    await drawer.getByRole('button', { name: 'Remove broken.png' }).click();
    await page.route(POST_URL, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ status: 400, msg: 'Invalid post' }) }));
    await submitOf(drawer).click();
    const bare = await expectMessage(page, REVIEW_MESSAGES.failed.title, REVIEW_MESSAGES.failed.body);
    expect(await bare.locator('p').count()).toBe(1);
    await closeMessage(page, REVIEW_MESSAGES.failed.title);
    expect(await drawer.getByLabel('Order', { exact: true }).inputValue()).toBe('Taro slush');
    await page.unroute(POST_URL);
    await closeAll();
  });

  it('signs the person out when the upload is refused as unauthorised (401 or 403)', async () => {
    // Ben, not Ann: signing out revokes the session's token on the server.
    const { page } = await open(null);
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), ben);
    const drawer = await openFromMyLog(page);
    await fillReview(drawer, 'Matcha latte');
    await page.route(POST_URL, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ status: 401, msg: 'Please log in to continue.' }) }));
    await submitOf(drawer).click();
    await page.waitForURL('**/login');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await closeAll();
  });

  it("asks a guest to log in instead of opening the drawer ('Login to post a review')", async () => {
    const { page } = await open(null);
    await page.goto('/');
    await page.getByRole('button', { name: 'quick post' }).click();
    const prompt = page.getByRole('dialog', { name: REVIEW_MESSAGES.loginToPost });
    await prompt.waitFor();
    expect(await drawerOf(page).count()).toBe(0);
    await prompt.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await prompt.waitFor({ state: 'detached' });

    // The map card's 'Post' asks the same.
    await page.goto('/');
    await page.locator('.places-list__item', { hasText: LOOP_PLACES[1].name }).click();
    await page.locator('.place-popup').getByRole('button', { name: 'Post' }).click();
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Close' }).click();
    await prompt.waitFor({ state: 'detached' });
    await closeAll();
  });

  it('opens with the place chosen from a map card, a place page and a place without reviews', async () => {
    const { page } = await open(ann);
    await page.goto('/');
    const popup = page.locator('.place-popup');
    await page.locator('.places-list__item', { hasText: LOOP_PLACES[1].name }).click();
    await popup.getByRole('heading', { name: LOOP_PLACES[1].name }).waitFor();
    await popup.getByRole('button', { name: 'Post' }).click();
    const drawer = drawerOf(page);
    const chosen = drawer.getByRole('group', { name: 'Location' });
    await chosen.getByText(LOOP_PLACES[1].name, { exact: true }).waitFor();
    expect(await chosen.textContent()).toContain(LOOP_PLACES[1].street);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await popup.isVisible()).toBe(true);

    await page.goto(`/view/${ids[LOOP_PLACES[0].name]}`);
    await page.getByRole('list', { name: 'Recent Reviews' }).waitFor();
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await drawer.getByRole('group', { name: 'Location' }).getByText(LOOP_PLACES[0].name, { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'detached' });

    // Posting on a place without reviews lands back on it with the review shown.
    await page.goto(`/view/${ids[QUIET_TEA.name]}`);
    await page.getByRole('button', { name: 'Post Your Review!' }).click();
    await drawer.getByRole('group', { name: 'Location' }).getByText(QUIET_TEA.name, { exact: true }).waitFor();
    await photoInput(drawer).setInputFiles(photos[0]);
    await drawer.getByLabel('Order', { exact: true }).fill('Hojicha latte');
    await drawer.getByLabel('Review', { exact: true }).fill('Roasty and calm.');
    await submitOf(drawer).click();
    await expectMessage(page, REVIEW_MESSAGES.posted, QUIET_TEA.name);
    await closeMessage(page, REVIEW_MESSAGES.posted);
    await page.getByRole('list', { name: 'Recent Reviews' }).getByText('Hojicha latte').waitFor();
    await closeAll();
  });

  it('starts empty every time it opens, and frees the photo previews when it closes', async () => {
    const { page } = await open(ann);
    await page.addInitScript(() => {
      const live = new Set<string>();
      const create = URL.createObjectURL.bind(URL);
      const revoke = URL.revokeObjectURL.bind(URL);
      URL.createObjectURL = (object: Blob | MediaSource) => {
        const url = create(object);
        live.add(url);
        return url;
      };
      URL.revokeObjectURL = (url: string) => {
        live.delete(url);
        revoke(url);
      };
      Object.assign(window, { livePreviews: live });
    });
    const livePreviews = () => page.evaluate(() => (window as unknown as { livePreviews: Set<string> }).livePreviews.size);
    let drawer = await openFromMyLog(page);
    await chooseLocation(drawer, 'Wabash', LOOP_PLACES[1].name);
    await photoInput(drawer).setInputFiles(photos);
    await drawer.getByLabel('Order', { exact: true }).fill('Chai');
    await drawer.getByRole('radio', { name: '2 stars' }).check({ force: true });
    await expect.poll(livePreviews).toBe(2);
    await drawer.getByRole('button', { name: `Remove ${photos[0].name}` }).click();
    await expect.poll(livePreviews).toBe(1);

    // Escape in the search closes only its list; the drawer closes on the next Escape or Close.
    await drawer.getByRole('button', { name: /^Change location/ }).click();
    const search = drawer.getByRole('combobox', { name: 'Location' });
    await search.fill('Loop');
    await drawer.getByRole('listbox', { name: 'Places' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.getByRole('listbox', { name: 'Places' }).waitFor({ state: 'hidden' });
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(livePreviews).toBe(0);

    await page.getByRole('button', { name: 'Quick Post' }).click();
    drawer = drawerOf(page);
    await drawer.waitFor();
    expect(await drawer.getByRole('combobox', { name: 'Location' }).inputValue()).toBe('');
    expect(await drawer.getByLabel('Order', { exact: true }).inputValue()).toBe('');
    expect(await previewsOf(drawer).count()).toBe(0);
    expect(await drawer.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await closeAll();
  });

  it('fills a 375 px screen without sideways scrolling', async () => {
    const { page } = await open(ann, PHONE_TALL);
    await page.goto('/');
    await page.getByRole('button', { name: 'quick post' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const drawer = await openFromMyLog(page);
    await fillReview(drawer, 'A very long order: an iced oat milk latte with an extra shot, vanilla and a little cinnamon on top');
    await expect.poll(() => previewsOf(drawer).count()).toBe(2);
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.width)).toBe(PHONE_TALL.width);
    const sideways = await drawer.evaluate((dialog) =>
      [dialog, ...Array.from(dialog.querySelectorAll('form, header, footer, fieldset, .quick-post__body'))].some((element) => element.scrollWidth > element.clientWidth + 1),
    );
    expect(sideways).toBe(false);
    const right = await drawer.evaluate((dialog) => Math.max(...Array.from(dialog.querySelectorAll('*')).map((element) => element.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(PHONE_TALL.width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await closeAll();
  });
});
