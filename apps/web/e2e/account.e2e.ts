import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGES, LOGIN_MESSAGES, REGISTRATION_MESSAGES } from '@siplog/contracts';
import { closeMessageDialog, expectMessageDialog } from './dialogs';
import { codeFrom, outboxFiles, postJson, registerPerson, waitForMail } from './fixtures';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './harness';

const PASSWORD = 'Secret12';
const EMAIL = 'ann.lee@example.com';
/** An account that exists before the test joins, so its username is taken. */
const TAKEN = { email: 'brew.fan@example.com', username: 'brewfan' };

describe('accounts: join, logout, login and Email Password', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let oldToken = '';
  const pageErrors: string[] = [];

  const loadProfileStatus = async (token: string) => (await postJson(app.baseUrl, '/api/user/loadprofile', {}, token)).status;

  const storedSession = (target: Page = page) => target.evaluate(() => localStorage.getItem('user'));
  const alertText = (target: Page = page) => target.getByRole('alert').textContent();
  const dialog = (target: Page = page) => target.getByRole('dialog');

  const expectDialog = (title: string, body: string, target: Page = page) => expectMessageDialog(target, title, body);
  const closeDialog = (target: Page = page) => closeMessageDialog(target);
  const horizontalOverflow = (target: Page) =>
    target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, app.baseUrl));
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await registerPerson(app.baseUrl, app.dataDir, {
      email: TAKEN.email,
      firstname: 'Brew',
      lastname: 'Fan',
      username: TAKEN.username,
      password: PASSWORD,
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('joins in two steps: code by e-mail, then the details, and lands on /mylog signed in', async () => {
    await page.goto('/join');
    await page.getByRole('heading', { name: 'Join Siplog', level: 1 }).waitFor();

    // Step 1: only the e-mail, forced to lower case.
    const requestCode = page.getByRole('button', { name: 'Request Code' });
    await requestCode.click();
    expect(await alertText()).toBe(REGISTRATION_MESSAGES.emailInvalid);
    const email = page.getByLabel('Email', { exact: true });
    await email.pressSequentially('Ann.Lee@Example.com');
    expect(await email.inputValue()).toBe(EMAIL);
    const known = outboxFiles(app.dataDir).length;
    await requestCode.click();

    // Step 2: the e-mail is locked, the server's message shows.
    const details = page.getByRole('form', { name: 'Your details' });
    await details.waitFor();
    const code = codeFrom(await waitForMail(app.dataDir, EMAIL, { after: known }));
    expect(await page.locator('.join-notice').textContent()).toMatch(/code/i);
    expect(await email.inputValue()).toBe(EMAIL);
    expect(await email.isEditable()).toBe(false);
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');

    const register = page.getByRole('button', { name: 'Register' });
    await register.click();
    expect(await alertText()).toBe(REGISTRATION_MESSAGES.firstNameRequired);
    const firstName = page.getByLabel('First name');
    expect(await firstName.evaluate((element) => element === document.activeElement)).toBe(true);

    await firstName.fill('ann');
    await page.getByLabel('Last name').fill('lee');
    const phone = page.getByLabel('Phone');
    await phone.pressSequentially('512a5550199');
    expect(await phone.inputValue()).toBe('512-555-0199');
    const zip = page.getByLabel('Zip code');
    await zip.pressSequentially('787o012');
    expect(await zip.inputValue()).toBe('78701');
    await register.click();
    expect(await alertText()).toBe(REGISTRATION_MESSAGES.enterCode);

    // A wrong code first (the real one is case sensitive, so a swapped case is wrong too).
    const codeField = page.getByLabel('Verification code');
    const wrongCode = code === code.toLowerCase() ? `${code}x` : code.toLowerCase();
    await codeField.fill(wrongCode);
    expect(await codeField.inputValue()).toBe(wrongCode);

    // The username is checked as it is typed, forced to lower case.
    const username = page.getByLabel('Username');
    await username.pressSequentially('BrewFan');
    expect(await username.inputValue()).toBe(TAKEN.username);
    await page.getByText(REGISTRATION_MESSAGES.usernameTaken).waitFor();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(PASSWORD);
    await register.click();
    expect(await alertText()).toBe(REGISTRATION_MESSAGES.usernameTaken);
    await username.fill('');
    await username.pressSequentially('annlee');
    await page.getByText('@annlee is available').waitFor();

    await password.fill('secret');
    await register.click();
    expect(await alertText()).toBe(REGISTRATION_MESSAGES.weakPassword);
    await password.fill(PASSWORD);
    const yearOfBirth = page.getByLabel('Year of birth');
    const years = await yearOfBirth.locator('option').evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
    );
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(String(new Date().getFullYear() - 10));
    await yearOfBirth.selectOption('1990');

    // The server refuses the wrong code: its message once, at the code field, and nothing typed is lost.
    await register.click();
    expect(await alertText()).toBe(AUTH_MESSAGES.codeInvalid);
    expect(await dialog().count()).toBe(0);
    expect(await codeField.inputValue()).toBe(wrongCode);
    expect(await password.inputValue()).toBe(PASSWORD);
    expect(await firstName.inputValue()).toBe('ann');
    expect(await username.inputValue()).toBe('annlee');
    expect(await phone.inputValue()).toBe('512-555-0199');
    expect(await storedSession()).toBeNull();

    await codeField.fill(code);
    await password.fill(PASSWORD);
    await register.click();
    await page.waitForURL('**/mylog');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Hi Ann').waitFor();
    const session = JSON.parse((await storedSession())!);
    expect(session).toMatchObject({ status: 200, email: EMAIL, username: 'annlee', first_name: 'Ann', last_name: 'Lee' });
    oldToken = session.token;
    expect(await loadProfileStatus(oldToken)).toBe(200);
  });

  it('Logout clears the session, goes to /login and revokes the token', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    expect(await storedSession()).toBeNull();
    // The revoke runs in the background after the local sign-out.
    await expect.poll(() => loadProfileStatus(oldToken), { timeout: 5000, interval: 100 }).toBe(401);
  });

  it('logs in: empty fields warn, a wrong password fails, the right one opens /mylog', async () => {
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    await expectDialog(LOGIN_MESSAGES.invalidFields.title, LOGIN_MESSAGES.invalidFields.body);
    await closeDialog();

    const email = page.getByLabel('Email', { exact: true });
    await email.pressSequentially(' Ann.Lee @Example.com');
    expect(await email.inputValue()).toBe(EMAIL);
    await login.click();
    await expectDialog(LOGIN_MESSAGES.invalidFields.title, LOGIN_MESSAGES.invalidFields.body);
    await closeDialog();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Wrong1234');
    await login.click();
    await expectDialog(LOGIN_MESSAGES.failed.title, LOGIN_MESSAGES.failed.body);
    await closeDialog();
    expect(await storedSession()).toBeNull();

    // The visibility toggle.
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // Slow the answer down a little to see the progress message.
    await page.route('**/trpc/auth.login**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await password.fill(PASSWORD);
    await login.click();
    await dialog().getByText(LOGIN_MESSAGES.authenticating).waitFor();
    expect(await dialog().getByRole('progressbar').isVisible()).toBe(true);
    await page.waitForURL('**/mylog');
    await page.unroute('**/trpc/auth.login**');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Hi Ann').waitFor();
    expect(JSON.parse((await storedSession())!)).toMatchObject({ status: 200, email: EMAIL, first_name: 'Ann' });
    expect(await dialog().count()).toBe(0);
  });

  it('sends a signed-in visitor of /login (and /join) straight to /mylog', async () => {
    await page.goto('/login');
    await page.waitForURL('**/mylog');
    await page.goto('/join');
    await page.waitForURL('**/mylog');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Hi Ann').waitFor();
  });

  it("'Email Password' checks the e-mail, mails a temporary password once, and a repeat click shows the first message", async () => {
    const { context: guest, page: guestPage } = await openPage(browser, app.baseUrl);
    try {
      await guestPage.goto('/login');
      const emailPassword = guestPage.getByRole('button', { name: 'Email Password' });
      await emailPassword.click();
      expect(await alertText(guestPage)).toBe(FORGOT_PASSWORD_MESSAGES.emailRequired);
      const email = guestPage.getByLabel('Email', { exact: true });
      await email.fill('ann.lee@');
      await emailPassword.click();
      expect(await alertText(guestPage)).toBe(FORGOT_PASSWORD_MESSAGES.emailInvalid);

      await email.fill(EMAIL);
      const known = outboxFiles(app.dataDir).length;
      await emailPassword.click();
      await dialog(guestPage).getByText(FORGOT_PASSWORD_MESSAGES.sentIfFound).waitFor();
      const mail = await waitForMail(app.dataDir, EMAIL, { after: known });
      expect(mail).toMatch(/temporary password is: \S+/);
      await closeDialog(guestPage);

      const afterFirst = outboxFiles(app.dataDir).length;
      await emailPassword.click();
      await dialog(guestPage).getByText(FORGOT_PASSWORD_MESSAGES.sent).waitFor();
      await closeDialog(guestPage);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(outboxFiles(app.dataDir)).toHaveLength(afterFirst);
    } finally {
      await guest.close();
    }
  });

  it('fits a 375 px screen: /login, and both steps of /join', async () => {
    const { context: phone, page: phonePage } = await openPage(browser, app.baseUrl, PHONE);
    try {
      await phonePage.goto('/login');
      await phonePage.getByRole('button', { name: 'Login', exact: true }).waitFor();
      expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);

      await phonePage.goto('/join');
      await phonePage.getByLabel('Email', { exact: true }).fill('phone.check@example.com');
      expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
      await phonePage.getByRole('button', { name: 'Request Code' }).click();
      await phonePage.getByRole('form', { name: 'Your details' }).waitFor();
      await phonePage.getByLabel('Username').fill('phonecheck');
      expect(await horizontalOverflow(phonePage)).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });

  it('raised no script errors along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
