/** Takes desktop and 375 px screenshots of every built screen: `pnpm --filter @siplog/web screenshots [out-dir]`. */
import path from 'node:path';
import { DESKTOP, PHONE, launchBrowser, openPage, startApp } from './harness';

const routes = ['/login', '/join', '/contact', '/terms-of-service', '/privacy-policy', '/no-such-page'];
const outDir = path.resolve(process.argv[2] ?? '/tmp/siplog-screens');

const app = await startApp();
const browser = await launchBrowser();
try {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    for (const route of routes) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const name = `${label}${route.replace(/\//g, '_')}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: false });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
