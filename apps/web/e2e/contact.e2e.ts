import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@siplog/contracts';
import { launchBrowser, openPage, startApp, SUPPORT_EMAIL, type RunningApp } from './harness';

describe('contact page', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ page } = await openPage(browser, app.baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const send = () => page.getByRole('button', { name: 'Send Message' }).click();
  const alertText = () => page.getByRole('alert').textContent();

  it('shows the support address', async () => {
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor(); // the route is a lazy chunk: wait, never sample
    const direct = page.getByRole('main').getByRole('link', { name: SUPPORT_EMAIL });
    await direct.waitFor();
    expect(await direct.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(await page.getByRole('main').locator('a[href="/contact"]').count()).toBe(0);
  });

  it('without the support address shows no link in its place, and never one to the Contact page itself', async () => {
    const { context, page: offline } = await openPage(browser, app.baseUrl);
    let infoCalls = 0;
    await offline.route('**/trpc/support.info**', (route) => {
      infoCalls += 1;
      return route.abort('failed');
    });
    await offline.goto('/contact');
    await offline.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await expect.poll(() => infoCalls, { timeout: 5000 }).toBeGreaterThanOrEqual(2); // the query's one retry failed too
    const main = offline.getByRole('main');
    expect(await main.locator('a[href="/contact"]').count()).toBe(0);
    expect(await main.locator('a[href^="mailto:"]').count()).toBe(0);
    expect(await main.textContent()).not.toContain('write to us directly');

    await offline.goto('/privacy-policy');
    await offline.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await main.textContent()).toContain('please send a request to our support address.');
    expect(await main.locator('a', { hasText: 'our support address' }).count()).toBe(0);
    expect(await main.locator('a[href^="mailto:"]').count()).toBe(0);
    await context.close();
  });

  it('checks each field in the spec order, with the spec messages', async () => {
    await send();
    expect(await alertText()).toBe(CONTACT_MESSAGES.emailInvalid);

    const email = page.getByLabel('Email');
    await email.fill('ann@');
    await send();
    expect(await alertText()).toBe(CONTACT_MESSAGES.emailInvalid);
    expect(await email.inputValue()).toBe('');
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);

    await email.fill('Ann.Lee@Example.com');
    await send();
    expect(await alertText()).toBe(CONTACT_MESSAGES.firstNameRequired);

    await page.getByLabel('First name').fill('Ann');
    await send();
    expect(await alertText()).toBe(CONTACT_MESSAGES.lastNameRequired);

    await page.getByLabel('Last name').fill('Lee');
    const phone = page.getByLabel('Phone');
    expect(await phone.getAttribute('placeholder')).toBe(CONTACT_MESSAGES.phonePlaceholder);
    await phone.pressSequentially('512a555');
    expect(await phone.inputValue()).toBe('512-555');
    await send();
    expect(await alertText()).toBe(CONTACT_MESSAGES.phoneInvalid);

    await phone.pressSequentially('01999999');
    expect(await phone.inputValue()).toBe('512-555-0199');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await send();
    expect(await alertText()).toBe(CONTACT_MESSAGES.messageTooShort);
    expect(fs.readdirSync(path.join(app.dataDir, 'outbox'))).toHaveLength(0);
  });

  it('sends a valid message: success dialog, message box cleared, e-mail in the outbox', async () => {
    const message = 'Please add the new boba place on South Congress!';
    await page.getByLabel('Message', { exact: true }).fill(message);
    await send();

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: CONTACT_MESSAGES.sent.title }).waitFor();
    expect(await dialog.textContent()).toContain(CONTACT_MESSAGES.sent.body);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Email').inputValue()).toBe('Ann.Lee@Example.com');

    const outbox = path.join(app.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
    expect(eml).toContain(`To: ${SUPPORT_EMAIL}`);
    expect(eml).toContain(message);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the failure dialog and keeps the text when the server refuses', async () => {
    await page.route('**/trpc/support.contact**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '[{"error":{"message":"down","code":-32603,"data":{"code":"SERVICE_UNAVAILABLE","httpStatus":503}}}]' }),
    );
    await page.getByLabel('Message', { exact: true }).fill('This one should stay in the box.');
    await send();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: CONTACT_MESSAGES.failed.title }).waitFor();
    expect(await dialog.textContent()).toContain(CONTACT_MESSAGES.failed.body);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('This one should stay in the box.');
    await page.unroute('**/trpc/support.contact**');
  });
});
