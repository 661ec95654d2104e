/** Takes desktop and 375 px screenshots of every built screen: `pnpm --filter @siplog/web screenshots [out-dir]`. */
import path from 'node:path';
import { registerPerson, SCREENSHOT_PERSON, seedPosts } from './fixtures';
import { DESKTOP, PHONE, launchBrowser, openPage, screenshotTaker, startApp } from './harness';

const routes = ['/login', '/join', '/contact', '/terms-of-service', '/privacy-policy', '/no-such-page'];
const outDir = path.resolve(process.argv[2] ?? '/tmp/siplog-screens');

const app = await startApp();
const browser = await launchBrowser();
try {
  const ann = await registerPerson(app.baseUrl, app.dataDir, SCREENSHOT_PERSON);
  await seedPosts(app.dataDir, ann.username, [
    { order: 'Iced oat milk latte', review: 'Silky and strong.', rating: 5, place: { name: 'Zhi Tea', city: 'Austin' }, minutesAgo: 30 },
    { order: 'Brown sugar boba', review: 'Warm chewy pearls.', rating: 4, place: { name: 'Tapioca House', city: 'Austin' }, minutesAgo: 300 },
  ]);

  const shoot = screenshotTaker(outDir, { settleMs: 0 });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    for (const route of routes) {
      await page.goto(route);
      await shoot(page, `${label}${route.replace(/\//g, '_')}`);
    }

    await page.goto(`/user/${ann.username}`);
    await page.getByRole('heading', { name: 'Ann Lee' }).waitFor();
    await shoot(page, `${label}_user_${ann.username}`);

    if (label === 'phone') {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shoot(page, `${label}_menu-open`);
      await page.evaluate((session) => localStorage.setItem('user', JSON.stringify(session)), ann);
      await page.reload();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shoot(page, `${label}_menu-open-signed-in`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
