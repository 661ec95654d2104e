/**
 * Screenshots of issue 26's screen fixes at 1280 and 375 px, light and dark: `npx tsx e2e/issue26-screens.ts [out-dir]`
 * (build the API and the web app first; E2E_WEB_DIST and E2E_API_MAIN name other builds). The map home offline (the
 * banner above its top bar), My Log's Want to try with a place nobody rated, the place page's photo strip and a chosen
 * best order, and (at 375 px) the page after a theme is chosen in the folded menu. Files are named
 * issue26-{theme}-{width}-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ANN, BEN, registerPerson, seedPosts, storePhotos } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, signInContext, startApp } from './harness';
import { LOOP_PLACES, RIVER_NORTH_PLACE, seedPlaces } from './map-fixtures';

const outDir = path.resolve(process.argv[2] ?? '/tmp/siplog-issue26-screens');
fs.mkdirSync(outDir, { recursive: true });
const TEA_HOUSE = LOOP_PLACES[1];

const app = await startApp();
const browser = await launchBrowser();
try {
  const ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
  await registerPerson(app.baseUrl, app.dataDir, BEN);
  const [, teaHouseId] = await seedPlaces(app.dataDir, LOOP_PLACES);
  const [unratedId] = await seedPlaces(app.dataDir, [RIVER_NORTH_PLACE]);
  const photos = await storePhotos(app.dataDir, 6);
  const at = { name: TEA_HOUSE.name, city: 'Chicago' };
  await seedPosts(app.dataDir, BEN.username, [
    ...[0, 1, 2].map((n) => ({ order: 'Matcha latte', review: 'Grassy and smooth.', rating: 5, place: at, images: [photos[n]], minutesAgo: 100 + n })),
    ...[3, 4, 5].map((n) => ({ order: 'Hojicha', review: 'Roasty.', rating: 4, place: at, images: [photos[n]], minutesAgo: 200 + n })),
  ]);

  const shoot = screenshotTaker(outDir, { fullPage: true, settleMs: 300 });
  for (const theme of ['light', 'dark'] as const) {
    for (const [label, viewport] of [['1280', DESKTOP], ['375', PHONE]] as const) {
      const name = (what: string) => `issue26-${theme}-${label}-${what}`;
      const { page, context } = await openPage(browser, app.baseUrl, viewport, { colorScheme: theme });
      await signInContext(context, ann);

      await page.goto('/');
      await page.locator('.map-view__loading').waitFor({ state: 'detached' });
      await context.setOffline(true);
      await page.getByRole('status').filter({ hasText: /You[’']re offline/ }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(outDir, `${name('home-offline')}.png`) });
      await context.setOffline(false);

      for (const id of [unratedId, teaHouseId]) {
        await page.goto(`/view/${id}`);
        const want = page.getByRole('button', { name: /^Want to try / });
        await want.waitFor();
        if ((await want.getAttribute('aria-pressed')) === 'false') await want.click();
        await page.getByRole('button', { name: /^Want to try /, pressed: true }).waitFor();
      }
      await page.goto('/mylog');
      await page.getByRole('list', { name: 'Want to try' }).getByText(RIVER_NORTH_PLACE.name).waitFor();
      await shoot(page, name('mylog'));

      await page.goto(`/view/${teaHouseId}`);
      await page.getByRole('region', { name: 'Best orders here' }).waitFor();
      await page.getByRole('link', { name: /^3 reviews of Hojicha/ }).click();
      await page.waitForURL(/best=2/);
      await shoot(page, name('place-best-order'));

      if (label === '375') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Theme' }).click();
        await page.getByRole('menuitemradio', { name: theme === 'light' ? 'Dark' : 'Light' }).click();
        await shoot(page, name('after-theme-choice'), false);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
