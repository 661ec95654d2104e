import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANN, DARK_MATTER, registerPerson, seedPlace, seedPosts, storePhotos, type Person, type Session } from './fixtures';
import { type ColorScheme, DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, type RunningApp, signInContext, startApp } from './harness';
import { LOOP_PLACES, seedPlaces } from './map-fixtures';

const ADMIN_PATH = 'theme-ops';
const DANA: Person = { email: 'dana.admin@example.com', firstname: 'Dana', lastname: 'Reyes', username: 'danareyes', password: 'Secret123' };

/** The theme <html> shows, and the page's background colour as painted. */
const shownTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const LIGHT_PAGE = 'rgb(247, 239, 230)';
const DARK_PAGE = 'rgb(22, 17, 13)';

/** Mean WCAG-style luminance (0 black … 1 white) of an element as painted. */
async function meanLuminance(page: Page, selector: string): Promise<number> {
  const { channels } = await sharp(await page.locator(selector).screenshot()).stats();
  const [r, g, b] = channels.map((channel) => channel.mean / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Chooses System, Light or Dark in the header's Theme menu (behind the menu button at 900 px or less). */
async function chooseTheme(page: Page, label: 'System' | 'Light' | 'Dark') {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

async function openHome(page: Page) {
  await page.goto('/');
  await page.locator('.map-view canvas').waitFor();
  await page.locator('.map-view__loading').waitFor({ state: 'detached' });
  await page.locator('.places-list__item', { hasText: LOOP_PLACES[0].name }).waitFor();
}

describe('the dark theme (issue 19)', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  let dana: Session;
  let placeId: number;
  let postId: number;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: DANA.email, ADMIN_PATH });
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
    placeId = await seedPlace(app.dataDir, DARK_MATTER);
    await seedPlaces(app.dataDir, LOOP_PLACES);
    const photos = await storePhotos(app.dataDir, 2);
    [postId] = await seedPosts(app.dataDir, ANN.username, [
      { order: 'Oat cortado', review: 'Balanced and silky.', rating: 4, place: { name: DARK_MATTER.name, city: DARK_MATTER.city }, images: photos, minutesAgo: 30, likes: 1 },
    ]);
  });
  afterEach(() => contexts.closeAll());
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  const open = async (colorScheme: ColorScheme, viewport = DESKTOP, session: Session | null = null) => {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport, { colorScheme });
    await signInContext(context, session);
    return page;
  };

  it('follows a dark system before any of the app runs, under the strict CSP', async () => {
    const page = await open('dark');
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) refused.push(message.text());
    });
    // Without the app's code only index.html's own inline script can set the theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/contact');
    expect(await shownTheme(page)).toBe('dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    expect(refused).toEqual([]);

    const light = await open('light');
    await light.route('**/assets/*.js', (route) => route.abort());
    await light.goto('/contact');
    expect(await shownTheme(light)).toBe('light');
    expect(await pageBackground(light)).toBe(LIGHT_PAGE);
  });

  it('switches with Light and Dark in the menu, remembers the choice over a reload, and System follows the system again', async () => {
    const page = await open('light');
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: /contact/i }).waitFor();
    expect(await shownTheme(page)).toBe('light');
    // System is the default, ticked.
    await page.getByRole('button', { name: 'Theme' }).click();
    expect(await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');

    await chooseTheme(page, 'Dark');
    expect(await shownTheme(page)).toBe('dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await page.reload();
    expect(await shownTheme(page)).toBe('dark');
    await page.getByRole('button', { name: 'Theme' }).click();
    expect(await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');

    // A dark system does not move a Light choice.
    await page.emulateMedia({ colorScheme: 'dark' });
    await chooseTheme(page, 'Light');
    expect(await shownTheme(page)).toBe('light');
    await page.reload();
    expect(await shownTheme(page)).toBe('light');
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);

    // System: the system's dark again, and its later changes while the page is open.
    await chooseTheme(page, 'System');
    expect(await shownTheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => shownTheme(page)).toBe('light');
    await page.reload();
    expect(await shownTheme(page)).toBe('light');
  });

  it('offers the choice signed in too, and in the folded menu at 375 px', async () => {
    const page = await open('light', PHONE, ann);
    await page.goto('/mylog');
    await page.getByRole('list', { name: 'Recent Orders' }).waitFor();
    await chooseTheme(page, 'Dark');
    expect(await shownTheme(page)).toBe('dark');
    // A choice closes the folded menu, as a link in it does (issue 26: it stayed open over the page), and the focus
    // goes back to the menu's button.
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.reload();
    expect(await shownTheme(page)).toBe('dark');
  });

  it('draws the embedded map dark in the dark theme, switches it live with the pins kept, and asks nothing of other hosts', async () => {
    const page = await open('dark');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await openHome(page);
    await page.waitForLoadState('networkidle');
    expect(requests.some((url) => url.includes('/api/map/style.json?theme=dark'))).toBe(true);
    expect(await meanLuminance(page, '.map-view')).toBeLessThan(0.25);

    await chooseTheme(page, 'Light');
    await expect.poll(() => requests.filter((url) => /\/api\/map\/style\.json$/.test(url)).length).toBe(1);
    await expect.poll(() => meanLuminance(page, '.map-view'), { timeout: 15_000 }).toBeGreaterThan(0.6);

    await chooseTheme(page, 'Dark');
    await expect.poll(() => meanLuminance(page, '.map-view'), { timeout: 15_000 }).toBeLessThan(0.25);
    // The pins are drawn on the new style: the list's place has its pin, which answers the pointer.
    const [place] = LOOP_PLACES;
    await page.locator('.places-list__item', { hasText: place.name }).click();
    const card = page.locator('.place-popup');
    await card.getByRole('heading', { name: place.name }).waitFor();
    await page.locator('.map-view:not([data-moving])').waitFor();
    const anchor = await page.locator('.map-popup').evaluate((element) => {
      const style = (element as HTMLElement).style;
      return { x: parseFloat(style.getPropertyValue('--popup-x')), y: parseFloat(style.getPropertyValue('--popup-y')) };
    });
    const map = (await page.locator('.map-view').boundingBox())!;
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
    await page.mouse.move(map.x + anchor.x, map.y + anchor.y);
    await page.getByRole('tooltip').filter({ hasText: place.name }).waitFor();

    const foreign = requests.filter((url) => !url.startsWith(app.baseUrl) && !/^(data|blob):/.test(url));
    expect(foreign).toEqual([]);
  });

  describe('axe-core finds nothing serious in the dark theme', () => {
    const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
    const screens: { name: string; path: () => string; session?: () => Session; ready: (page: Page) => Promise<void> }[] = [
      {
        name: 'map home',
        path: () => '/',
        ready: async (page) => {
          await page.locator('.places-list__item').first().waitFor({ state: 'attached' });
          await page.locator('.map-view__loading').waitFor({ state: 'detached' });
        },
      },
      { name: 'login', path: () => '/login', ready: (page) => heading(page, /log in/i) },
      { name: 'join', path: () => '/join', ready: (page) => heading(page, /join/i) },
      { name: 'contact', path: () => '/contact', ready: (page) => heading(page, /contact/i) },
      { name: 'terms', path: () => '/terms-of-service', ready: (page) => heading(page, 'Terms of Service') },
      { name: 'not found', path: () => '/no/such/page', ready: (page) => heading(page, 'This cup is empty') },
      { name: 'public profile', path: () => `/user/${ANN.username}`, ready: (page) => page.getByRole('list', { name: 'Recent Orders' }).waitFor() },
      { name: 'place page', path: () => `/view/${placeId}`, ready: (page) => page.getByRole('list', { name: 'Recent Reviews' }).waitFor() },
      { name: 'post page', path: () => `/post/${postId}`, ready: (page) => page.getByText('Balanced and silky.').waitFor() },
      { name: 'my log', path: () => '/mylog', session: () => ann, ready: (page) => page.getByRole('list', { name: 'Recent Orders' }).waitFor() },
      { name: 'notifications', path: () => '/notifications', session: () => ann, ready: (page) => heading(page, 'Notifications') },
      {
        name: 'admin logs with the date picker open',
        path: () => `/admin/${ADMIN_PATH}`,
        session: () => dana,
        ready: async (page) => {
          await page.getByRole('button', { name: 'FR Logs' }).click();
          await page.getByRole('region', { name: 'Foreclosure User Logs' }).waitFor();
          await page.getByLabel('Start date', { exact: true }).click();
          await page.locator('.react-datepicker').waitFor();
        },
      },
    ];

    for (const viewport of [DESKTOP, PHONE]) {
      const at = `${viewport.width} px`;
      for (const screen of screens) {
        it(`${screen.name} at ${at}`, async () => {
          const page = await open('dark', viewport, screen.session?.() ?? null);
          await page.goto(screen.path());
          await screen.ready(page);
          expect(await shownTheme(page)).toBe('dark');
          await expectAccessible(page, `${screen.name} at ${at}, dark`);
        });
      }

      it(`the Theme menu open, the full post dialog and Quick Post at ${at}`, async () => {
        const page = await open('dark', viewport, ann);
        await page.goto(`/view/${placeId}`);
        await page.getByRole('list', { name: 'Recent Reviews' }).waitFor();
        const toggle = page.getByRole('button', { name: 'Open menu' });
        if (await toggle.isVisible()) await toggle.click();
        await page.getByRole('button', { name: 'Theme' }).click();
        await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor();
        await expectAccessible(page, `Theme menu at ${at}, dark`);
        await page.keyboard.press('Escape');
        if (await toggle.isVisible()) await page.getByRole('button', { name: 'Close menu' }).click();

        await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('button', { name: /^Oat cortado at / }).click();
        const dialog = page.getByRole('dialog', { name: 'Oat cortado' });
        await dialog.getByText('Balanced and silky.').waitFor();
        await expectAccessible(page, `full post dialog at ${at}, dark`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Post', exact: true }).click();
        await page.getByRole('dialog', { name: 'Quick Post' }).getByText(DARK_MATTER.name).first().waitFor();
        await expectAccessible(page, `Quick Post drawer at ${at}, dark`);
      });
    }
  });
});
