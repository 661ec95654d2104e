/**
 * Screenshots of issue 19's screens at 1280 and 375 px, light and dark: `npx tsx e2e/drink-screens.ts [out-dir]`
 * (build the API and the web app first; E2E_WEB_DIST and E2E_API_MAIN name other builds). The place page with best
 * orders and Want to try, the map filtered to boba, a review with drink chips, Quick Post with the drink picker and a
 * photo's 'Taken near X?', and My Log's Want to try carousel. Files are named drinks-{theme}-{width}-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Drink } from '@siplog/contracts';
import { ANN, BEN, postJson, registerPerson, seedPosts, storePhotos } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, signInContext, startApp } from './harness';
import { LOOP_PLACES, seedPlaces } from './map-fixtures';

const outDir = path.resolve(process.argv[2] ?? '/tmp/siplog-drink-screens');
fs.mkdirSync(outDir, { recursive: true });
const [ROASTERS, TEA_HOUSE, BOBA] = LOOP_PLACES;
const drink = (kind: Drink['kind'], extra: Partial<Drink> = {}): Drink => ({ kind, temperature: null, milk: null, sweetness: null, toppings: [], ...extra });

const app = await startApp();
const browser = await launchBrowser();
try {
  const ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
  await registerPerson(app.baseUrl, app.dataDir, BEN);
  const [roastersId, , bobaId] = await seedPlaces(app.dataDir, LOOP_PLACES);
  const photos = [...(await storePhotos(app.dataDir, 6)), ...(await storePhotos(app.dataDir, 6))];
  const at = (name: string) => ({ name, city: 'Chicago' });
  const brownSugar = drink('brown_sugar', { temperature: 'iced', milk: 'whole', sweetness: 50, toppings: ['tapioca_pearls'] });
  const [firstPost] = await seedPosts(app.dataDir, BEN.username, [
    { order: 'Brown sugar boba, 50% sweet', review: 'Warm pearls, tiger stripes all the way down.', rating: 5, place: at(BOBA.name), images: [photos[0]], minutesAgo: 10, drink: brownSugar },
    { order: 'Brown sugar boba', review: 'Still the best in the Loop.', rating: 5, place: at(BOBA.name), images: [photos[1]], minutesAgo: 50, drink: brownSugar },
    { order: 'Taro slush, large', review: 'Creamy, a little too sweet.', rating: 4, place: at(BOBA.name), images: [photos[2]], minutesAgo: 90 },
    { order: 'taro slush', review: 'Good texture.', rating: 4, place: at(BOBA.name), images: [photos[3]], minutesAgo: 120 },
    { order: 'Classic milk tea', review: 'Fine, nothing special.', rating: 3, place: at(BOBA.name), images: [photos[4]], minutesAgo: 150, drink: drink('classic_milk_tea', { sweetness: 25, toppings: ['pudding'] }) },
    { order: 'Oat cortado', review: 'Balanced.', rating: 5, place: at(ROASTERS.name), images: [photos[5]], minutesAgo: 200, drink: drink('cortado', { milk: 'oat' }) },
    { order: 'Matcha latte', review: 'Grassy.', rating: 4, place: at(TEA_HOUSE.name), images: [photos[6]], minutesAgo: 260, drink: drink('matcha', { temperature: 'iced', milk: 'oat' }) },
  ]);
  await postJson(app.baseUrl, '/api/place/wanttotry', { establishment_id: bobaId }, ann.token);
  await postJson(app.baseUrl, '/api/place/wanttotry', { establishment_id: roastersId }, ann.token);
  const gpsPhoto = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 100, b: 60 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 498/10', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 401/10' } })
    .toBuffer();

  const shoot = screenshotTaker(outDir, { fullPage: true, settleMs: 300 });
  for (const theme of ['light', 'dark'] as const) {
    for (const [label, viewport] of [['1280', DESKTOP], ['375', PHONE]] as const) {
      const name = (what: string) => `drinks-${theme}-${label}-${what}`;
      const { page, context } = await openPage(browser, app.baseUrl, viewport, { colorScheme: theme });
      await signInContext(context, ann);

      await page.goto(`/view/${bobaId}`);
      await page.getByRole('region', { name: 'Best orders here' }).waitFor();
      await page.locator('.post-card').first().waitFor();
      await shoot(page, name('place'));
      await page.getByRole('link', { name: /2 reviews of Iced whole milk brown sugar/ }).click();
      await page.waitForURL(/best=1/);
      await shoot(page, name('place-best-order'));

      await page.goto('/?kind=boba');
      await page.locator('.map-view__loading').waitFor({ state: 'detached' });
      await page.locator('.places-list__item').first().waitFor({ state: 'attached' });
      await shoot(page, name('map-boba'), false);

      await page.goto(`/post/${firstPost}`);
      await page.getByRole('list', { name: 'Drink details' }).first().waitFor();
      await shoot(page, name('post'));

      await page.goto('/mylog');
      await page.getByRole('list', { name: 'Want to try' }).waitFor();
      await shoot(page, name('mylog'));

      await page.getByRole('button', { name: 'Quick Post' }).click();
      const drawer = page.getByRole('dialog', { name: 'Quick Post' });
      await drawer.waitFor();
      await drawer.locator('input[type=file]').setInputFiles([{ name: 'IMG_2040.jpg', mimeType: 'image/jpeg', buffer: gpsPhoto }]);
      await drawer.getByRole('button', { name: /^Taken near / }).waitFor();
      await drawer.getByLabel('Drink').selectOption({ label: 'Cortado' });
      await drawer.getByRole('group', { name: 'Temperature' }).getByRole('button', { name: 'Iced' }).click();
      await drawer.getByRole('group', { name: 'Milk' }).getByRole('button', { name: 'Oat milk' }).click();
      await page.keyboard.press('Tab');
      await shoot(page, name('quick-post'), false);
      await drawer.locator('.quick-post__body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
      await shoot(page, name('quick-post-details'), false);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
