import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@siplog/contracts';
import { expectAccessible, launchBrowser, OpenedContexts, signInContext, startApp, type RunningApp } from './harness';
import { ANN, BEN, makePng, registerPerson, seedPosts, storePhotos, trpcQuery, type Session } from './fixtures';
import { LOOP_PLACES, RIVER_NORTH_PLACE, seedPlaces } from './map-fixtures';

const [ROASTERS, TEA_HOUSE, BOBA] = LOOP_PLACES;
/** Answers can be slow on a busy 2-core machine: wait up to 10 s for what the screen shows. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Quick Post' });
const chipsIn = (scope: Locator) => scope.getByRole('list', { name: 'Drink details' }).first().getByRole('listitem').allTextContents();

describe('drink details, best orders, map filters and Want to try', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  const contexts = new OpenedContexts();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    await registerPerson(app.baseUrl, app.dataDir, BEN);
    (await seedPlaces(app.dataDir, LOOP_PLACES)).forEach((id, index) => (ids[LOOP_PLACES[index].name] = id));
    const photos = [...(await storePhotos(app.dataDir, 6)), ...(await storePhotos(app.dataDir, 2))];
    const at = (name: string) => ({ name, city: 'Chicago' });
    await seedPosts(app.dataDir, BEN.username, [
      ...[1, 2, 3, 4].map((n) => ({ order: n % 2 ? 'Matcha latte, 12 oz' : 'matcha latte (large)', review: 'Grassy.', rating: 5, place: at(TEA_HOUSE.name), images: [photos[n - 1]], minutesAgo: 100 + n })),
      ...[1, 2].map((n) => ({
        order: 'Chai',
        review: 'Spiced.',
        rating: 3,
        place: at(TEA_HOUSE.name),
        images: [photos[3 + n]],
        minutesAgo: 200 + n,
        drink: { kind: 'chai' as const, temperature: 'hot' as const, milk: 'oat' as const, sweetness: null, toppings: [] },
      })),
      { order: 'Taro slush', review: 'Too sweet.', rating: 3, place: at(BOBA.name), images: [photos[6]], minutesAgo: 300 },
      { order: 'Espresso', review: 'Bright.', rating: 5, place: at(ROASTERS.name), images: [photos[7]], minutesAgo: 400 },
    ]);
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  const open = async (session: Session | null, viewport?: { width: number; height: number }) => {
    const opened = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(opened.context, session);
    return opened.page;
  };

  it('records how the drink was taken in Quick Post, shows it as chips, and the author edits it', async () => {
    const page = await open(ann);
    await page.goto(`/view/${ids[ROASTERS.name]}`);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const drawer = drawerOf(page);
    await drawer.waitFor();
    await drawer.locator('input[type=file]').setInputFiles([{ name: 'cup.png', mimeType: 'image/png', buffer: await makePng(200) }]);
    await drawer.getByLabel('Order', { exact: true }).fill('Cortado on ice');
    // The details appear once a drink is chosen; every one is a toggle.
    expect(await drawer.getByRole('group', { name: 'Milk' }).count()).toBe(0);
    await drawer.getByLabel('Drink').selectOption({ label: 'Cortado' });
    await drawer.getByRole('group', { name: 'Temperature' }).getByRole('button', { name: 'Iced' }).click();
    const milk = drawer.getByRole('group', { name: 'Milk' });
    await milk.getByRole('button', { name: 'Whole milk' }).click();
    await milk.getByRole('button', { name: 'Oat milk' }).click();
    expect(await milk.getByRole('button', { name: 'Whole milk' }).getAttribute('aria-pressed')).toBe('false');
    await drawer.getByRole('group', { name: 'Sweetness' }).getByRole('button', { name: '25%' }).click();
    const toppings = drawer.getByRole('group', { name: 'Toppings' });
    await toppings.getByRole('button', { name: 'Aloe' }).click();
    await toppings.getByRole('button', { name: 'Aloe' }).click();
    await drawer.getByLabel('Review', { exact: true }).fill('Cold and balanced.');
    await drawer.getByRole('button', { name: 'Post review' }).click();
    const posted = page.getByRole('dialog', { name: REVIEW_MESSAGES.posted, exact: true });
    await posted.waitFor();
    await posted.getByRole('button', { name: 'Close' }).click();

    const card = page.getByRole('list', { name: 'Recent Reviews' }).getByRole('listitem').filter({ hasText: 'Cortado on ice' });
    await eventually(() => chipsIn(card)).toEqual(['Iced', 'Cortado', 'Oat milk', '25% sweet']);
    const { json } = await trpcQuery(app.baseUrl, 'post.byEstablishment', { establishment_id: ids[ROASTERS.name] });
    expect(json.result.data.posts[0].drink).toEqual({ kind: 'cortado', temperature: 'iced', milk: 'oat', sweetness: 25, toppings: [] });

    // The full post shows them too, and its Edit changes them.
    await card.getByRole('button').click();
    const full = page.locator('dialog.full-post-modal');
    await eventually(() => chipsIn(full)).toEqual(['Iced', 'Cortado', 'Oat milk', '25% sweet']);
    await full.getByRole('button', { name: 'Edit' }).click();
    await full.getByRole('group', { name: 'Milk' }).getByRole('button', { name: 'Whole milk' }).click();
    await full.getByRole('button', { name: 'Save' }).click();
    await eventually(() => chipsIn(full)).toEqual(['Iced', 'Cortado', 'Whole milk', '25% sweet']);
    await expectAccessible(page, 'full post with drink chips');
  });

  it("lists a place's best orders and narrows its reviews to one of them by a link", async () => {
    const page = await open(null);
    await page.goto(`/view/${ids[TEA_HOUSE.name]}`);
    const best = page.getByRole('region', { name: 'Best orders here' });
    await best.waitFor();
    const rows = best.locator('ol > li');
    await eventually(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toMatch(/Matcha latte.*5\.0.*4 reviews/);
    expect(await rows.nth(1).textContent()).toMatch(/Hot oat milk chai.*3\.0.*2 reviews/);
    await expectAccessible(page, 'place page with best orders');

    await rows.nth(1).getByRole('link', { name: '2 reviews of Hot oat milk chai' }).click();
    await page.waitForURL(/\?best=2$/);
    const narrowed = page.getByRole('list', { name: 'Reviews: Hot oat milk chai' });
    await eventually(() => narrowed.locator('.post-card').count()).toBe(2);
    // The chosen order keeps its count in view, with 'Show all' beside it (issue 26: the count turned into 'Show all').
    expect(await rows.nth(1).textContent()).toMatch(/Hot oat milk chai.*3\.0.*2 reviews.*Show all/);
    expect(await rows.nth(1).locator('[aria-current="true"]').innerText()).toBe('2 reviews');
    await rows.nth(1).getByRole('link', { name: /Show all reviews/ }).click();
    await eventually(() => page.getByRole('list', { name: 'Recent Reviews' }).locator('.post-card').count()).toBe(6);

    // A place with fewer than three reviews has no such list.
    await page.goto(`/view/${ids[BOBA.name]}`);
    await page.getByRole('list', { name: 'Recent Reviews' }).waitFor();
    expect(await page.getByRole('region', { name: 'Best orders here' }).count()).toBe(0);
  });

  it('filters the map to a kind and 4.5+, and a shared URL opens filtered', async () => {
    const page = await open(null);
    const listed = () => page.locator('.places-list__name').allTextContents();
    await page.goto('/?kind=boba');
    const filters = page.getByRole('group', { name: 'Filter places' });
    expect(await filters.getByRole('button', { name: 'Boba' }).getAttribute('aria-pressed')).toBe('true');
    await eventually(listed).toEqual([BOBA.name]);

    await filters.getByRole('button', { name: 'Tea' }).click();
    await page.waitForURL(/\?kind=tea$/);
    await eventually(listed).toEqual([TEA_HOUSE.name]);
    expect(await filters.getByRole('button', { name: 'Boba' }).getAttribute('aria-pressed')).toBe('false');

    await filters.getByRole('button', { name: 'Tea' }).click();
    await filters.getByRole('button', { name: 'Rated 4.5 or more' }).click();
    await page.waitForURL(/\?top=1$/);
    await eventually(listed).toEqual([ROASTERS.name]);

    // Shared: the same filters open from the link alone.
    const other = await open(null);
    await other.goto('/?kind=coffee&top=1');
    await eventually(() => other.locator('.places-list__name').allTextContents()).toEqual([ROASTERS.name]);
    await expectAccessible(other, 'map with filters');
  });

  it('keeps a Want to try list from the place page and the map, shown on My Log', async () => {
    const guest = await open(null);
    await guest.goto(`/view/${ids[BOBA.name]}`);
    await guest.getByRole('heading', { name: BOBA.name, level: 1 }).waitFor();
    expect(await guest.getByRole('button', { name: /Want to try/ }).count()).toBe(0);

    const page = await open(ann);
    await page.goto(`/view/${ids[BOBA.name]}`);
    const want = page.getByRole('button', { name: `Want to try ${BOBA.name}` });
    await eventually(() => want.getAttribute('aria-pressed')).toBe('false');
    await want.click();
    await eventually(() => want.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/mylog');
    const list = page.getByRole('list', { name: 'Want to try' });
    await list.getByText(BOBA.name).waitFor();
    await list.getByRole('link').first().click();
    await page.getByRole('heading', { name: BOBA.name, level: 1 }).waitFor();

    // On the map its pin is marked (the tooltip says so), and the place card says the same and takes it off.
    await page.goto('/');
    await page.locator('.map-view__loading').waitFor({ state: 'detached' });
    await page.locator('.places-list__item', { hasText: BOBA.name }).click();
    const popup = page.locator('.place-popup');
    await popup.getByRole('heading', { name: BOBA.name }).waitFor();
    await page.locator('.map-view:not([data-moving])').waitFor();
    const anchor = await page.locator('.map-popup').evaluate((element) => {
      const style = (element as HTMLElement).style;
      return { x: parseFloat(style.getPropertyValue('--popup-x')), y: parseFloat(style.getPropertyValue('--popup-y')) };
    });
    const mapBox = (await page.locator('.map-view').boundingBox())!;
    await popup.getByRole('button', { name: 'Close' }).click();
    await page.mouse.move(mapBox.x + anchor.x, mapBox.y + anchor.y);
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toContain('Want to try');
    await page.mouse.click(mapBox.x + anchor.x, mapBox.y + anchor.y);
    const popupWant = popup.getByRole('button', { name: `Want to try ${BOBA.name}` });
    await eventually(() => popupWant.getAttribute('aria-pressed')).toBe('true');
    await popupWant.click();
    await eventually(() => popupWant.getAttribute('aria-pressed')).toBe('false');
    await page.goto('/mylog');
    await page.getByText("Places you mark 'Want to try' on the map or a place's page show up here.").waitFor();
  });

  it("My Log's Want to try card of a place nobody rated reads 'Not rated yet', on one line and with no dangling dot", async () => {
    const [unrated] = await seedPlaces(app.dataDir, [RIVER_NORTH_PLACE]);
    const page = await open(ann);
    await page.goto(`/view/${unrated}`);
    const want = page.getByRole('button', { name: `Want to try ${RIVER_NORTH_PLACE.name}` });
    await eventually(() => want.getAttribute('aria-pressed')).toBe('false');
    await want.click();
    await eventually(() => want.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/mylog');
    const card = page.getByRole('list', { name: 'Want to try' }).getByRole('listitem').filter({ hasText: RIVER_NORTH_PLACE.name });
    const rating = card.locator('.place-rating');
    await rating.waitFor();
    expect((await rating.innerText()).trim()).toBe('Not rated yet');
    // One line: as tall as its text.
    const lineHeight = await rating.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await rating.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.goto(`/view/${unrated}`);
    await eventually(() => want.getAttribute('aria-pressed')).toBe('true');
    await want.click();
    await eventually(() => want.getAttribute('aria-pressed')).toBe('false');
  });

  it("suggests the place a photo was taken at from its GPS data ('Taken near X?')", async () => {
    // 41°52'49.8" N, 87°37'40.1" W: Loop Roasters' corner, with Pearl & Boba about 600 m off (too far).
    const gpsPhoto = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 80, b: 50 } } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 498/10', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 401/10' } })
      .toBuffer();
    const page = await open(ann);
    const lookups: { method: string; url: string }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('place.near')) lookups.push({ method: request.method(), url: request.url() });
    });
    await page.goto('/mylog');
    await page.getByRole('button', { name: 'Quick Post' }).click();
    const drawer = drawerOf(page);
    await drawer.waitFor();
    // A photo without GPS data suggests nothing.
    await drawer.locator('input[type=file]').setInputFiles([{ name: 'plain.png', mimeType: 'image/png', buffer: await makePng(120) }]);
    await drawer.getByRole('list', { name: 'Photos' }).getByRole('img').first().waitFor();
    await page.waitForTimeout(500);
    expect(await drawer.getByRole('group', { name: 'Places where your photo was taken' }).count()).toBe(0);

    await drawer.locator('input[type=file]').setInputFiles([{ name: 'IMG_2040.jpg', mimeType: 'image/jpeg', buffer: gpsPhoto }]);
    const suggestion = drawer.getByRole('button', { name: `Taken near ${ROASTERS.name}?` });
    await suggestion.waitFor();
    expect(await drawer.getByRole('group', { name: 'Places where your photo was taken' }).getByRole('button').count()).toBe(1);
    await suggestion.click();
    await drawer.getByRole('group', { name: 'Location' }).getByText(ROASTERS.name, { exact: true }).waitFor();
    expect(await suggestion.count()).toBe(0);
    // The point travelled in a POST body, never in a URL.
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) {
      expect(lookup.method).toBe('POST');
      expect(lookup.url).not.toMatch(/41\.88|87\.62/);
    }
  });
});
