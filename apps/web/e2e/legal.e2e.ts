import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, startApp, type RunningApp } from './harness';

const TERMS_SECTIONS = [
  'acceptance', 'eligibility', 'use', 'prohibited-use', 'user-materials', 'third-parties', 'intellectual-property',
  'advertisement-terms', 'feedback', 'deactivation', 'indemnification', 'no-warranties', 'liability', 'general',
  'communications', 'refund', 'arbitration', 'privacy',
];

describe('footer and legal pages', () => {
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

  const footerLink = (name: string) => page.getByRole('contentinfo').getByRole('link', { name, exact: true });

  it('links Contact, Terms and Privacy from the footer of every page', async () => {
    await page.goto('/contact');
    await footerLink('Terms').click();
    await page.waitForURL('**/terms-of-service');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await footerLink('Privacy').click();
    await page.waitForURL('**/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await footerLink('Contact').click();
    await page.waitForURL('**/contact');
  });

  it('has every section of the terms, in order, last updated 1 August 2025', async () => {
    await page.goto('/terms-of-service');
    // Each screen is its own chunk: wait for the page before reading it.
    await page.locator('.legal-page section[id]').first().waitFor();
    const ids = await page.locator('section[id]').evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids).toEqual(TERMS_SECTIONS);
    const text = (await page.locator('.legal-page').textContent()) ?? '';
    expect(text).toContain('Last updated: 1 August 2025');
    expect(text).toMatch(/at least 18/);
    expect(text).toMatch(/Texas/);
    expect(text).toMatch(/\$0\.01/);
    expect(text).toMatch(/class action/i);
  });

  it('links the terms to /contact and /privacy-policy', async () => {
    await page.goto('/terms-of-service');
    await page.locator('.legal-page a[href="/privacy-policy"]').first().click();
    await page.waitForURL('**/privacy-policy');
    await page.goto('/terms-of-service');
    await page.locator('.legal-page a[href="/contact"]').first().click();
    await page.waitForURL('**/contact');
  });

  it('links the privacy policy to /contact and says data is not sold', async () => {
    await page.goto('/privacy-policy');
    await page.locator('.legal-page a[href="/contact"]').first().waitFor();
    const text = (await page.locator('.legal-page').textContent()) ?? '';
    expect(text).toMatch(/not sell/i);
    await page.locator('.legal-page a[href="/contact"]').first().click();
    await page.waitForURL('**/contact');
  });

  it('shows a not-found page for an unknown route, with the header and footer, and HTTP 404', async () => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This cup is empty' }).waitFor();
    await footerLink('Contact').waitFor();
  });
});
