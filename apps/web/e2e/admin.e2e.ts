import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postImages, users } from '@siplog/db/dist/schema/sqlite';
import { closeMessageDialog, expectMessageDialog } from './dialogs';
import { ANN, BEN, makePng, outboxFiles, registerPerson, seedPosts, storeImage, waitForMail, withDatabase, type Person, type Session } from './fixtures';
import { expectAccessible, launchBrowser, OpenedContexts, PHONE, type RunningApp, signInContext, startApp } from './harness';

const ADMIN_PATH = 'ops-7f3a91';
const ADMIN_SCREEN = `/admin/${ADMIN_PATH}`;
const DANA: Person = { email: 'dana.admin@example.com', firstname: 'Dana', lastname: 'Reyes', username: 'danareyes', password: 'Secret123' };

/** Two days of logs in the app's log folder (fixed dates, so the range is the same in every time zone). */
const LOG_DAYS: Record<string, string[]> = {
  '2026-01-10': [
    '2026-01-10T09:00:00.000Z INFO [WebApp] Referred visit: / from https://www.google.com',
    '2026-01-10T09:05:00.000Z INFO [AuthService] Registration successful: carla',
    '2026-01-10T09:06:00.000Z INFO [AuthService] Login successful: carla',
  ],
  '2026-01-11': [
    '2026-01-11T10:00:00.000Z INFO [AuthService] Registration successful: omar',
    '2026-01-11T10:30:00.000Z INFO [AuthService] Account deactivated (unsubscribe): omar',
    '2026-01-11T11:00:00.000Z WARN [tRPC] Too many requests',
    '2026-01-11T11:30:00.000Z INFO [WebApp] Referred visit: /view/12 from https://www.bing.com',
  ],
};

describe('the admin screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let dana: Session;
  let ann: Session;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: DANA.email, ADMIN_PATH });
    browser = await launchBrowser();
    dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    await registerPerson(app.baseUrl, app.dataDir, BEN);
    // Someone who never confirmed an e-mail: the Verified box leaves them out.
    await withDatabase(app.dataDir, (db) =>
      db.insert(users).values({ email: 'una.verified@example.com', username: 'unaverif', passwordHash: 'x', firstName: 'Una', lastName: 'Nolan', verified: false }).run(),
    );
    for (const [day, lines] of Object.entries(LOG_DAYS)) {
      fs.writeFileSync(path.join(app.dataDir, 'logs', `application-${day}.log`), `${lines.join('\n')}\n`);
    }
  });

  afterEach(() => contexts.closeAll());

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const openAs = async (session: Session | null, viewport?: { width: number; height: number }) => {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  };
  const openAdmin = async (viewport?: { width: number; height: number }) => {
    const page = await openAs(dana, viewport);
    await page.goto(ADMIN_SCREEN);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    return page;
  };
  const countShown = async (page: Page) => (await page.getByRole('status', { name: 'Count' }).textContent())?.trim();

  it('signs out anyone who is not an admin, and sends a guest to /login', async () => {
    const page = await openAs(ann);
    await page.goto(ADMIN_SCREEN);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    const guest = await openAs(null);
    await guest.goto(ADMIN_SCREEN);
    await guest.waitForURL('**/login');
  });

  it('is a missing page at any other secret, even for an admin', async () => {
    const page = await openAs(dana);
    const response = await page.goto('/admin/not-the-secret');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This cup is empty' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
    expect((await page.goto(ADMIN_SCREEN))?.status()).toBe(200);
  });

  it('loads a range of logs, counts lines by keyword, and refuses bad dates', async () => {
    const page = await openAdmin();
    await page.getByRole('button', { name: 'FR Logs' }).click();
    const logs = page.getByRole('region', { name: 'Foreclosure User Logs' });
    await logs.waitFor();

    const start = page.getByLabel('Start date', { exact: true });
    const end = page.getByLabel('End date', { exact: true });
    // No Escape between the two: after Escape, react-datepicker puts the focus back in its field a moment later,
    // which could take the next field's typing.
    await start.fill('01/10/26');
    await end.fill('01/11/26');
    await end.press('Escape');
    // A third day without a log is skipped: + moves the end one day on.
    await page.getByRole('button', { name: 'End date: one day later' }).click();
    expect(await end.inputValue()).toBe('01/12/26');
    await logs.getByRole('button', { name: 'Load' }).click();
    await page.getByText('2 of 3 days had a log').waitFor();
    await expect.poll(() => countShown(page)).toBe('7');
    expect(await page.getByLabel('Log text').inputValue()).toContain('Registration successful: carla');
    await expectAccessible(page, 'the admin logs panel');

    await page.getByLabel('Keywords').fill('registration SUCCESSFUL');
    await expect.poll(() => countShown(page)).toBe('2');
    await page.getByRole('group', { name: 'Quick picks' }).getByRole('button', { name: 'unsubscribe' }).click();
    expect(await page.getByLabel('Keywords').inputValue()).toBe('registration SUCCESSFUL, unsubscribe');
    await expect.poll(() => countShown(page)).toBe('3');
    await page.getByRole('group', { name: 'Quick picks' }).getByRole('button', { name: 'google.com' }).click();
    await expect.poll(() => countShown(page)).toBe('4');
    expect(await page.getByLabel('Log text').inputValue()).not.toContain('bing.com');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => countShown(page)).toBe('7');

    await start.fill('02/30/26');
    await page.getByText('Date input not valid.').waitFor();
    await start.fill('01/13/26');
    await start.press('Escape');
    expect(await page.getByText('Date input not valid.').count()).toBe(0);
    await logs.getByRole('button', { name: 'Load' }).click();
    await page.getByText('The start date must be on or before the end date.').waitFor();
  });

  it('filters people, edits one, and writes to them', async () => {
    const page = await openAdmin();
    await page.getByText('4 of 4 users').waitFor();
    await page.getByLabel('Verified').check();
    await page.getByText('3 of 3 users').waitFor();
    await page.getByLabel('Filter').fill('ORTIZ');
    await page.getByText('1 of 3 users').waitFor();
    await page.getByLabel('Filter').fill('ann');
    await page.getByLabel('User', { exact: true }).selectOption(ANN.email);

    await page.getByRole('button', { name: 'Show details' }).click();
    const details = page.getByRole('form', { name: 'User details' });
    await details.waitFor();
    await expectAccessible(page, 'the admin users panel with details');
    expect(await details.getByLabel('E-mail').inputValue()).toBe(ANN.email);
    expect(await details.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
    await details.getByLabel('First name').fill('Annie');
    await details.getByLabel('Phone').fill('');
    await details.getByLabel('Phone').pressSequentially('31255501999');
    expect(await details.getByLabel('Phone').inputValue()).toBe('312-555-0199');
    await details.getByRole('button', { name: 'Update' }).click();
    await expectMessageDialog(page, 'Message', 'Profile updated.');
    await closeMessageDialog(page);
    const row = await withDatabase(app.dataDir, (db) => db.select().from(users).where(eq(users.email, ANN.email)).get());
    expect([row?.firstName, row?.phone]).toEqual(['Annie', '312-555-0199']);

    const mail = page.getByRole('form', { name: 'E-mail to user' });
    await mail.getByRole('button', { name: 'Send Email' }).click();
    await expectMessageDialog(page, 'Warning', 'Enter subject');
    await closeMessageDialog(page);
    await mail.getByLabel('Subject').fill('Your review of Dark Matter');
    await mail.getByRole('button', { name: 'Send Email' }).click();
    await expectMessageDialog(page, 'Warning', 'Enter message');
    await closeMessageDialog(page);
    const known = outboxFiles(app.dataDir).length;
    await mail.getByLabel('Message').fill('Thanks for the photos: they are on the place page now.');
    await mail.getByRole('button', { name: 'Send Email' }).click();
    await expectMessageDialog(page, 'Message', 'Email Sent');
    const sent = await waitForMail(app.dataDir, ANN.email, { after: known });
    expect(sent).toContain('Hi Annie,');
    expect(sent).toContain('Thanks for the photos');
    expect(await mail.getByLabel('Subject').inputValue()).toBe('');
  });

  it('changes a password only for a chosen person, behind Yes/No', async () => {
    const page = await openAdmin();
    await page.getByText('4 of 4 users').waitFor();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectMessageDialog(page, 'Warning', 'Invalid operation');
    await closeMessageDialog(page);

    await page.getByLabel('User', { exact: true }).selectOption(BEN.email);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Change this password?' }).getByRole('button', { name: 'No' }).click();
    const known = outboxFiles(app.dataDir).length;
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Change this password?' }).getByRole('button', { name: 'Yes' }).click();
    await expectMessageDialog(page, 'Message', 'Password changed');
    expect(outboxFiles(app.dataDir).length).toBe(known + 1);
    expect(await waitForMail(app.dataDir, BEN.email, { after: known })).toMatch(/temporary password/i);
  });

  it("lists a person's posts and deletes one after the confirm, with its images", async () => {
    const image = await storeImage(app.dataDir, await makePng(64));
    await seedPosts(app.dataDir, ANN.username, [
      { order: 'Cortado', review: 'Silky.', rating: 5, place: { name: 'Dark Matter Coffee', city: 'Chicago' }, images: [image], minutesAgo: 5 },
      { order: 'Matcha latte', review: 'Grassy.', rating: 4, place: { name: 'Sawada Coffee', city: 'Chicago' }, minutesAgo: 10 },
    ]);
    const page = await openAdmin();
    await page.getByText('4 of 4 users').waitFor();
    await page.getByRole('button', { name: 'Load Posts' }).click();
    await expectMessageDialog(page, 'Warning', 'Select user');
    await closeMessageDialog(page);

    await page.getByLabel('User', { exact: true }).selectOption(ANN.email);
    await page.getByRole('button', { name: 'Load Posts' }).click();
    const table = page.getByRole('table', { name: 'Posts' });
    await table.getByRole('cell', { name: 'Cortado', exact: true }).waitFor();
    expect(await table.locator('tbody tr').allTextContents()).toEqual(['1CortadoDark Matter Coffee1Delete', '2Matcha latteSawada Coffee0Delete']);
    await expectAccessible(page, "the admin users panel with a person's posts");

    await table.getByRole('button', { name: /Delete post 1/ }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Yes' }).click();
    await expectMessageDialog(page, 'Message', 'Post deleted');
    await table.getByRole('cell', { name: 'Cortado', exact: true }).waitFor({ state: 'detached' });
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await withDatabase(app.dataDir, (db) => db.select().from(postImages).where(eq(postImages.fileName, image)).all())).toEqual([]);
    expect(fs.existsSync(path.join(app.dataDir, 'media', 'postimages', image))).toBe(false);
  });

  it('backs the database up and downloads the copy, at phone width too', async () => {
    const page = await openAdmin(PHONE);
    await expectAccessible(page, 'the admin screen at 375 px');
    expect(await page.getByRole('button', { name: 'Download' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Backup DB' }).click();
    await expectMessageDialog(page, 'Backup finished', 'back up done!');
    await closeMessageDialog(page);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^siplog-backup-\d{8}-\d{6}-[0-9a-f]{8}\.db$/);
    const saved = await file.path();
    expect(fs.readFileSync(saved).subarray(0, 15).toString()).toBe('SQLite format 3');
    await page.getByRole('button', { name: 'Download' }).waitFor({ state: 'detached' });
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
