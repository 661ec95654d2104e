import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './harness';

describe('header menu', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const menuLabels = ['map', 'Login', 'Join'];

  it('shows the signed-out menu inline on a wide screen', async () => {
    const { page, context } = await openPage(browser, app.baseUrl, { width: 901, height: 700 });
    await page.goto('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Join', exact: true }).waitFor();
    for (const label of menuLabels) expect(await nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await context.close();
  });

  for (const viewport of [{ width: 900, height: 700 }, PHONE]) {
    it(`collapses behind a menu button at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(browser, app.baseUrl, viewport);
      await page.goto('/contact');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      expect(await nav.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      for (const label of menuLabels) expect(await nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
      await nav.getByRole('link', { name: 'map' }).click();
      expect(await nav.isVisible()).toBe(false);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  it('folds the open menu again on Escape, on a click outside it and on navigation', async () => {
    const { page, context } = await openPage(browser, app.baseUrl, PHONE);
    await page.goto('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = page.locator('button[aria-controls="site-menu"]');
    const open = async () => {
      await toggle.click();
      await nav.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    };
    const expectFolded = async () => {
      await nav.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    };

    await open();
    await page.keyboard.press('Escape');
    await expectFolded();
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

    await open();
    const menuBox = (await nav.boundingBox())!; // the open menu covers the top of the page
    await page.mouse.click(menuBox.x + 20, menuBox.y + menuBox.height + 40);
    await expectFolded();

    await open();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL('**/terms-of-service');
    await expectFolded();
    await open();
    await page.goBack(); // a navigation inside the app, not a click
    await page.waitForURL('**/contact');
    await expectFolded();

    await open();
    await page.getByRole('link', { name: 'Siplog home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectFolded();
    await context.close();
  });

  it('names each screen in the browser tab', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    const titles: Array<[string, string]> = [
      ['/login', 'Log in · Siplog'],
      ['/join', 'Join Siplog · Siplog'],
      ['/contact', 'Contact Us · Siplog'],
      ['/terms-of-service', 'Terms of Service · Siplog'],
      ['/privacy-policy', 'Privacy Policy · Siplog'],
      ['/user/nobody-here', '@nobody-here · Siplog'],
      ['/no-such-page', 'Page not found · Siplog'],
    ];
    for (const [route, title] of titles) {
      await page.goto(route);
      await expect.poll(() => page.title()).toBe(title);
    }
    // Moving inside the app renames the tab too.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect.poll(() => page.title()).toBe('Contact Us · Siplog');
    await context.close();
  });

  it('shows the signed-in menu with the greeting, and Logout goes to /login', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    await page.goto('/contact');
    await page.evaluate(() =>
      localStorage.setItem('user', JSON.stringify({ status: 200, token: 't', first_name: 'Ann', email: 'ann@example.com' })),
    );
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Hi Ann').waitFor();
    expect(await nav.getByRole('link', { name: 'My Log' }).isVisible()).toBe(true);
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('signs out at once while the server revokes the token it held in the background', async () => {
    const { page, context } = await openPage(browser, app.baseUrl);
    await page.goto('/contact');
    await page.evaluate(() =>
      localStorage.setItem('user', JSON.stringify({ status: 200, token: 'held-token', first_name: 'Ann', email: 'ann@example.com' })),
    );
    await page.reload();
    let releaseRevoke = () => {};
    const revokeAuthorization = new Promise<string | undefined>((resolve) => {
      void page.route('**/trpc/auth.logout**', async (route) => {
        resolve(route.request().headers().authorization);
        // The server "hangs": the person must not wait for it.
        await new Promise<void>((release) => (releaseRevoke = release));
        await route.fulfill({ status: 401, contentType: 'application/json', body: '{}' });
      });
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login', { timeout: 2000 });
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await nav.getByRole('link', { name: 'Login' }).waitFor({ timeout: 2000 });
    expect(await revokeAuthorization).toBe('Bearer held-token');
    releaseRevoke();
    await context.close();
  });
});
