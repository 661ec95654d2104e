import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DIALOG_TITLES, LOGIN_MESSAGES, SAFETY_MESSAGES } from '@siplog/contracts';
import { unzip } from '../../api/src/test/zip';
import { closeMessageDialog, expectMessageDialog } from './dialogs';
import { postJson, registerPerson, seedPosts, storePhotos, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, startApp, type RunningApp } from './harness';

const KEEPER: Person = { email: 'kim.keeper@example.com', firstname: 'Kim', lastname: 'Keeper', username: 'kimkeeper', password: 'Secret123' };
const LEAVER: Person = { email: 'lou.leaver@example.com', firstname: 'Lou', lastname: 'Leaver', username: 'louleaver', password: 'Secret123' };
/** Screenshots of edit mode with the new sections: OWN_DATA_SHOTS=dir to keep them somewhere else. */
const shotsDir = process.env.OWN_DATA_SHOTS ?? path.join(os.tmpdir(), 'siplog-own-data-shots');

/** Every entry of a zip file by name (the API tests' reader). */
function unzipFile(file: string): Promise<Map<string, Buffer>> {
  return unzip(fs.readFileSync(file));
}

/** Issue 17 in the browser: My Log's 'Download my data' and 'Delete my account'. */
describe('own your data: download and delete from My Log', () => {
  let app: RunningApp;
  let browser: Browser;
  let keeper: Session;
  let leaver: Session;
  let photos: string[];
  const contexts = new OpenedContexts();

  async function editMode(session: Session, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    await page.goto('/mylog');
    await page.getByRole('button', { name: 'edit' }).click();
    return page;
  }
  const section = (page: Page, title: string) => page.locator('details', { has: page.locator('summary', { hasText: title }) });

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    keeper = await registerPerson(app.baseUrl, app.dataDir, KEEPER);
    leaver = await registerPerson(app.baseUrl, app.dataDir, LEAVER);
    photos = await storePhotos(app.dataDir, 3);
    await seedPosts(app.dataDir, KEEPER.username, [
      { order: 'Cortado', review: 'Silky and strong', rating: 5, place: { name: 'Dark Matter', city: 'Chicago', street: '738 N Western Ave' }, images: photos.slice(0, 2), minutesAgo: 30 },
      { order: 'Jasmine milk tea', review: 'Just sweet enough', rating: 4, place: { name: 'Boba Bar', city: 'Chicago' }, images: photos.slice(2), minutesAgo: 10 },
    ]);
    await seedPosts(app.dataDir, LEAVER.username, [{ order: 'Matcha', review: 'Grassy', rating: 3, place: { name: 'Boba Bar', city: 'Chicago' }, minutesAgo: 5 }]);
    expect((await postJson(app.baseUrl, '/api/user/followuser', { targetusername: LEAVER.username }, keeper.token)).status).toBe(200);
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it('downloads the data as the server made it, under its file name, with every file inside', async () => {
    const page = await editMode(keeper);
    const download = section(page, 'Download my data');
    await download.locator('summary').click();
    const button = download.getByRole('button', { name: 'Download my data' });
    const [saved] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(saved.suggestedFilename()).toBe(`siplog-${KEEPER.username}-${new Date().toISOString().slice(0, 10)}.zip`);
    const file = path.join(os.tmpdir(), `own-data-${process.pid}.zip`);
    await saved.saveAs(file);
    await download.getByRole('status').filter({ hasText: 'is saved to your downloads' }).waitFor();
    expect(await button.isEnabled()).toBe(true);

    const entries = await unzipFile(file);
    fs.rmSync(file, { force: true });
    expect([...entries.keys()].sort()).toEqual(
      ['README.txt', 'comments.json', 'fediverse.json', 'followers.json', 'following.json', 'hours-changes.json', 'likes.json', 'profile.json', 'reviews.json', 'want-to-try.json', ...photos.map((name) => `photos/${name}`)].sort(),
    );
    const read = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
    expect(read('profile.json')).toMatchObject({ username: KEEPER.username, email: KEEPER.email, first_name: 'Kim', last_name: 'Keeper' });
    expect(read('reviews.json')).toMatchObject([
      { order: 'Cortado', review: 'Silky and strong', rating: 5, place: { name: 'Dark Matter', address: '738 N Western Ave, Chicago, TX 78701' }, photos: photos.slice(0, 2).map((name) => `photos/${name}`) },
      { order: 'Jasmine milk tea', rating: 4, place: { name: 'Boba Bar' }, photos: [`photos/${photos[2]}`] },
    ]);
    expect(read('following.json')).toMatchObject({ people: [{ username: LEAVER.username }], places: [] });
    expect(read('followers.json')).toEqual([]);
    expect(read('want-to-try.json')).toEqual([]);
    expect(read('hours-changes.json')).toEqual([]);
    expect(read('fediverse.json')).toEqual({ followers: [], following: [] });
    expect(read('comments.json')).toEqual([]);
    expect(read('likes.json')).toEqual([]);
    expect(entries.get('README.txt')!.toString()).toContain('reviews.json');
    for (const name of photos) {
      expect(entries.get(`photos/${name}`)!.equals(fs.readFileSync(path.join(app.dataDir, 'media', 'postimages', name))), name).toBe(true);
    }
  });

  it('says clearly when the download fails', async () => {
    const page = await editMode(keeper);
    // The session ends elsewhere (a password change, say): the export answers 401 and the section says so.
    await page.route('**/api/user/exportdata', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ status: 401, msg: 'Please log in to continue.' }) }));
    const download = section(page, 'Download my data');
    await download.locator('summary').click();
    await download.getByRole('button', { name: 'Download my data' }).click();
    expect(await download.getByRole('alert').textContent()).toBe('Please log in to continue.');
    expect(await download.getByRole('button', { name: 'Download my data' }).isEnabled()).toBe(true);
  });

  it('shows both sections in edit mode at 1280 and 375 px, accessible and without overflow', async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    const shoot = screenshotTaker(shotsDir, { fullPage: true });
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const page = await editMode(keeper, viewport);
      await section(page, 'Download my data').locator('summary').click();
      await section(page, 'Delete my account').locator('summary').click();
      await section(page, 'Delete my account').getByLabel('Password').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), label).toBeLessThanOrEqual(0);
      await expectAccessible(page, `/mylog edit (${label})`);
      await shoot(page, `mylog-edit-own-data-${label}`);
    }
  });

  it('deletes the account after the password and a Yes, goes home signed out, and the login fails after', async () => {
    const page = await editMode(leaver);
    const remove = section(page, 'Delete my account');
    await remove.locator('summary').click();
    const button = remove.getByRole('button', { name: 'Delete my account' });
    expect(await button.isDisabled()).toBe(true);

    await remove.getByLabel('Password').fill('WrongOne99');
    await button.click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('heading', { name: 'Delete your account?' }).waitFor();
    expect(await confirm.textContent()).toContain(SAFETY_MESSAGES.deleteAccountConfirm);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expectMessageDialog(page, DIALOG_TITLES.warning, AUTH_MESSAGES.oldPasswordWrong);
    await closeMessageDialog(page);
    expect(await remove.getByLabel('Password').inputValue()).toBe('');

    await remove.getByLabel('Password').fill(LEAVER.password);
    await button.click();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/mylog$/);
    expect((await postJson(app.baseUrl, '/api/user/loadprofile', {}, leaver.token)).status).toBe(200);

    await button.click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectMessageDialog(page, DIALOG_TITLES.message, SAFETY_MESSAGES.accountDeleted);
    await closeMessageDialog(page);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect((await postJson(app.baseUrl, '/api/user/loadprofile', {}, leaver.token)).status).toBe(401);

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(LEAVER.email);
    await page.getByLabel('Password', { exact: true }).fill(LEAVER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectMessageDialog(page, LOGIN_MESSAGES.failed.title, LOGIN_MESSAGES.failed.body);
    await closeMessageDialog(page);
    await page.goto(`/user/${LEAVER.username}`);
    await page.getByRole('heading', { name: 'No one here' }).waitFor();
  });
});
