/**
 * Screenshots of the profile screens at 1280 and 375 px: `npx tsx e2e/profile-screens.ts [out-dir]`
 * (build the API and the web app first). Registers two people, gives them reviews and follows, then
 * shoots /mylog (view, edit, lists, a post), /user/{username}, /user/name/{name} and the empty states.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { followPlace, makePng, postJson, registerPerson, SCREENSHOT_PERSON, seedPosts, storeImage, type SeedPost } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, startApp } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(process.argv[2] ?? '/tmp/siplog-profile-screens');
fs.mkdirSync(outDir, { recursive: true });

/** Demo drink photos from the API's seed renderer when it is built; plain gradients otherwise. */
async function drinkPhoto(kind: string, seed: number): Promise<{ full: Buffer; thumb: Buffer }> {
  try {
    const { renderDrinkPhoto } = createRequire(import.meta.url)(path.resolve(here, '../../api/dist/seed/demo-images.js'));
    const png: Buffer = await renderDrinkPhoto(kind, seed);
    return {
      full: await sharp(png).resize(1200).webp().toBuffer(),
      thumb: await sharp(png).resize(400).webp().toBuffer(),
    };
  } catch {
    const png = await makePng(240, [120 + seed * 20, 80, 40]);
    return { full: png, thumb: png };
  }
}

const app = await startApp();
const browser = await launchBrowser();
try {
  const ann = await registerPerson(app.baseUrl, app.dataDir, SCREENSHOT_PERSON);
  const ben = await registerPerson(app.baseUrl, app.dataDir, {
    email: 'ben.ortiz@example.com',
    firstname: 'Ben',
    lastname: 'Ortiz',
    username: 'benortiz',
    password: 'Secret123',
  });

  // Ben gets a profile picture through the real upload.
  const form = new FormData();
  form.append('data', JSON.stringify({ email: ben.email, filetype: 'image' }));
  form.append('file', new Blob([new Uint8Array(await makePng(256, [60, 110, 90]))], { type: 'image/png' }), 'ben.png');
  await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: { Authorization: `Bearer ${ben.token}` }, body: form });

  const kinds = ['coffee', 'boba', 'matcha', 'tea', 'cold-brew', 'coffee', 'boba'];
  const images: string[] = [];
  for (const [index, kind] of kinds.entries()) {
    const photo = await drinkPhoto(kind, index + 1);
    images.push(await storeImage(app.dataDir, photo.full, photo.thumb));
  }
  const posts: SeedPost[] = [
    { order: 'Iced oat milk latte, extra shot', review: 'Silky, not too sweet, and the espresso really comes through. My go-to before work.', rating: 5, place: { name: 'Figure 8 Coffee Purveyors', city: 'Austin' }, images: [images[0]], minutesAgo: 30, likes: 2 },
    { order: 'Brown sugar boba milk tea, 50% sweet', review: 'Pearls were warm and chewy. A little long wait on a Saturday.', rating: 5, place: { name: 'Tapioca House', city: 'Austin' }, images: [images[1], images[6]], minutesAgo: 300, likes: 1 },
    { order: 'Ceremonial matcha, oat milk', review: 'Bright and grassy. Would order again.', rating: 4, place: { name: 'Matcha Cafe Maiko', city: 'Austin' }, images: [images[2]], minutesAgo: 2000 },
    { order: 'Earl Grey crème', review: 'Lovely bergamot aroma and a gentle foam on top.', rating: 5, place: { name: 'Zhi Tea', city: 'Austin' }, images: [images[3]], minutesAgo: 5000 },
    { order: 'Nitro cold brew', review: 'Smooth, chocolatey, dangerous.', rating: 3, place: { name: 'Houndstooth Coffee on North Lamar Boulevard', city: 'Austin' }, images: [images[4]], minutesAgo: 9000 },
    { order: 'Cortado', review: 'Tiny but perfect.', rating: 5, place: { name: 'Merit Coffee', city: 'San Antonio' }, images: [images[5]], minutesAgo: 12000 },
  ];
  await seedPosts(app.dataDir, ann.username, posts);
  await followPlace(app.dataDir, ann.username, 'Zhi Tea');
  for (const [who, target] of [
    [ann, ben.username],
    [ben, ann.username],
  ] as const) {
    await postJson(app.baseUrl, '/api/user/followuser', { targetusername: target }, who.token);
  }
  await postJson(app.baseUrl, '/api/user/updatecurrentfavorder', { current_fav_order: 'Hojicha latte with oat milk, less ice' }, ben.token);

  const shoot = screenshotTaker(outDir);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    await page.goto('/user/name/Ann Lee');
    await shoot(page, `${label}-byname-signed-out`);
    await page.evaluate((session) => localStorage.setItem('user', JSON.stringify(session)), ann);

    await page.goto('/mylog');
    await page.getByRole('heading', { name: 'Ann Lee' }).waitFor();
    await shoot(page, `${label}-mylog`, true);

    await page.getByRole('button', { name: 'edit' }).click();
    await page.getByText('Change Password').click();
    await page.locator('summary', { hasText: 'Deactivate account' }).click();
    await shoot(page, `${label}-mylog-edit`, true);
    await page.getByRole('button', { name: 'done' }).click();

    await page.getByRole('button', { name: /following/ }).click();
    await page.getByPlaceholder('search friends').fill('ben');
    await page.getByRole('list', { name: 'Search results' }).waitFor();
    await shoot(page, `${label}-mylog-following`);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /followers/ }).click();
    await shoot(page, `${label}-mylog-followers`);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('list', { name: 'Recent Orders' }).getByRole('button').nth(1).click();
    await shoot(page, `${label}-post-detail`);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/user/${ben.username}`);
    await page.getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    await shoot(page, `${label}-user`, true);

    await page.goto('/user/name/Ben Ortiz');
    await page.getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    await shoot(page, `${label}-byname`);

    await page.goto('/user/nobody-here');
    await shoot(page, `${label}-user-missing`);

    await page.evaluate((session) => localStorage.setItem('user', JSON.stringify(session)), ben);
    await page.goto('/mylog');
    await page.getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    await shoot(page, `${label}-mylog-ben`, true);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
