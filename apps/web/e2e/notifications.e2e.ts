import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EMAIL_LABELS, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '@siplog/contracts';
import { ANN, BEN, DARK_MATTER, postJson, registerPerson, seedPlace, seedPosts, trpcQuery, unsubscribePathFromMail, withDatabase, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, signInContext, startApp, type RunningApp } from './harness';

const CARL: Person = { email: 'carl.diaz@example.com', firstname: 'Carl', lastname: 'Diaz', username: 'carldiaz', password: 'Secret123' };
const DANA: Person = { email: 'dana.kim@example.com', firstname: 'Dana', lastname: 'Kim', username: 'danakim', password: 'Secret123' };

/** The app's poll of the unread count is 25 s; the issue asks for a change within 30 s. */
const POLL_DEADLINE_MS = 30_000;

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const bellWith = (page: Page, unread: number) => page.getByRole('banner').getByRole('link', { name: `Notifications, ${unread} unread`, exact: true });
const notificationList = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const line = (page: Page, text: string): Locator => notificationList(page).getByRole('listitem').filter({ hasText: text });
/** A line's text as rendered, its parts (sentence, comment, time) joined by single spaces. */
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

describe('notifications: the bell, /notifications, e-mail choices and unsubscribe links', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  let ben: Session;
  let carl: Session;
  let dana: Session;
  let reviewId: number;
  const contexts = new OpenedContexts();

  async function pageAs(session: Session | null, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  }
  const like = async (who: Session) => expect((await postJson(app.baseUrl, '/api/post/likepost', { postid: reviewId, email: who.email }, who.token)).status).toBe(200);
  const comment = async (who: Session, text: string) =>
    expect((await postJson(app.baseUrl, '/api/post/addcomment', { postid: reviewId, email: who.email, comment: text }, who.token)).status).toBe(200);
  const follow = async (who: Session, target: Session) =>
    expect((await postJson(app.baseUrl, '/api/user/followuser', { targetusername: target.username }, who.token)).status).toBe(200);
  const unreadOnServer = async (who: Session) => (await trpcQuery(app.baseUrl, 'notification.unreadCount', {}, who.token)).json.result.data.unread;
  const emailSettingsOnServer = async (who: Session) => (await trpcQuery(app.baseUrl, 'notification.emailSettings', {}, who.token)).json.result.data;
  /** Tells the page its window has focus again, as switching back to it does. */
  const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    carl = await registerPerson(app.baseUrl, app.dataDir, CARL);
    dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
    await seedPlace(app.dataDir, DARK_MATTER);
    [reviewId] = await seedPosts(app.dataDir, BEN.username, [
      { order: 'Oat cortado', review: 'Balanced and silky.', rating: 4, place: { name: DARK_MATTER.name, city: DARK_MATTER.city }, minutesAgo: 60 },
    ]);
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it("raises the bell's count on Ben's open page without a reload: at once on focus, and by itself within 30 s", async () => {
    const page = await pageAs(ben);
    await page.goto('/terms-of-service');
    await bellWith(page, 0).waitFor();
    expect(await bell(page).getAttribute('href')).toBe('/notifications');
    // Gone after a reload: proves the count changed in the same document.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await like(ann);
    await comment(ann, 'Lovely crema!');
    await focusWindow(page);
    await bellWith(page, 2).waitFor({ timeout: 5_000 });
    expect(await bell(page).locator('.site-header__badge').textContent()).toBe('2');

    // No focus this time: the poll alone brings the third.
    await like(carl);
    const started = Date.now();
    await bellWith(page, 3).waitFor({ timeout: POLL_DEADLINE_MS });
    expect(Date.now() - started).toBeLessThan(POLL_DEADLINE_MS);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  }, 60_000);

  it('shows no bell to a guest, and sends a guest from /notifications to log in', async () => {
    const page = await pageAs(null);
    await page.goto('/notifications');
    await page.waitForURL('**/login');
    expect(await bell(page).count()).toBe(0);
  });

  it('unsubscribes signed out with the link of a notification e-mail, subscribes again, and refuses a bad link', async () => {
    const unsubscribePath = await unsubscribePathFromMail(app.dataDir, BEN.email, NOTIFICATION_EMAIL_LABELS.comment);
    const page = await pageAs(null);
    const unsubscribeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('notification.unsubscribe')) unsubscribeCalls.push(request.url());
    });
    await page.goto(unsubscribePath);
    await page.getByRole('status').filter({ hasText: 'You will no longer get e-mails when someone comments on your review.' }).waitFor();
    expect(await page.title()).toBe('Unsubscribe · Siplog');
    expect(unsubscribeCalls).toHaveLength(1);
    expect((await emailSettingsOnServer(ben)).settings.comment).toBe(false);
    expect(await page.getByRole('link', { name: 'E-mail settings in My Log' }).getAttribute('href')).toBe('/mylog#email-settings');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Subscribe again' }).click();
    await page.getByRole('status').filter({ hasText: 'You will get e-mails again when someone comments on your review.' }).waitFor();
    expect((await emailSettingsOnServer(ben)).settings.comment).toBe(true);
    expect(unsubscribeCalls).toHaveLength(2);

    await page.goto(`/unsubscribe/${encodeURIComponent('7.comment.not-a-real-signature')}`);
    await page.getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.badUnsubscribeLink }).waitFor();
    expect((await emailSettingsOnServer(ben)).settings.comment).toBe(true);
  }, 60_000);

  it("groups repeats on /notifications, marks what it shows read, pages with 'Show more', and 'Mark all read' clears the rest", async () => {
    // 25 in all: more than the first page of 20.
    for (let index = 1; index <= 18; index++) await comment(ann, `Still thinking about it (${index})`);
    await like(dana);
    await comment(carl, 'Agree!');
    await follow(ann, ben);
    await follow(dana, ben);
    expect(await unreadOnServer(ben)).toBe(25);

    const page = await pageAs(ben);
    await page.goto('/contact');
    await bellWith(page, 25).waitFor();
    await bell(page).click();
    await page.waitForURL('**/notifications');
    await notificationList(page).waitFor();
    expect(await page.title()).toBe('Notifications · Siplog');

    // The first page: the 20 newest, as three lines, newest first, each marked new.
    const lines = notificationList(page).getByRole('listitem');
    expect(await lines.count()).toBe(3);
    const texts = await Promise.all([0, 1, 2].map((index) => textOf(lines.nth(index))));
    expect(texts[0]).toMatch(/^New: danakim and annlee followed you just now$/);
    expect(texts[1]).toMatch(/^New: carldiaz and annlee commented on your review of Dark Matter Coffee “Agree!” just now$/);
    expect(texts[2]).toMatch(/^New: danakim liked your review of Dark Matter Coffee just now$/);

    // Links: people to their profiles, the review to itself, follows to the follower.
    const comments = line(page, 'commented on');
    expect(await comments.getByRole('link', { name: 'carldiaz' }).getAttribute('href')).toBe('/user/carldiaz');
    expect(await comments.getByRole('link', { name: 'annlee' }).getAttribute('href')).toBe('/user/annlee');
    expect(await comments.getByRole('link', { name: 'your review of Dark Matter Coffee' }).getAttribute('href')).toBe(`/post/${reviewId}`);
    expect(await line(page, 'followed you').getByRole('link', { name: 'danakim' }).getAttribute('href')).toBe('/user/danakim');

    // Opening the page marked those 20 read: the bell counts the 5 beyond them, though the page still shows them new.
    await bellWith(page, 5).waitFor();
    expect(await unreadOnServer(ben)).toBe(5);
    await expectAccessible(page);

    // The next page joins its likes to the line above and is marked read as it arrives.
    await page.getByRole('button', { name: 'Show more' }).click();
    await line(page, 'danakim and 2 others liked your review of Dark Matter Coffee').waitFor();
    expect(await lines.count()).toBe(3);
    await bellWith(page, 0).waitFor();
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

    // Something new while the page is open: the bell shows it, and 'Mark all read' clears it and the marks.
    await follow(carl, ben);
    await focusWindow(page);
    await bellWith(page, 1).waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await bellWith(page, 0).waitFor();
    expect(await unreadOnServer(ben)).toBe(0);
    await expect.poll(() => lines.filter({ hasText: /^New:/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);

    // The line opens the review.
    await comments.getByRole('link', { name: 'your review of Dark Matter Coffee' }).click();
    await page.waitForURL(`**/post/${reviewId}`);
  }, 60_000);

  it('fits at 375 px: the bell beside the folded menu, the lines within the screen', async () => {
    const page = await pageAs(ben, PHONE);
    await page.goto('/notifications');
    await notificationList(page).waitFor();
    await bellWith(page, 0).waitFor();
    const bellBox = (await bell(page).boundingBox())!;
    const toggleBox = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
    expect(bellBox.x + bellBox.width).toBeLessThanOrEqual(toggleBox.x);
    expect(toggleBox.x + toggleBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    for (const item of await notificationList(page).getByRole('listitem').all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it("shows a like from another server under the person's handle, linking to their page there (issue 30)", async () => {
    const [otherReview] = await seedPosts(app.dataDir, BEN.username, [
      { order: 'Flat white', review: 'Rounder than the cortado.', rating: 5, place: { name: DARK_MATTER.name, city: DARK_MATTER.city }, minutesAgo: 30 },
    ]);
    // What the inbox writes for Mastodon's Like (the federation API tests prove that path).
    await withDatabase(app.dataDir, (db) => {
      const now = Date.now();
      const { id: actorId } = db.$client
        .prepare(`insert into remote_actors (uri, handle, host, inbox, name, profile_url, updated_at) values (?, ?, ?, ?, ?, ?, ?) returning id`)
        .get('https://peer.example/users/eve', 'eve@peer.example', 'peer.example', 'https://peer.example/users/eve/inbox', 'Eve', 'https://peer.example/@eve', now) as { id: number };
      db.$client.prepare(`insert into remote_likes (post_id, actor_id, activity_uri, created_at) values (?, ?, ?, ?)`).run(otherReview, actorId, 'https://peer.example/likes/1', now);
      const { id: benId } = db.$client.prepare('select id from users where username = ?').get(BEN.username) as { id: number };
      db.$client.prepare(`insert into notifications (user_id, remote_actor_id, kind, post_id, email_pending) values (?, ?, 'like', ?, 0)`).run(benId, actorId, otherReview);
    });
    const page = await pageAs(ben);
    await page.goto('/notifications');
    const remote = line(page, 'eve@peer.example liked your review of Dark Matter Coffee');
    await remote.waitFor();
    const person = remote.getByRole('link', { name: 'eve@peer.example' });
    expect(await person.getAttribute('href')).toBe('https://peer.example/@eve');
    expect(await person.getAttribute('target')).toBe('_blank');
    // No picture is fetched from their server: the like's sign stands in.
    expect(await remote.locator('img').count()).toBe(0);
    expect(await remote.getByRole('link', { name: 'your review of Dark Matter Coffee' }).getAttribute('href')).toBe(`/post/${otherReview}`);
    await expectAccessible(page);
    // The review counts it with the others.
    expect((await postJson(app.baseUrl, '/api/post/loadpost', { postid: otherReview })).json.post.likes).toBe(1);
  });

  it("shows 'E-mail me when…' in My Log's edit mode and saves each box as it is toggled", async () => {
    const page = await pageAs(ben);
    await page.goto('/mylog#email-settings');
    const choices = page.getByRole('group', { name: 'E-mail me when…' });
    // The link of an unsubscribe page opens edit mode on the section.
    await choices.getByRole('checkbox').first().waitFor();
    expect(await choices.getByRole('checkbox').count()).toBe(NOTIFICATION_KINDS.length);
    const likes = choices.getByRole('checkbox', { name: NOTIFICATION_EMAIL_LABELS.like });
    const comments = choices.getByRole('checkbox', { name: NOTIFICATION_EMAIL_LABELS.comment });
    expect(await likes.isChecked()).toBe(false);
    expect(await comments.isChecked()).toBe(true);

    await likes.check();
    await choices.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await emailSettingsOnServer(ben)).settings.like).toBe(true);
    await comments.uncheck();
    await expect.poll(async () => (await emailSettingsOnServer(ben)).settings.comment).toBe(false);

    await page.reload();
    await page.getByRole('group', { name: 'E-mail me when…' }).getByRole('checkbox').first().waitFor();
    expect(await likes.isChecked()).toBe(true);
    expect(await comments.isChecked()).toBe(false);
    await expectAccessible(page);
  });
});

describe('notification e-mail turned off by the operator', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ NOTIFICATION_EMAIL: 'off' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it("says the site sends no notification e-mail and disables the boxes", async () => {
    const ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    const { context, page } = await contexts.open(browser, app.baseUrl);
    await signInContext(context, ann);
    await page.goto('/mylog');
    await page.getByRole('button', { name: 'edit' }).click();
    const choices = page.getByRole('group', { name: 'E-mail me when…' });
    await choices.getByText('This site does not send notification e-mail').waitFor();
    const boxes = await choices.getByRole('checkbox').all();
    expect(boxes).toHaveLength(NOTIFICATION_KINDS.length);
    for (const box of boxes) expect(await box.isDisabled()).toBe(true);
  });
});
