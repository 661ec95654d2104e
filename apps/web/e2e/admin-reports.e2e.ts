import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASON_LABELS, SAFETY_MESSAGES, type ReportKind, type ReportReason } from '@siplog/contracts';
import { comments, posts, users } from '@siplog/db/dist/schema/sqlite';
import { closeMessageDialog, expectMessageDialog } from './dialogs';
import { ANN, BEN, makePng, postJson, registerPerson, seedPosts, storeImage, withDatabase, type Person, type Session } from './fixtures';
import { expectAccessible, launchBrowser, OpenedContexts, PHONE, type RunningApp, signInContext, startApp } from './harness';

const ADMIN_PATH = 'ops-5c21d0';
const ADMIN_SCREEN = `/admin/${ADMIN_PATH}`;
const DANA: Person = { email: 'dana.admin@example.com', firstname: 'Dana', lastname: 'Reyes', username: 'danareyes', password: 'Secret123' };
const CARLA: Person = { email: 'carla.diaz@example.com', firstname: 'Carla', lastname: 'Diaz', username: 'carladiaz', password: 'Secret123' };
const ELI: Person = { email: 'eli.moss@example.com', firstname: 'Eli', lastname: 'Moss', username: 'elimoss', password: 'Secret123' };

describe('the admin Reports panel and moderation in FR Users (issue 17)', () => {
  let app: RunningApp;
  let browser: Browser;
  let dana: Session;
  let ben: Session;
  let carla: Session;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: DANA.email, ADMIN_PATH });
    browser = await launchBrowser();
    dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
    await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    carla = await registerPerson(app.baseUrl, app.dataDir, CARLA);
    await registerPerson(app.baseUrl, app.dataDir, ELI);
  });

  afterEach(() => contexts.closeAll());

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const report = async (by: Session, kind: ReportKind, target_id: string | number, reason: ReportReason, note?: string) => {
    const answer = await postJson(app.baseUrl, '/api/report/add', { kind, target_id, reason, ...(note ? { note } : {}) }, by.token);
    if (answer.status !== 200) throw new Error(`report failed: ${answer.status} ${JSON.stringify(answer.json)}`);
  };
  const signIn = (person: Person) => postJson(app.baseUrl, '/api/user/authenticateuser', { email: person.email, password: person.password });

  const openAdmin = async (viewport?: { width: number; height: number }) => {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, dana);
    await page.goto(ADMIN_SCREEN);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    return page;
  };
  const openReports = async (page: Page) => {
    await page.getByRole('button', { name: /^Reports/ }).click();
    const panel = page.getByRole('region', { name: 'Reports' });
    await panel.waitFor();
    return panel;
  };
  const card = (panel: Locator, title: string) => panel.getByRole('article', { name: title, exact: true });
  const fact = async (article: Locator, term: string) => (await article.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').textContent())?.trim();
  const confirmDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
  const userSelect = (page: Page) => page.getByLabel('User', { exact: true });

  it('shows a reported review as it was reported, counts the open reports, and dismisses them behind Yes/No', async () => {
    const photo = await storeImage(app.dataDir, await makePng(96));
    const [postId] = await seedPosts(app.dataDir, ANN.username, [
      { order: 'Cortado', review: 'Silky, and the barista was lovely.', rating: 4, place: { name: 'Dark Matter Coffee', city: 'Chicago' }, images: [photo], minutesAgo: 20 },
    ]);
    await report(ben, 'post', postId, 'spam', 'Looks like an ad for their shop.');
    await report(carla, 'post', postId, 'off_topic');

    const page = await openAdmin();
    await page.getByRole('button', { name: 'Reports (2 open)' }).waitFor();
    const panel = await openReports(page);
    const reviewTitle = "annlee's review of Dark Matter Coffee";
    const cards = panel.getByRole('article', { name: reviewTitle });
    // Both reports on the review sit on one card, since one action closes them both.
    const review = card(panel, reviewTitle);
    await review.waitFor();
    expect(await cards.count()).toBe(1);
    await panel.getByText('2 open reports on 1 target, newest first.').waitFor();
    expect(await review.getByText('2 open reports', { exact: true }).count()).toBe(1);
    expect(await fact(review, 'Owner')).toBe(`${ANN.username} (${ANN.email})`);

    // Newest first: Carla's report, then Ben's with his note.
    const entries = review.getByRole('list', { name: 'The 2 reports' }).getByRole('listitem');
    expect(await entries.count()).toBe(2);
    const bens = entries.nth(1);
    expect(await fact(bens, 'Reason')).toBe(REPORT_REASON_LABELS.spam);
    expect(await fact(bens, 'Note')).toBe('Looks like an ad for their shop.');
    expect(await fact(bens, 'Reported by')).toBe(BEN.username);
    expect(await fact(bens, 'Reported')).toMatch(/^(just now|\d+ min ago) \(/);
    expect(await fact(entries.nth(0), 'Reason')).toBe(REPORT_REASON_LABELS.off_topic);
    expect(await fact(entries.nth(0), 'Note')).toBe('No note');
    expect(await fact(entries.nth(0), 'Reported by')).toBe(CARLA.username);
    // The content as reported: the order, the text and the photo, which loads.
    await review.getByText('Silky, and the barista was lovely.').waitFor();
    expect(await review.getByText('Cortado', { exact: true }).count()).toBe(1);
    expect(await review.getByRole('img', { name: '4 out of 5 stars' }).count()).toBe(1);
    const image = review.getByRole('img', { name: 'Photo 1 of Cortado (opens full size)' });
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, 'the Reports panel');

    // No changes nothing.
    await review.getByRole('button', { name: 'Dismiss' }).click();
    const dismiss = confirmDialog(page, 'Dismiss this report?');
    expect(await dismiss.textContent()).toContain('All 2 open reports on it close');
    await expectAccessible(page, 'the Dismiss confirm');
    await dismiss.getByRole('button', { name: 'No' }).click();
    await dismiss.waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(1);

    await review.getByRole('button', { name: 'Dismiss' }).click();
    await dismiss.getByRole('button', { name: 'Yes' }).click();
    await panel.getByRole('status').getByText(`Report on ${reviewTitle} dismissed.`).waitFor();
    // Both reports on the review closed at once; the review stays.
    await expect.poll(() => cards.count()).toBe(0);
    // The card and its buttons are gone: the focus waits on the panel's heading, not lost on the page.
    await expect.poll(() => panel.getByRole('heading', { name: 'Reports' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Reports (0 open)' }).waitFor();
    await panel.getByText('No open reports. All caught up.').waitFor();
    expect(await withDatabase(app.dataDir, (db) => db.select().from(posts).where(eq(posts.id, postId)).get())).toBeDefined();

    await panel.getByRole('button', { name: 'Closed' }).click();
    expect(await panel.getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    await review.getByRole('list', { name: 'The 2 reports' }).waitFor();
    expect(await cards.count()).toBe(1);
    expect(await fact(review, 'Outcome')).toMatch(/^Dismissed, (just now|\d+ min ago)/);
    expect(await review.getByRole('button').count()).toBe(0);
  });

  it('removes a reported review with its photo, and a reported comment, each behind Yes/No', async () => {
    const photo = await storeImage(app.dataDir, await makePng(96, [60, 90, 160]));
    const [doomed, kept] = await seedPosts(app.dataDir, ANN.username, [
      { order: 'Brown sugar boba', review: 'Buy followers at my site!', rating: 1, place: { name: 'Tapioca House', city: 'Chicago' }, images: [photo], minutesAgo: 15 },
      { order: 'Matcha latte', review: 'Grassy and smooth.', rating: 5, place: { name: 'Sawada Coffee', city: 'Chicago' }, minutesAgo: 10 },
    ]);
    const commented = await postJson(app.baseUrl, '/api/post/addcomment', { postid: kept, email: BEN.email, comment: 'Worst take ever, go away.' }, ben.token);
    expect(commented.status).toBe(200);
    const commentId: number = commented.json.comment.comment_id;
    await report(carla, 'post', doomed, 'spam');
    await report(carla, 'comment', commentId, 'harassment', 'Rude to the reviewer.');

    const page = await openAdmin();
    const panel = await openReports(page);

    const comment = card(panel, "benortiz's comment on annlee's review of Sawada Coffee");
    await comment.waitFor();
    // The comment, and the review it sits under.
    await comment.getByText('Worst take ever, go away.').waitFor();
    await comment.getByText('Grassy and smooth.').waitFor();
    expect(await fact(comment, 'Reason')).toBe(REPORT_REASON_LABELS.harassment);
    await comment.getByRole('button', { name: 'Remove comment' }).click();
    const removeComment = confirmDialog(page, 'Remove this comment?');
    await removeComment.getByRole('button', { name: 'Yes' }).click();
    await comment.waitFor({ state: 'detached' });
    expect(await withDatabase(app.dataDir, (db) => db.select().from(comments).where(eq(comments.id, commentId)).get())).toBeUndefined();
    expect(await withDatabase(app.dataDir, (db) => db.select().from(posts).where(eq(posts.id, kept)).get())).toBeDefined();

    const review = card(panel, "annlee's review of Tapioca House");
    await review.getByRole('button', { name: 'Remove review' }).click();
    const removeReview = confirmDialog(page, 'Remove this review?');
    expect(await removeReview.textContent()).toContain('is deleted with its photos, likes and comments');
    await removeReview.getByRole('button', { name: 'Yes' }).click();
    await panel.getByRole('status').getByText("annlee's review of Tapioca House is removed.").waitFor();
    await review.waitFor({ state: 'detached' });
    expect(await withDatabase(app.dataDir, (db) => db.select().from(posts).where(eq(posts.id, doomed)).get())).toBeUndefined();
    expect(fs.existsSync(path.join(app.dataDir, 'media', 'postimages', photo))).toBe(false);
    const recent = await postJson(app.baseUrl, '/api/post/loadrecentposts', { limit: 20, skip: 0 });
    expect(recent.json.posts.map((post: { post_id: number }) => post.post_id)).not.toContain(doomed);

    await panel.getByRole('button', { name: 'Closed' }).click();
    expect(await fact(card(panel, "annlee's review of Tapioca House"), 'Outcome')).toMatch(/^Review removed, /);
    expect(await fact(card(panel, "benortiz's comment on annlee's review of Sawada Coffee"), 'Outcome')).toMatch(/^Comment removed, /);
  });

  it('suspends a reported person with a reason: sign-in is refused, FR Users shows them suspended, and Unsuspend brings them back', async () => {
    await withDatabase(app.dataDir, (db) => db.update(users).set({ bio: 'DM me for cheap followers', currentFavOrder: 'Spam latte' }).where(eq(users.email, CARLA.email)).run());
    await report(ben, 'user', CARLA.username, 'spam', 'Selling followers in the bio.');

    const page = await openAdmin();
    const panel = await openReports(page);
    const profile = card(panel, "carladiaz's profile");
    await profile.getByText('DM me for cheap followers').waitFor();
    await profile.getByText('Spam latte').waitFor();

    await profile.getByRole('button', { name: 'Suspend account' }).click();
    const suspend = confirmDialog(page, `Suspend ${CARLA.username}?`);
    const reason = suspend.getByLabel('Reason for the suspension');
    await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
    // Yes without a reason keeps the dialog open and says why.
    await suspend.getByRole('button', { name: 'Yes' }).click();
    await suspend.getByRole('alert').getByText(SAFETY_MESSAGES.suspendReasonRequired).waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    await reason.fill('Selling followers to other people.');
    await expectAccessible(page, 'the Suspend confirm with its reason');
    await suspend.getByRole('button', { name: 'Yes' }).click();
    await panel.getByRole('status').getByText(`${CARLA.username} is suspended.`).waitFor();
    await profile.waitFor({ state: 'detached' });

    const refused = await signIn(CARLA);
    expect(refused.status).toBe(403);
    expect(refused.json.msg).toBe(SAFETY_MESSAGES.accountSuspended);
    // Her session ended with the suspension.
    expect((await postJson(app.baseUrl, '/api/user/loadprofile', { email: CARLA.email }, carla.token)).status).toBe(401);
    // The login screen says so too.
    const { page: login } = await contexts.open(browser, app.baseUrl);
    await login.goto('/login');
    await login.getByLabel('Email', { exact: true }).fill(CARLA.email);
    await login.getByLabel('Password', { exact: true }).fill(CARLA.password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expectMessageDialog(login, 'Login failed', SAFETY_MESSAGES.accountSuspended);

    await userSelect(page).selectOption(CARLA.email);
    expect(await userSelect(page).locator('option:checked').textContent()).toBe(`${CARLA.email} (suspended)`);
    await page.getByText('Suspended', { exact: true }).waitFor();
    await page.getByText(`${CARLA.email}: “Selling followers to other people.”`).waitFor();
    await expectAccessible(page, 'FR Users with a suspended person');

    await page.getByRole('button', { name: 'Unsuspend' }).click();
    const unsuspend = confirmDialog(page, `Unsuspend ${CARLA.email}?`);
    await unsuspend.getByRole('button', { name: 'No' }).click();
    expect((await signIn(CARLA)).status).toBe(403);
    await page.getByRole('button', { name: 'Unsuspend' }).click();
    await unsuspend.getByRole('button', { name: 'Yes' }).click();
    await expectMessageDialog(page, 'Message', SAFETY_MESSAGES.userUnsuspended);
    await closeMessageDialog(page);
    await page.getByText('Suspended', { exact: true }).waitFor({ state: 'detached' });
    expect(await userSelect(page).locator('option:checked').textContent()).toBe(CARLA.email);
    expect((await signIn(CARLA)).status).toBe(200);

    // Suspend straight from FR Users, with a reason, and lift it again.
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const direct = confirmDialog(page, `Suspend ${CARLA.email}?`);
    await expect.poll(() => direct.getByLabel('Reason for the suspension').evaluate((element) => element === document.activeElement)).toBe(true);
    await direct.getByLabel('Reason for the suspension').fill('Second warning.');
    await direct.getByRole('button', { name: 'Yes' }).click();
    await expectMessageDialog(page, 'Message', SAFETY_MESSAGES.userSuspended);
    await closeMessageDialog(page);
    await page.getByText(`${CARLA.email}: “Second warning.”`).waitFor();
    expect((await signIn(CARLA)).status).toBe(403);
    await page.getByRole('button', { name: 'Unsuspend' }).click();
    await confirmDialog(page, `Unsuspend ${CARLA.email}?`).getByRole('button', { name: 'Yes' }).click();
    await expectMessageDialog(page, 'Message', SAFETY_MESSAGES.userUnsuspended);
    expect((await signIn(CARLA)).status).toBe(200);

    await closeMessageDialog(page);
    await panel.getByRole('button', { name: 'Closed' }).click();
    expect(await fact(card(panel, "carladiaz's profile"), 'Outcome')).toMatch(/^Account suspended, /);
  });

  it('erases an account from FR Users behind Yes/No, with its reviews and the reports on them', async () => {
    const [elisPost] = await seedPosts(app.dataDir, ELI.username, [
      { order: 'Dirty chai', review: 'Spicy.', rating: 4, place: { name: 'Dark Matter Coffee', city: 'Chicago' }, minutesAgo: 3 },
    ]);
    await report(ben, 'post', elisPost, 'spam');
    const page = await openAdmin();
    const reportsToggle = page.getByRole('button', { name: /^Reports/ });
    await reportsToggle.getByText('(1 open)').waitFor();
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expectMessageDialog(page, 'Warning', 'Select user');
    await closeMessageDialog(page);

    await userSelect(page).selectOption(ELI.email);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const erase = confirmDialog(page, 'Delete this account?');
    expect(await erase.textContent()).toContain(SAFETY_MESSAGES.adminDeleteConfirm);
    expect(await erase.textContent()).toContain(`${ELI.email} (${ELI.username})`);
    await erase.getByRole('button', { name: 'No' }).click();
    expect((await signIn(ELI)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await erase.getByRole('button', { name: 'Yes' }).click();
    await expectMessageDialog(page, 'Message', SAFETY_MESSAGES.userDeleted);
    await closeMessageDialog(page);
    await expect.poll(() => userSelect(page).locator(`option[value="${ELI.email}"]`).count()).toBe(0);
    expect(await userSelect(page).inputValue()).toBe('');
    expect((await signIn(ELI)).status).toBe(401);
    expect(await withDatabase(app.dataDir, (db) => db.select().from(users).where(eq(users.email, ELI.email)).get())).toBeUndefined();
    expect(await withDatabase(app.dataDir, (db) => db.select().from(posts).where(eq(posts.id, elisPost)).get())).toBeUndefined();
    // The report on the erased review went with it, and the toggle's count says so.
    await reportsToggle.getByText('(0 open)').waitFor();
  });

  it('fits a 375 px screen with reports open, and in the closed list', async () => {
    const [postId] = await seedPosts(app.dataDir, ANN.username, [
      { order: 'Cold brew with a very long name that has to wrap somewhere', review: 'Fine.', rating: 3, place: { name: 'Metric Coffee', city: 'Chicago' }, minutesAgo: 5 },
    ]);
    await report(ben, 'post', postId, 'inappropriate', 'A_very_long_note_without_any_space_at_all_that_must_wrap_inside_the_card_on_a_phone');
    const page = await openAdmin(PHONE);
    const panel = await openReports(page);
    await card(panel, "annlee's review of Metric Coffee").waitFor();
    await expectAccessible(page, 'the Reports panel at 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await panel.getByRole('button', { name: 'Closed' }).click();
    await panel.getByRole('article').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
