import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ANN, BEN, DARK_MATTER, registerPerson, seedPlace, seedPosts, storePhotos, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, type RunningApp, signInContext, startApp } from './harness';
import { LOOP_PLACES, seedPlaces } from './map-fixtures';

/**
 * axe-core on every screen the browser tests visit, signed out and in, at desktop width and at 375 px: no serious
 * or critical violation (issue 11). Each screen is checked once its content is in place.
 */
describe('accessibility (axe-core): every screen, desktop and 375 px', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  let placeId: number;
  let postId: number;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    await registerPerson(app.baseUrl, app.dataDir, BEN);
    placeId = await seedPlace(app.dataDir, DARK_MATTER);
    await seedPlaces(app.dataDir, LOOP_PLACES);
    const photos = await storePhotos(app.dataDir, 3);
    const place = { name: DARK_MATTER.name, city: DARK_MATTER.city };
    [postId] = await seedPosts(app.dataDir, ANN.username, [
      { order: 'Oat cortado', review: 'Balanced and silky.', rating: 4, place, images: [photos[0], photos[1]], minutesAgo: 30, likes: 2 },
      { order: 'Iced matcha', review: 'Grassy, not too sweet.', rating: 5, place, images: [photos[2]], minutesAgo: 60 },
    ]);
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  const open = async (viewport: { width: number; height: number }, session: Session | null): Promise<Page> => {
    await contexts.closeAll();
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  };
  const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

  /** Each screen: where it is, and what shows once its content is in (lazy chunks and data both). */
  const screens: { name: string; path: () => string; signedIn?: boolean; ready: (page: Page) => Promise<void> }[] = [
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
    { name: 'privacy', path: () => '/privacy-policy', ready: (page) => heading(page, 'Privacy Policy') },
    { name: 'not found', path: () => '/no/such/page', ready: (page) => heading(page, 'This cup is empty') },
    { name: 'public profile', path: () => `/user/${ANN.username}`, ready: (page) => page.getByRole('list', { name: 'Recent Orders' }).waitFor() },
    { name: 'profile by name, signed out', path: () => '/user/name/Ann Lee', ready: (page) => heading(page, /log in/i) },
    { name: 'profile by name', path: () => '/user/name/Ann Lee', signedIn: true, ready: (page) => page.getByRole('list', { name: 'Recent Orders' }).waitFor() },
    { name: 'place page', path: () => `/view/${placeId}`, ready: (page) => page.getByRole('list', { name: 'Recent Reviews' }).waitFor() },
    { name: 'area page', path: () => '/view/chicago', ready: (page) => page.getByRole('link', { name: DARK_MATTER.name }).first().waitFor() },
    { name: 'post page', path: () => `/post/${postId}`, ready: (page) => page.getByText('Balanced and silky.').waitFor() },
    { name: 'my log', path: () => '/mylog', signedIn: true, ready: (page) => page.getByRole('list', { name: 'Recent Orders' }).waitFor() },
    { name: 'test feed', path: () => '/testfeed', ready: (page) => heading(page, /.+/) },
  ];

  for (const viewport of [DESKTOP, PHONE]) {
    const at = `${viewport.width} px`;

    for (const screen of screens) {
      it(`${screen.name} at ${at}`, async () => {
        const page = await open(viewport, screen.signedIn ? ann : null);
        await page.goto(screen.path());
        await screen.ready(page);
        await expectAccessible(page, `${screen.name} at ${at}`);
      });
    }

    it(`the full post dialog, from the place page, at ${at}`, async () => {
      const page = await open(viewport, ann);
      await page.goto(`/view/${placeId}`);
      await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('button', { name: /^Oat cortado at / }).click();
      await page.getByRole('dialog', { name: 'Oat cortado' }).getByText('Balanced and silky.').waitFor();
      await expectAccessible(page, `full post dialog at ${at}`);
    });

    it(`the Quick Post drawer, from the place page, at ${at}`, async () => {
      const page = await open(viewport, ann);
      await page.goto(`/view/${placeId}`);
      await page.getByRole('list', { name: 'Recent Reviews' }).waitFor();
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await page.getByRole('dialog', { name: 'Quick Post' }).getByText(DARK_MATTER.name).first().waitFor();
      await expectAccessible(page, `Quick Post drawer at ${at}`);
    });
  }

  // The menu folds behind a button at 900 px or less.
  for (const viewport of [{ width: 900, height: 700 }, PHONE]) {
    it(`the folded menu, opened, at ${viewport.width} px`, async () => {
      const page = await open(viewport, null);
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await expectAccessible(page, `open menu at ${viewport.width} px`);
    });
  }
});
