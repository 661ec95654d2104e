import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAILED_BY_DEFAULT, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '@siplog/contracts';
import { insertEstablishment, mailQueue, notifications, posts, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { NOTIFICATION_EMAIL_GAP_MS, NotificationMailer } from './notification-mailer.service';

const SITE = 'https://siplog.example';
const MINUTE = 60_000;

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

/** An .eml file as a person reads it: folded headers unfolded, the quoted-printable body decoded. */
function readableMail(eml: string): string {
  const split = eml.indexOf('\r\n\r\n');
  const headers = eml.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = eml
    .slice(split)
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
  return headers + body;
}

/** Notification e-mail: what is sent, batched per person, the one-click unsubscribe links, and the operator's switch. */
describe('notification e-mail', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let cat: TestAccount;
  let placeId: number;
  let mailer: NotificationMailer;
  let clock: number;

  /** The outbox messages to `to` written since the last call, as text. */
  const seen = new Set<string>();
  function newMailTo(to: string): string[] {
    const found: string[] = [];
    for (const file of fs.readdirSync(app.config.outboxDir).sort()) {
      if (seen.has(file)) continue;
      const text = fs.readFileSync(path.join(app.config.outboxDir, file), 'utf8');
      if (!text.includes(`To: ${to}`)) continue;
      seen.add(file);
      found.push(readableMail(text));
    }
    return found;
  }
  const review = async (username: string) =>
    (await app.data.insert(posts).values({ userId: await userId(app.data, username), establishmentId: placeId, orderText: 'Latte', review: 'Fine', rating: 4 }).returning())[0]!.id;
  /** A mailer round at `minutes` past the test's start. */
  const tickAt = (minutes: number) => mailer.tick(clock + minutes * MINUTE);
  /** The unsubscribe links in the text (the web page's), not the header's API address. */
  const unsubscribeLinks = (mail: string) => [...mail.matchAll(new RegExp(`${SITE}/unsubscribe/([\\w.-]+)`, 'g'))].map((match) => match[1]);

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: `${SITE}/` });
    mailer = app.get(NotificationMailer);
    ann = await registerAccount(app, 'annmail');
    bob = await registerAccount(app, 'bobmail');
    cat = await registerAccount(app, 'catmail');
    placeId = (await insertEstablishment(app.data, { placeId: 'siplog:mail', name: 'Mail Cafe', lat: 30.3, lng: -97.7 })).id;
    newMailTo(ann.email);
    clock = Date.now();
  });
  afterAll(() => app.close());

  it('answers each person’s choices, defaulting to comments, replies, mentions and follows', async () => {
    const settings = await app.post('/api/notification/emailsettings', {}, ann.auth);
    expect(settings.body).toEqual({ settings: EMAILED_BY_DEFAULT, mailEnabled: true });
    expect(EMAILED_BY_DEFAULT).toEqual({ follow: true, follow_request: true, like: false, comment: true, reply: true, mention: true, place_review: false, report_reviewed: false });
  });

  it('e-mails a comment at once, then batches what follows within 15 minutes into one message', async () => {
    const postid = await review('annmail');
    await app.post('/api/post/addcomment', { postid, comment: 'First!' }, bob.auth);
    await tickAt(0);
    const [first, ...more] = newMailTo(ann.email);
    expect(more).toEqual([]);
    expect(first).toContain('Subject: Siplog: bobmail commented on your review of Mail Cafe');
    expect(first).toContain('“First!”');
    expect(first).toContain(`${SITE}/post/${postid}`);

    await app.post('/api/post/addcomment', { postid, comment: 'Second' }, cat.auth);
    await app.post('/api/post/addcomment', { postid, comment: 'Third' }, bob.auth);
    await app.post('/api/post/likepost', { postid }, cat.auth); // likes are not e-mailed by default
    await tickAt(1);
    await tickAt(14);
    expect(newMailTo(ann.email)).toEqual([]);
    await tickAt(15);
    const [batch, ...others] = newMailTo(ann.email);
    expect(others).toEqual([]);
    expect(batch).toContain('Subject: Siplog: 2 new notifications');
    expect(batch).toContain('catmail commented on your review of Mail Cafe: “Second”');
    expect(batch).toContain('bobmail commented on your review of Mail Cafe: “Third”');
    expect(batch).not.toContain('liked');
    // Cat commented before Bob's "Third": she hears of his reply.
    expect(newMailTo(cat.email).join()).toContain('bobmail replied after your comment on a review of Mail Cafe: “Third”');
    expect(await app.data.select().from(notifications).where(eq(notifications.emailPending, true))).toEqual([]);
  });

  it('tells several people replying after one’s comment in one line, naming the most recent (issue 26)', async () => {
    clock += NOTIFICATION_EMAIL_GAP_MS * 2;
    const dan = await registerAccount(app, 'danmail');
    const eve = await registerAccount(app, 'evemail');
    const postid = await review('bobmail');
    await app.post('/api/post/addcomment', { postid, comment: 'Worth it?' }, ann.auth);
    for (const [who, comment] of [
      [cat, 'Yes'],
      [dan, 'Mostly'],
      [eve, 'Go early'],
    ] as const) {
      await app.post('/api/post/addcomment', { postid, comment }, who.auth);
    }
    await tickAt(0);
    const [mail, ...more] = newMailTo(ann.email);
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: Siplog: evemail and 2 others replied after your comment on a review of Mail Cafe');
    expect(mail).toContain('• evemail and 2 others replied after your comment on a review of Mail Cafe: “Go early”');
    expect(mail).not.toContain('catmail replied');
  });

  it('carries the RFC 8058 headers and per-kind links that unsubscribe signed out, and can be undone', async () => {
    clock += NOTIFICATION_EMAIL_GAP_MS * 2;
    await app.post('/api/user/followuser', { targetusername: 'annmail' }, cat.auth);
    await app.post('/api/post/addcomment', { postid: await review('annmail'), comment: 'Hi' }, cat.auth);
    await tickAt(0);
    const [mail] = newMailTo(ann.email);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const header = /List-Unsubscribe: <([^>]+)>/.exec(mail)![1];
    expect(header).toMatch(new RegExp(`^${SITE}/api/notification/unsubscribe/\\d+\\.all\\.`));
    const [followLink, commentLink] = unsubscribeLinks(mail);
    expect(followLink).toMatch(/\.follow\./);
    expect(commentLink).toMatch(/\.comment\./);

    // The mail client's one-click POST, signed out, to the header's address.
    const oneClick = await fetch(header.replace(SITE, app.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ status: 200, kind: 'all', subscribed: false });
    const off = (await app.post('/api/notification/emailsettings', {}, ann.auth)).body.settings;
    expect(off).toEqual(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, false])));

    // The link in the text, from the web page: one kind back on, then off again.
    expect((await app.trpc('mutation', 'notification.unsubscribe', { token: commentLink, resubscribe: true })).data).toEqual({ status: 200, kind: 'comment', subscribed: true });
    expect((await app.post('/api/notification/emailsettings', {}, ann.auth)).body.settings).toMatchObject({ comment: true, follow: false });
    expect((await app.post('/api/notification/unsubscribe', { token: commentLink })).body).toEqual({ status: 200, kind: 'comment', subscribed: false });
  });

  it('refuses a forged or altered unsubscribe link with 400, changing nothing', async () => {
    await app.post('/api/notification/updateemailsettings', { comment: true, follow: true }, ann.auth);
    const genuine = `${await userId(app.data, 'annmail')}.comment.`;
    for (const token of [`${genuine}${'A'.repeat(43)}`, 'nonsense', `${await userId(app.data, 'bobmail')}.comment.${'x'.repeat(43)}`]) {
      const answer = await app.post('/api/notification/unsubscribe', { token });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(NOTIFICATION_MESSAGES.badUnsubscribeLink);
      expect((await fetch(`${app.baseUrl}/api/notification/unsubscribe/${token}`, { method: 'POST' })).status).toBe(400);
    }
    expect((await app.post('/api/notification/emailsettings', {}, ann.auth)).body.settings).toMatchObject({ comment: true, follow: true });
  });

  it('sends nothing for a kind turned off, or for what was read on the site before the e-mail went', async () => {
    clock += NOTIFICATION_EMAIL_GAP_MS * 2;
    expect((await app.post('/api/notification/updateemailsettings', { comment: false, like: true }, ann.auth)).body.settings).toMatchObject({ comment: false, like: true });
    const postid = await review('annmail');
    await app.post('/api/post/addcomment', { postid, comment: 'Not mailed' }, bob.auth);
    await tickAt(0);
    expect(newMailTo(ann.email)).toEqual([]);

    await app.post('/api/post/likepost', { postid }, bob.auth);
    await app.post('/api/notification/markread', { all: true }, ann.auth);
    await tickAt(1);
    expect(newMailTo(ann.email)).toEqual([]);
    await app.post('/api/post/likepost', { postid }, cat.auth);
    await tickAt(2);
    expect(newMailTo(ann.email).join()).toContain('catmail liked your review of Mail Cafe');
  });

  it('queues each message in the database and marks it sent', async () => {
    const rows = await app.data.select().from(mailQueue);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 0)).toBe(true);
  });
});

describe('notification e-mail turned off by the operator', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ NOTIFICATION_EMAIL: 'off' });
  });
  afterAll(() => app.close());

  it('marks nothing for e-mail and says so in the settings; the notifications themselves still come', async () => {
    const ann = await registerAccount(app, 'annoff');
    const bob = await registerAccount(app, 'boboff');
    await app.post('/api/user/followuser', { targetusername: 'annoff' }, bob.auth);
    await app.get(NotificationMailer).tick(Date.now());
    expect((await app.post('/api/notification/unreadcount', {}, ann.auth)).body).toEqual({ unread: 1 });
    expect(await app.data.select().from(notifications).where(eq(notifications.emailPending, true))).toEqual([]);
    expect(await app.data.select().from(mailQueue)).toEqual([]);
    expect((await app.post('/api/notification/emailsettings', {}, ann.auth)).body.mailEnabled).toBe(false);
  });
});
