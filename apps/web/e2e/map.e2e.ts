import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, OpenedContexts, PHONE, startApp, type RunningApp } from './harness';
import { LIMITS, REVIEW_MESSAGES } from '@siplog/contracts';
import { registerPerson, type Person } from './fixtures';
import { RIVER_NORTH_PLACE, LOOP_PLACES, seedPlaces, WICKER_PARK_PLACE } from './map-fixtures';

const placesPanel = (page: Page) => page.getByRole('region', { name: 'Places in this area' });
const placeButton = (page: Page, name: string) => page.locator('.places-list__item', { hasText: name });
const popupCard = (page: Page) => page.locator('.place-popup');

/** Waits until the map has drawn its first view (the quiet loading layer is gone) and the list is filled. */
async function openHome(page: Page) {
  await page.goto('/');
  await page.locator('.map-view canvas').waitFor();
  await page.locator('.map-view__loading').waitFor({ state: 'detached' });
  await placeButton(page, LOOP_PLACES[0].name).waitFor();
}

/** Waits until the camera is still: MapView marks the map with data-moving from movestart to moveend. */
async function cameraSettled(page: Page) {
  await page.locator('.map-view:not([data-moving])').waitFor();
}

/** The zoom the camera last settled at (MapView's data-zoom). */
async function mapZoom(page: Page): Promise<number> {
  return page.locator('.map-view').evaluate((element) => Number((element as HTMLElement).dataset.zoom));
}

/** Where the card (and so the selected pin) sits on the map, in page pixels. */
async function popupAnchor(page: Page): Promise<{ x: number; y: number }> {
  const anchor = await page.locator('.map-popup').evaluate((element) => {
    const style = (element as HTMLElement).style;
    return { x: parseFloat(style.getPropertyValue('--popup-x')), y: parseFloat(style.getPropertyValue('--popup-y')) };
  });
  const map = (await page.locator('.map-view').boundingBox())!;
  return { x: map.x + anchor.x, y: map.y + anchor.y };
}

describe('map home', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts = new OpenedContexts();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const all = [...LOOP_PLACES, RIVER_NORTH_PLACE, WICKER_PARK_PLACE];
    (await seedPlaces(app.dataDir, all)).forEach((id, index) => (ids[all[index].name] = id));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const open = (viewport?: { width: number; height: number }) => contexts.open(browser, app.baseUrl, viewport);
  const closeAll = () => contexts.closeAll();

  it('draws the offline map with the places in view, and nothing leaves the box', async () => {
    const { page } = await open();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await openHome(page);
    await page.waitForLoadState('networkidle');

    for (const place of LOOP_PLACES) expect(await placeButton(page, place.name).isVisible()).toBe(true);
    expect(await placeButton(page, RIVER_NORTH_PLACE.name).count()).toBe(0);
    expect(await page.locator('.maplibregl-ctrl-attrib').innerText()).toContain('OpenStreetMap');
    const foreign = requests.filter((url) => !url.startsWith(app.baseUrl) && !/^(data|blob):/.test(url));
    expect(foreign).toEqual([]);
    expect(requests.some((url) => url.includes('/api/map/style.json'))).toBe(true);
    await closeAll();
  });

  it('opens the place card from a pin, and view goes to the place page', async () => {
    const { page } = await open();
    await openHome(page);
    const [place] = LOOP_PLACES;

    // The list selects a place on the map: its card sits on its pin, which tells where the pin is drawn.
    await placeButton(page, place.name).click();
    await popupCard(page).getByRole('heading', { name: place.name }).waitFor();
    await cameraSettled(page); // the camera glides to the place
    const pin = await popupAnchor(page);
    await popupCard(page).getByRole('button', { name: 'Close' }).click();
    await popupCard(page).waitFor({ state: 'detached' });

    await page.mouse.move(pin.x, pin.y);
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toContain(place.name);

    await page.mouse.click(pin.x, pin.y);
    await popupCard(page).getByRole('heading', { name: place.name }).waitFor();
    expect(await popupCard(page).innerText()).toContain(place.street);
    await popupCard(page).getByRole('link', { name: 'view' }).click();
    await page.waitForURL(`**/view/${ids[place.name]}`);
    await closeAll();
  });

  it('lets a signed-in person add a missing place by dropping a pin, with the address suggested', async () => {
    const person: Person = { email: 'pin.dropper@example.com', firstname: 'Pia', lastname: 'Dropper', username: 'piadrop', password: 'Secret123' };
    const session = await registerPerson(app.baseUrl, app.dataDir, person);
    const { page } = await open();
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), session);
    await openHome(page);

    await page.getByRole('button', { name: 'Add a place' }).click();
    const map = (await page.locator('.map-view').boundingBox())!;
    await page.mouse.click(map.x + map.width * 0.3, map.y + map.height * 0.75);
    const form = page.getByRole('form', { name: 'Add a place' });
    await form.waitFor();
    // City and state come from the nearest gazetteer city; nothing is typed for them.
    await expect.poll(() => form.getByLabel('City').inputValue()).toBe('Chicago');
    expect(await form.getByLabel('State').inputValue()).toBe('IL');

    // Without a name nothing is sent and the form says why.
    await form.getByRole('button', { name: 'Add place' }).click();
    expect((await form.getByRole('alert').innerText()).length).toBeGreaterThan(3);

    const name = 'Pin Drop <b>Café</b>';
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Street').fill('1 N Test Ave');
    await form.getByRole('button', { name: 'Add place' }).click();
    // The new place is selected on the map, its name shown as text.
    await popupCard(page).getByRole('heading', { name }).waitFor();
    expect(await popupCard(page).innerText()).toContain('1 N Test Ave, Chicago');
    await popupCard(page).getByRole('link', { name: 'view' }).click();
    await page.waitForURL(/\/view\/\d+$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await closeAll();
  });

  it('sends a guest who wants to Post to Login', async () => {
    const { page } = await open();
    await openHome(page);
    await placeButton(page, LOOP_PLACES[1].name).click();
    await popupCard(page).getByRole('button', { name: 'Post' }).click();
    const prompt = page.getByRole('dialog', { name: REVIEW_MESSAGES.loginToPost });
    await prompt.waitFor();
    await prompt.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await closeAll();
  });

  it('moves the map to a search result at the after-search zoom and opens it; an unknown term says Location not found', async () => {
    const { page } = await open();
    await openHome(page);
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.fill(RIVER_NORTH_PLACE.name);
    const option = page.getByRole('option', { name: new RegExp(RIVER_NORTH_PLACE.name) });
    await option.waitFor();
    await search.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await popupCard(page).getByRole('heading', { name: RIVER_NORTH_PLACE.name }).waitFor();
    await cameraSettled(page);
    expect(await mapZoom(page)).toBeCloseTo(LIMITS.mapZoomAfterSearch, 1);
    // The page moved the map, so it loads the new area by itself.
    await placeButton(page, RIVER_NORTH_PLACE.name).waitFor();

    // The debounced search says so where the results would be, before any Enter.
    await search.fill('zzqxv nowhere');
    const notFound = page.locator('.place-search').getByRole('status');
    await notFound.getByText('Location not found').waitFor();
    expect(await notFound.innerText()).toContain('Please try a different search term.');
    expect(await page.getByRole('option').count()).toBe(0);
    await search.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Location not found' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Please try a different search term.');
    await closeAll();
  });

  it('moves the map to a searched neighbourhood and links to its page, which lists its places', async () => {
    const { page } = await open();
    await openHome(page);
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.fill('Wicker Park');
    await page.getByRole('option', { name: /Wicker Park.*Area/ }).click();
    const link = page.getByRole('link', { name: 'See all places in Wicker Park' });
    await link.waitFor();
    await cameraSettled(page);
    expect(await mapZoom(page)).toBeCloseTo(LIMITS.mapZoomAfterSearch, 1);
    await placeButton(page, WICKER_PARK_PLACE.name).waitFor();

    await link.click();
    await page.waitForURL('**/view/wicker-park-il');
    await page.getByRole('heading', { level: 1, name: 'Wicker Park' }).waitFor();
    await page.getByRole('list', { name: 'Places in Wicker Park' }).getByText(WICKER_PARK_PLACE.name).waitFor();
    await closeAll();
  });

  it("offers 'Search this area' after a pan and loads that area's places", async () => {
    const { page } = await open();
    await openHome(page);
    const searchArea = page.getByRole('button', { name: 'Search this area' });
    expect(await searchArea.count()).toBe(0);

    // Drag the map down by 480 px (staying inside the window, where the button is released): River North comes into view.
    const map = (await page.locator('.map-view').boundingBox())!;
    const start = { x: map.x + map.width / 2, y: map.y + 150 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(start.x, start.y + step * 60, { steps: 3 });
    await page.mouse.up();

    await searchArea.waitFor();
    await searchArea.click();
    await placeButton(page, RIVER_NORTH_PLACE.name).waitFor();
    expect(await placeButton(page, LOOP_PLACES[0].name).count()).toBe(0);
    expect(await searchArea.count()).toBe(0);
    await closeAll();
  });

  it('hides the panel on a phone behind the Activity button, which slides it up and down', async () => {
    const { page } = await open(PHONE);
    await page.goto('/');
    await page.locator('.map-view__loading').waitFor({ state: 'detached' });
    const toggle = page.getByRole('button', { name: 'Activity', exact: true });
    const panel = page.getByRole('complementary', { name: 'Activity' });
    expect(await panel.isVisible()).toBe(false);
    await toggle.click();
    // A phone's view holds only the place nearest the centre.
    await placeButton(page, LOOP_PLACES[2].name).waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Close Activity' }).click();
    await panel.waitFor({ state: 'hidden' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await closeAll();
  });

  it('says so without WebGL and still lists the places nearby', async () => {
    const { page, context } = await open();
    await context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        if (kind === 'webgl2' || kind === 'webgl' || kind === 'experimental-webgl') return null;
        return (getContext as (...args: unknown[]) => unknown).call(this, kind, ...rest);
      } as typeof getContext;
    });
    await page.goto('/');
    await page.getByText('This browser cannot show the map').waitFor();
    await placeButton(page, LOOP_PLACES[0].name).waitFor();
    expect(await page.locator('.map-view canvas').count()).toBe(0);
    expect(await placesPanel(page).isVisible()).toBe(true);
    await closeAll();
  });

  /**
   * Makes the first `failures` URLs of the MapLibre engine chunk fail (every request for them: Vite's
   * modulepreload and the import itself ask for the chunk twice); answers the distinct URLs asked, in order.
   */
  const failEngineChunk = async (page: Page, failures: number) => {
    const urls: string[] = [];
    await page.route(/\/assets\/maplibre-engine-[^/]+\.js(\?.*)?$/, (route) => {
      const url = route.request().url();
      if (!urls.includes(url)) urls.push(url);
      return urls.indexOf(url) < failures ? route.abort('failed') : route.continue();
    });
    return urls;
  };

  it('retries a failed map engine download under a fresh URL, and the map still draws', async () => {
    const { page } = await open();
    const urls = await failEngineChunk(page, 2);
    await openHome(page);
    // The first try and a retry failed; a retry under the first URL would fail at once (the browser remembers the failure).
    expect(urls).toHaveLength(3);
    expect(urls[1]).toMatch(/\?retry=\d+$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    await closeAll();
  });

  it('says the map could not be loaded after 3 retries, and Retry really tries again', async () => {
    const { page } = await open();
    const urls = await failEngineChunk(page, 1 + LIMITS.mapScriptRetries);
    await page.goto('/');
    const failure = page.getByRole('alert').filter({ hasText: 'The map could not be loaded.' });
    await failure.waitFor();
    expect(urls).toHaveLength(1 + LIMITS.mapScriptRetries);

    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.map-view__loading').waitFor({ state: 'detached' });
    await page.locator('.map-view canvas').waitFor();
    expect(await failure.count()).toBe(0);
    expect(urls).toHaveLength(2 + LIMITS.mapScriptRetries);
    await closeAll();
  });

  it('says the map could not be loaded when its style fails, instead of loading forever; Retry draws it', async () => {
    const { page } = await open();
    await page.route('**/api/map/style.json', (route) => route.abort('failed'));
    await page.goto('/');
    const failure = page.getByRole('alert').filter({ hasText: 'The map could not be loaded.' });
    await failure.waitFor();
    expect(await page.locator('.map-view__loading').count()).toBe(0);

    await page.unroute('**/api/map/style.json');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.map-view__loading').waitFor({ state: 'detached' });
    await placeButton(page, LOOP_PLACES[0].name).waitFor();
    expect(await failure.count()).toBe(0);
    await closeAll();
  });
});
