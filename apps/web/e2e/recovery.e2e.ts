import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DIALOG_TITLES, FORGOT_PASSWORD_MESSAGES, LOGIN_MESSAGES } from '@siplog/contracts';
import { closeMessageDialog, expectMessageDialog } from './dialogs';
import { outboxFiles, registerPerson, waitForMail } from './fixtures';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './harness';

const PERSON = { email: 'rita.recover@example.com', firstname: 'Rita', lastname: 'Cover', username: 'ritacover', password: 'Secret12' };
const NEW_PASSWORD = 'Brand1234';

describe('account recovery with a temporary password, and deactivation', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let temporary = '';
  const pageErrors: string[] = [];

  const dialog = () => page.getByRole('dialog');
  const expectDialog = (title: string, body: string) => expectMessageDialog(page, title, body);
  const closeDialog = () => closeMessageDialog(page);
  async function logIn(password: string) {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(PERSON.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
  const storedSession = async () => JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, app.baseUrl));
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await registerPerson(app.baseUrl, app.dataDir, PERSON);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('signs in once with the mailed temporary password and asks for a new one on My Log', async () => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(PERSON.email);
    const known = outboxFiles(app.dataDir).length;
    await page.getByRole('button', { name: 'Email Password' }).click();
    await dialog().getByText(FORGOT_PASSWORD_MESSAGES.sentIfFound).waitFor();
    temporary = (await waitForMail(app.dataDir, PERSON.email, { after: known })).match(/temporary password is: (\S+)/)![1];
    await closeDialog();

    await logIn(temporary);
    await page.waitForURL('**/mylog');
    await expectDialog(AUTH_MESSAGES.chooseNewPassword.title, AUTH_MESSAGES.chooseNewPassword.body);
    await closeDialog();
    expect(await page.locator('details', { hasText: 'Change Password' }).getAttribute('open')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password-current');
    expect((await storedSession()).must_change_password).toBe(true);
  });

  it('takes the temporary password as the current one, stores the fresh token and stops asking', async () => {
    await page.getByLabel('Current password').fill(temporary);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expectDialog(DIALOG_TITLES.message, AUTH_MESSAGES.passwordChanged);
    await closeDialog();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    expect((await storedSession()).must_change_password).toBe(false);

    await page.reload();
    await page.getByRole('button', { name: 'edit' }).waitFor();
    expect(await dialog().count()).toBe(0);
  });

  it('refuses the spent temporary password and accepts the new one', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await logIn(temporary);
    await expectDialog(LOGIN_MESSAGES.failed.title, LOGIN_MESSAGES.failed.body);
    await closeDialog();
    await logIn(NEW_PASSWORD);
    await page.waitForURL('**/mylog');
  });

  it('deactivates the account after the password and a Yes, hides the profile, and a new sign-in brings it back', async () => {
    await page.getByRole('button', { name: 'edit' }).click();
    const section = page.locator('details', { hasText: 'Deactivate account' });
    await section.locator('summary').click();
    await section.getByLabel('Password').fill('WrongOne99');
    await section.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await expectDialog(DIALOG_TITLES.warning, AUTH_MESSAGES.oldPasswordWrong);
    await closeDialog();

    await section.getByLabel('Password').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog().getByRole('heading', { name: 'Deactivate your account?' }).waitFor();
    await dialog().getByRole('button', { name: 'No' }).click();
    expect(await page.url()).toMatch(/\/mylog$/);

    await section.getByLabel('Password').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog().getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/login');
    await expectDialog(DIALOG_TITLES.message, AUTH_MESSAGES.accountDeactivated);
    await closeDialog();
    expect(await storedSession()).toBeNull();

    await page.goto(`/user/${PERSON.username}`);
    await page.getByRole('heading', { name: 'No one here' }).waitFor();

    await logIn(NEW_PASSWORD);
    await page.waitForURL('**/mylog');
    await page.goto(`/user/${PERSON.username}`);
    await page.getByRole('heading', { name: 'Rita Cover' }).waitFor();
  });

  it('fits the edit settings on a 375 px screen', async () => {
    const { context: phone, page: phonePage } = await openPage(browser, app.baseUrl, PHONE);
    try {
      const session = await storedSession();
      await phonePage.goto('/login');
      await phonePage.evaluate((value) => localStorage.setItem('user', value), JSON.stringify(session));
      await phonePage.goto('/mylog');
      await phonePage.getByRole('button', { name: 'edit' }).click();
      await phonePage.locator('details', { hasText: 'Deactivate account' }).locator('summary').click();
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });

  it('raised no script errors along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
