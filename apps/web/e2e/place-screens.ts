/**
 * Screenshots of the place screens at 1280 and 375 px: `npx tsx e2e/place-screens.ts [out-dir]` (build the API and
 * the web app first). Seeds Chicago places with reviews and photos, then shoots /view/{id} (with its followers list
 * and a review), the empty place, not-found, /view/{area}, /view/location/{slug}, /testfeed, and a public profile
 * (/user/{username}) with its followers and following lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { followPlace, makePng, postJson, registerPerson, SCREENSHOT_PERSON, seedPlace, seedPosts, storeImage } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, startApp } from './harness';

const outDir = path.resolve(process.argv[2] ?? '/tmp/siplog-place-screens');
fs.mkdirSync(outDir, { recursive: true });

const app = await startApp();
const browser = await launchBrowser();
try {
  const ann = await registerPerson(app.baseUrl, app.dataDir, SCREENSHOT_PERSON);
  const hues: Array<[number, number, number]> = [[181, 96, 42], [90, 130, 70], [60, 90, 160], [140, 60, 90], [200, 170, 80]];
  const photos: string[] = [];
  for (const hue of hues) photos.push(await storeImage(app.dataDir, await makePng(480, hue)));
  const darkMatter = await seedPlace(app.dataDir, { name: 'Dark Matter Coffee', street: '1805 W Chicago Ave', city: 'Chicago', state: 'IL', zip: '60622', country: 'US', lat: 41.8963, lng: -87.6727 });
  const quiet = await seedPlace(app.dataDir, { name: 'Quiet Corner Tea', street: '1530 N Milwaukee Ave', city: 'Chicago', state: 'IL', zip: '60622', lat: 41.9091, lng: -87.6777 });
  await seedPlace(app.dataDir, { name: 'Intelligentsia Coffee Wicker Park Coffeebar', street: '1850 W North Ave', city: 'Chicago', state: 'IL', zip: '60622', lat: 41.9104, lng: -87.6741 });
  await seedPosts(app.dataDir, ann.username, [
    { order: 'Unicorn Blood espresso, double', review: 'Fruity, wild and very bright.', rating: 5, place: { name: 'Dark Matter Coffee', city: 'Chicago' }, images: [photos[0], photos[1]], minutesAgo: 5, likes: 1 },
    { order: 'Oat cortado', review: 'Balanced and bold.', rating: 4, place: { name: 'Dark Matter Coffee', city: 'Chicago' }, images: [photos[2]], minutesAgo: 60 },
    { order: 'Pour over, Ethiopia', review: 'Clean.', rating: 4, place: { name: 'Intelligentsia Coffee Wicker Park Coffeebar', city: 'Chicago' }, images: [photos[3], photos[4]], minutesAgo: 30 },
  ]);
  await followPlace(app.dataDir, ann.username, 'Dark Matter Coffee');
  await followPlace(app.dataDir, ann.username, 'Intelligentsia Coffee Wicker Park Coffeebar');
  // Ben follows Ann and she follows him back: her public profile has both lists, seen by Ben (with follow buttons).
  const ben = await registerPerson(app.baseUrl, app.dataDir, { email: 'ben.ortiz@example.com', firstname: 'Ben', lastname: 'Ortiz', username: 'benortiz', password: 'Secret123' });
  await postJson(app.baseUrl, '/api/user/followuser', { targetusername: ann.username }, ben.token);
  await postJson(app.baseUrl, '/api/user/followuser', { targetusername: ben.username }, ann.token);
  await postJson(app.baseUrl, '/api/user/updateprofiledetails', { gender: '', bio: 'Espresso nerd. Chicago.' }, ann.token);

  const shoot = screenshotTaker(outDir, { fullPage: true });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    await page.goto(`/view/${darkMatter}`);
    await page.getByRole('list', { name: 'Recent Reviews' }).waitFor();
    await shoot(page, `${label}-place`);
    await page.getByRole('button', { name: /followers?$/ }).click();
    await page.getByRole('dialog', { name: 'followers' }).getByRole('link').first().waitFor();
    await shoot(page, `${label}-place-followers`, false);
    await page.keyboard.press('Escape');
    await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('button').first().click();
    await shoot(page, `${label}-place-review`, false);
    await page.keyboard.press('Escape');
    await page.goto(`/view/${quiet}`);
    await shoot(page, `${label}-place-empty`);
    await page.goto('/view/987654');
    await shoot(page, `${label}-place-missing`);
    await page.goto('/view/chicago');
    await page.getByRole('heading', { name: 'Chicago', level: 1 }).waitFor();
    await shoot(page, `${label}-area`);
    await page.goto('/view/location/dark-matter-coffee-chicago');
    await shoot(page, `${label}-place-by-location`, false);
    await page.goto('/testfeed');
    await page.getByRole('article').waitFor();
    await shoot(page, `${label}-testfeed`);
    await page.evaluate((session) => localStorage.setItem('user', JSON.stringify(session)), ann);
    await page.goto(`/view/${darkMatter}`);
    await page.getByRole('button', { name: /^unfollow / }).waitFor();
    await shoot(page, `${label}-place-signed-in`, false);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    await page.getByRole('link', { name: /^Share / }).click();
    await page.getByText('Link copied').waitFor();
    await shoot(page, `${label}-place-link-copied`, false);

    await page.evaluate((session) => localStorage.setItem('user', JSON.stringify(session)), ben);
    await page.goto(`/user/${ann.username}`);
    await page.getByRole('button', { name: `unfollow @${ann.username}` }).waitFor();
    await shoot(page, `${label}-profile`);
    for (const list of ['followers', 'following']) {
      await page.getByRole('button', { name: new RegExp(`${list}$`) }).click();
      const dialog = page.getByRole('dialog', { name: list });
      await dialog.getByRole('listitem').first().waitFor();
      await shoot(page, `${label}-profile-${list}`, false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
