/**
 * Screenshots of every screen in the dark theme (issue 19) at 1280 and 375 px: `npx tsx e2e/theme-screens.ts [out-dir]`
 * (build the API and the web app first; E2E_WEB_DIST and E2E_API_MAIN name other builds). The pages open with a dark
 * system colour scheme. Shoots the map home (with a place card), the place page, a review (page and dialog), a profile,
 * My Log (and its edit mode), notifications, login, join, contact, the legal pages, not found, the admin screen with
 * the date picker open, the Report dialog, Quick Post, the '…' menu, the Theme menu and the folded menu. Files are named
 * shots-dark-*.png. The other screenshot scripts take their screens in dark too with E2E_COLOR_SCHEME=dark.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ANN, BEN, DARK_MATTER, postJson, registerPerson, seedPlace, seedPosts, storePhotos, type Person } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, signInContext, startApp } from './harness';
import { LOOP_PLACES, seedPlaces } from './map-fixtures';

const outDir = path.resolve(process.argv[2] ?? '/tmp/siplog-dark-screens');
fs.mkdirSync(outDir, { recursive: true });
const ADMIN_PATH = 'dark-ops';
const DANA: Person = { email: 'dana.admin@example.com', firstname: 'Dana', lastname: 'Reyes', username: 'danareyes', password: 'Secret123' };

const app = await startApp({ ADMIN_EMAILS: DANA.email, ADMIN_PATH });
const browser = await launchBrowser();
try {
  const ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
  const ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
  const dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
  const placeId = await seedPlace(app.dataDir, DARK_MATTER);
  await seedPlaces(app.dataDir, LOOP_PLACES);
  const photos = await storePhotos(app.dataDir, 3);
  const place = { name: DARK_MATTER.name, city: DARK_MATTER.city };
  const [postId] = await seedPosts(app.dataDir, ANN.username, [
    { order: 'Oat cortado', review: 'Balanced and silky, with a cocoa finish.', rating: 4, place, images: [photos[0], photos[1]], minutesAgo: 30, likes: 2 },
    { order: 'Iced matcha', review: 'Grassy, not too sweet.', rating: 5, place, images: [photos[2]], minutesAgo: 90 },
    { order: 'Drip, Ethiopia', review: 'Bright and clean.', rating: 3, place: { name: LOOP_PLACES[0].name, city: 'Chicago' }, minutesAgo: 300 },
  ]);
  await postJson(app.baseUrl, '/api/user/followuser', { targetusername: ann.username }, ben.token);
  await postJson(app.baseUrl, '/api/post/addcomment', { postid: postId, email: ben.email, comment: `Looks great @${ann.username}!` }, ben.token);
  await postJson(app.baseUrl, '/api/user/updateprofiledetails', { gender: '', bio: 'Espresso nerd. Chicago.' }, ann.token);

  const shoot = screenshotTaker(outDir, { fullPage: true, settleMs: 300 });
  const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const name = (what: string) => `shots-dark-${label}-${what}`;
    const guest = await openPage(browser, app.baseUrl, viewport, { colorScheme: 'dark' });
    let page = guest.page;

    await page.goto('/');
    await page.locator('.map-view__loading').waitFor({ state: 'detached' });
    await page.locator('.places-list__item').first().waitFor({ state: 'attached' });
    await shoot(page, name('home'), false);
    // On a phone the list is in the Activity sheet: open it first.
    if (label === 'phone') {
      await page.getByRole('button', { name: /Activity/ }).click();
      await page.locator('.home-panel.is-open').waitFor();
      await shoot(page, name('home-activity'), false);
    }
    await page.locator('.places-list__item').first().click();
    await page.locator('.place-popup').waitFor();
    await page.locator('.map-view:not([data-moving])').waitFor();
    await shoot(page, name('home-place-card'), false);

    for (const [route, ready] of [
      ['/login', (p: Page) => heading(p, /log in/i)],
      ['/join', (p: Page) => heading(p, /join/i)],
      ['/contact', (p: Page) => heading(p, /contact/i)],
      ['/terms-of-service', (p: Page) => heading(p, 'Terms of Service')],
      ['/privacy-policy', (p: Page) => heading(p, 'Privacy Policy')],
      ['/no/such/page', (p: Page) => heading(p, 'This cup is empty')],
      [`/view/${placeId}`, (p: Page) => p.getByRole('list', { name: 'Recent Reviews' }).waitFor()],
      ['/view/chicago', (p: Page) => p.getByRole('link', { name: DARK_MATTER.name }).first().waitFor()],
      [`/post/${postId}`, (p: Page) => p.getByText('Balanced and silky').waitFor()],
      [`/user/${ann.username}`, (p: Page) => p.getByRole('list', { name: 'Recent Orders' }).waitFor()],
    ] as const) {
      await page.goto(route);
      await ready(page);
      await shoot(page, name(route.split('/').filter(Boolean).join('-') || 'root'));
    }

    // Menus: the folded menu (phone) and the Theme menu.
    await page.goto('/contact');
    await heading(page, /contact/i);
    if (label === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shoot(page, name('menu-open'), false);
    }
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor();
    await shoot(page, name('theme-menu'), false);
    await guest.context.close();

    // Signed in as Ann.
    const signedIn = await openPage(browser, app.baseUrl, viewport, { colorScheme: 'dark' });
    await signInContext(signedIn.context, ann);
    page = signedIn.page;
    await page.goto('/mylog');
    await page.getByRole('list', { name: 'Recent Orders' }).waitFor();
    await shoot(page, name('mylog'));
    await page.getByRole('button', { name: 'edit' }).click();
    await shoot(page, name('mylog-edit'));
    await page.goto('/notifications');
    await heading(page, 'Notifications');
    await page.locator('.notification').first().waitFor();
    await shoot(page, name('notifications'));

    await page.goto(`/view/${placeId}`);
    await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('button', { name: /^Oat cortado at / }).click();
    await page.getByRole('dialog', { name: 'Oat cortado' }).getByText('Balanced and silky').waitFor();
    await shoot(page, name('post-dialog'), false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('dialog', { name: 'Quick Post' }).getByText(DARK_MATTER.name).first().waitFor();
    await shoot(page, name('quick-post'), false);
    await page.keyboard.press('Escape');

    await page.goto(`/user/${BEN.username}`);
    await page.getByRole('button', { name: `More actions for @${BEN.username}` }).click();
    await page.getByRole('menu').waitFor();
    await shoot(page, name('more-menu'), false);
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: `Report @${BEN.username}` });
    await report.waitFor();
    await report.getByRole('radio').first().check();
    await shoot(page, name('report-dialog'), false);
    await report.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `More actions for @${BEN.username}` }).click();
    await page.getByRole('menuitem', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: `Block @${BEN.username}?` }).waitFor();
    await shoot(page, name('block-confirm'), false);
    await signedIn.context.close();

    // The admin screen, with the date picker open.
    const admin = await openPage(browser, app.baseUrl, viewport, { colorScheme: 'dark' });
    await signInContext(admin.context, dana);
    page = admin.page;
    await page.goto(`/admin/${ADMIN_PATH}`);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await shoot(page, name('admin'));
    await page.getByRole('button', { name: 'FR Logs' }).click();
    await page.getByRole('region', { name: 'Foreclosure User Logs' }).waitFor();
    await page.getByLabel('Start date', { exact: true }).click();
    await page.locator('.react-datepicker').waitFor();
    await shoot(page, name('admin-date-picker'), false);
    await admin.context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
