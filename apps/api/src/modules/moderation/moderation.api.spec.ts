import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES } from '@siplog/contracts';
import { comments, insertEstablishment, moderationActions, postLikes, posts, profileImages, reports, userFollows, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

const ADMIN_EMAIL = 'bossmod@example.com';

async function userOf(db: Database, username: string) {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!;
}

const names = (list: Array<{ username: string }>) => list.map((entry) => entry.username);

/** Issue 17: reporting, the admins' queue and what each action does; suspension and its undoing. */
describe('reports and moderation', () => {
  let app: TestApp;
  let admin: TestAccount;
  let ann: TestAccount; // reports
  let bob: TestAccount; // is reported
  let cat: TestAccount; // reports too
  let placeId: number;
  let bobPost: number;
  let bobPhoto: string;

  const postImagesDir = () => path.join(app.config.mediaDir, 'postimages');
  const report = (who: TestAccount, body: Record<string, unknown>) => app.post('/api/report/add', body, who.auth);
  const openReports = async () => (await app.post('/api/admin/reports', { status: 'open' }, admin.auth)).body;

  async function reviewWithPhoto(account: TestAccount, order: string): Promise<{ postId: number; file: string }> {
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a63' } }).jpeg().toBuffer();
    form.append('file1', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'cup.jpg');
    form.append('data', JSON.stringify({ place_id: 'siplog:mod-cafe', establishment_name: 'Mod Cafe', order, review: 'Loud and bitter', rating: 2, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
    expect(response.status).toBe(200);
    const postId = (await app.data.select().from(posts).where(eq(posts.orderText, order)))[0]!.id;
    return { postId, file: (await app.post('/api/post/loadpost', { postid: postId })).body.post.images[0] };
  }

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await registerAccount(app, 'bossmod', { email: ADMIN_EMAIL });
    ann = await registerAccount(app, 'annmod');
    bob = await registerAccount(app, 'bobmod');
    cat = await registerAccount(app, 'catmod');
    placeId = (await insertEstablishment(app.data, { placeId: 'siplog:mod-cafe', name: 'Mod Cafe', lat: 30.2, lng: -97.7 })).id;
    ({ postId: bobPost, file: bobPhoto } = await reviewWithPhoto(bob, 'Spam latte'));
    await app.post('/api/user/updatecurrentfavorder', { current_fav_order: 'Buy followers at spam.example' }, bob.auth);
  });
  afterAll(() => app.close());

  describe('reporting', () => {
    it('refuses guests, bad input, one’s own content and unknown targets, storing nothing', async () => {
      expect((await app.post('/api/report/add', { kind: 'post', target_id: bobPost, reason: 'spam' })).status).toBe(401);
      const bad = [
        {},
        { kind: 'post', target_id: bobPost },
        { kind: 'video', target_id: bobPost, reason: 'spam' },
        { kind: 'post', target_id: bobPost, reason: 'boring' },
        { kind: 'post', target_id: bobPost, reason: 'spam', note: 'x'.repeat(501) },
        { kind: 'post', target_id: bobPost, reason: 'spam', note: 5 },
        { kind: 'post', target_id: 'abc', reason: 'spam' },
        { kind: 'post', target_id: [bobPost], reason: 'spam' },
        { kind: 'post', target_id: bobPost, reason: 'spam', extra: true },
      ];
      for (const body of bad) expect((await report(ann, body)).status, JSON.stringify(body)).toBe(400);
      const own = await report(bob, { kind: 'post', target_id: bobPost, reason: 'spam' });
      expect(own).toMatchObject({ status: 400, body: { msg: SAFETY_MESSAGES.reportOwn } });
      expect((await report(bob, { kind: 'user', target_id: 'bobmod', reason: 'spam' })).status).toBe(400);
      expect((await report(ann, { kind: 'post', target_id: 999999, reason: 'spam' })).status).toBe(404);
      expect((await report(ann, { kind: 'comment', target_id: 999999, reason: 'spam' })).status).toBe(404);
      expect((await report(ann, { kind: 'user', target_id: 'nobody-here', reason: 'spam' })).status).toBe(404);
      expect(await app.data.select().from(reports)).toEqual([]);
    });

    it('keeps one open report per reporter and target: a repeat answers the same report_id', async () => {
      const first = await report(ann, { kind: 'post', target_id: bobPost, reason: 'spam', note: '  Selling followers  ' });
      expect(first.body).toEqual({ status: 200, report_id: expect.any(Number) });
      const again = await app.trpc('mutation', 'report.add', { kind: 'post', target_id: String(bobPost), reason: 'other' }, ann.auth);
      expect(again.data).toEqual({ status: 200, report_id: first.body.report_id });
      const other = await report(cat, { kind: 'post', target_id: bobPost, reason: 'inappropriate' });
      expect(other.body.report_id).not.toBe(first.body.report_id);
      expect(await app.data.select().from(reports)).toHaveLength(2);
    });

    it('shows the admin the content as it was reported, even after an edit, with the count on the target', async () => {
      await app.post('/api/post/updatepost', { postid: bobPost, order: 'Edited latte', review: 'Nothing to see', rating: 5 }, bob.auth);
      const { reports: list, open_total } = await openReports();
      expect(open_total).toBe(2);
      const mine = list.find((entry: { reporter_username: string }) => entry.reporter_username === 'annmod');
      expect(mine).toMatchObject({
        kind: 'post',
        target_id: String(bobPost),
        reason: 'spam',
        note: 'Selling followers',
        status: 'open',
        owner_username: 'bobmod',
        owner_email: bob.email,
        target_open_reports: 2,
        content: { kind: 'post', post_id: bobPost, username: 'bobmod', establishment_name: 'Mod Cafe', order: 'Spam latte', review: 'Loud and bitter', rating: 2, images: [bobPhoto] },
      });
      expect(mine.action).toBeUndefined();
      expect(Date.parse(mine.created_at)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('is rate-limited per account', async () => {
      const spammer = await registerAccount(app, 'spammermod');
      const answers = [];
      for (let i = 0; i < 22; i++) answers.push((await report(spammer, { kind: 'user', target_id: 'bobmod', reason: 'spam' })).status);
      expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(answers.at(-1)).toBe(429);
    });
  });

  describe('the admins’ actions', () => {
    it('are for admins only, and refuse bad input', async () => {
      expect((await app.post('/api/admin/reports', { status: 'open' })).status).toBe(401);
      expect((await app.post('/api/admin/reports', { status: 'open' }, ann.auth)).status).toBe(403);
      expect((await app.trpc('query', 'admin.reports', { status: 'open' }, ann.auth)).status).toBe(403);
      expect((await app.post('/api/admin/resolvereport', { report_id: 1, action: 'dismiss' }, ann.auth)).status).toBe(403);
      expect((await app.post('/api/admin/suspenduser', { email: bob.email, reason: 'x' }, ann.auth)).status).toBe(403);
      expect((await app.post('/api/admin/unsuspenduser', { email: bob.email }, ann.auth)).status).toBe(403);
      for (const body of [{ status: 'pending' }, { status: 'open', x: 1 }]) {
        expect((await app.post('/api/admin/reports', body, admin.auth)).status).toBe(400);
      }
      const someId = (await openReports()).reports[0].report_id;
      for (const body of [{}, { report_id: someId }, { report_id: someId, action: 'ban' }, { report_id: someId, action: 'suspend' }, { report_id: someId, action: 'suspend', reason: ' ' }]) {
        const answer = await app.post('/api/admin/resolvereport', body, admin.auth);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }
      expect((await app.post('/api/admin/resolvereport', { report_id: 999999, action: 'dismiss' }, admin.auth)).status).toBe(404);
      expect((await app.post('/api/admin/suspenduser', { email: bob.email }, admin.auth)).status).toBe(400);
      expect((await app.post('/api/admin/suspenduser', { email: 'nobody@example.com', reason: 'x' }, admin.auth)).status).toBe(404);
      expect((await openReports()).open_total).toBeGreaterThan(0);
      expect(await app.data.select().from(moderationActions).orderBy(moderationActions.id)).toEqual([]);
    });

    it('Dismiss closes every open report on the target, audits it and tells each reporter', async () => {
      const comment = (await app.post('/api/post/addcomment', { postid: bobPost, comment: 'Rude words' }, bob.auth)).body.comment.comment_id;
      const first = (await report(ann, { kind: 'comment', target_id: comment, reason: 'harassment' })).body.report_id;
      await report(cat, { kind: 'comment', target_id: comment, reason: 'harassment' });
      expect((await app.post('/api/admin/resolvereport', { report_id: first, action: 'dismiss' }, admin.auth)).body).toEqual({ status: 200 });
      const open = (await openReports()).reports.filter((entry: { kind: string }) => entry.kind === 'comment');
      expect(open).toEqual([]);
      const closed = (await app.post('/api/admin/reports', { status: 'closed' }, admin.auth)).body.reports;
      expect(closed.filter((entry: { target_id: string }) => entry.target_id === String(comment)).map((entry: { action: string; status: string }) => `${entry.status}:${entry.action}`)).toEqual(['closed:dismiss', 'closed:dismiss']);
      expect((await app.data.select().from(comments).where(eq(comments.id, comment)))[0]).toBeDefined();
      expect((await app.post('/api/admin/resolvereport', { report_id: first, action: 'dismiss' }, admin.auth)).status).toBe(409);
      for (const who of [ann, cat]) {
        const notes = (await app.post('/api/notification/list', { limit: 50 }, who.auth)).body.notifications;
        expect(notes.filter((note: { kind: string }) => note.kind === 'report_reviewed')).toEqual([expect.objectContaining({ actor_username: '', read: false })]);
      }
      expect(await app.data.select().from(moderationActions).orderBy(moderationActions.id)).toEqual([
        expect.objectContaining({
          adminEmail: ADMIN_EMAIL,
          action: 'dismiss',
          targetKind: 'comment',
          target: String(comment),
          reportId: first,
          personId: (await userOf(app.data, 'bobmod')).id,
          personUsername: 'bobmod',
        }),
      ]);
    });

    it('Remove deletes a comment, or clears a profile’s bio, favourite order and images', async () => {
      const comment = (await app.post('/api/post/addcomment', { postid: bobPost, comment: 'More rude words' }, bob.auth)).body.comment.comment_id;
      const onComment = (await report(ann, { kind: 'comment', target_id: comment, reason: 'harassment' })).body.report_id;
      await app.post('/api/admin/resolvereport', { report_id: onComment, action: 'remove' }, admin.auth);
      expect((await app.data.select().from(comments).where(eq(comments.id, comment)))[0]).toBeUndefined();

      const avatar = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#f00' } }).jpeg().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(avatar)], { type: 'image/jpeg' }), 'me.jpg');
      form.append('data', JSON.stringify({ email: bob.email }));
      expect((await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: bob.auth, body: form })).status).toBe(200);
      const file = (await app.data.select().from(profileImages))[0]!.fileName;
      const onProfile = (await report(cat, { kind: 'user', target_id: 'BobMod', reason: 'spam' })).body.report_id;
      const listed = (await openReports()).reports.find((entry: { report_id: number }) => entry.report_id === onProfile);
      expect(listed.content).toEqual({ kind: 'user', username: 'bobmod', bio: '', fav_order: 'Buy followers at spam.example', profile_image: file });
      await app.post('/api/admin/resolvereport', { report_id: onProfile, action: 'remove' }, admin.auth);
      expect(await userOf(app.data, 'bobmod')).toMatchObject({ bio: '', currentFavOrder: '' });
      expect(await app.data.select().from(profileImages)).toEqual([]);
      expect(fs.existsSync(path.join(app.config.mediaDir, 'profileimages', file))).toBe(false);
      // The spammer's twenty reports on the profile closed with it.
      expect((await openReports()).reports.filter((entry: { kind: string }) => entry.kind === 'user')).toEqual([]);
    });

    it('Remove deletes a review with its photos, likes and comments', async () => {
      const { postId, file } = await reviewWithPhoto(bob, 'Second spam latte');
      await app.post('/api/post/likepost', { postid: postId }, cat.auth);
      await app.post('/api/post/addcomment', { postid: postId, comment: 'hm' }, cat.auth);
      const id = (await report(ann, { kind: 'post', target_id: postId, reason: 'off_topic' })).body.report_id;
      expect(fs.existsSync(path.join(postImagesDir(), file))).toBe(true);
      await app.post('/api/admin/resolvereport', { report_id: id, action: 'remove' }, admin.auth);
      expect((await app.data.select().from(posts).where(eq(posts.id, postId)))[0]).toBeUndefined();
      expect(await app.data.select().from(postLikes).where(eq(postLikes.postId, postId))).toEqual([]);
      expect(await app.data.select().from(comments).where(eq(comments.postId, postId))).toEqual([]);
      expect(fs.existsSync(path.join(postImagesDir(), file))).toBe(false);
      const closed = (await app.post('/api/admin/reports', { status: 'closed' }, admin.auth)).body.reports;
      // The closed report still shows what was reported.
      expect(closed.find((entry: { report_id: number }) => entry.report_id === id)).toMatchObject({ action: 'remove', content: { order: 'Second spam latte', images: [file] } });
    });

    it('Suspend ends sessions, hides everything of theirs, refuses sign-in; Unsuspend brings it all back', async () => {
      await app.post('/api/user/followuser', { targetusername: 'bobmod' }, ann.auth);
      await app.post('/api/post/addcomment', { postid: bobPost, comment: 'Still here' }, bob.auth);
      const catPost = (await app.data.insert(posts).values({ userId: (await userOf(app.data, 'catmod')).id, establishmentId: placeId, orderText: 'Tea', review: 'Calm', rating: 5 }).returning())[0]!.id;
      await app.post('/api/post/likepost', { postid: catPost }, bob.auth);
      await app.post('/api/post/addcomment', { postid: catPost, comment: 'bob on cat' }, bob.auth);
      const id = (await report(ann, { kind: 'post', target_id: bobPost, reason: 'spam' })).body.report_id;
      const answer = await app.post('/api/admin/resolvereport', { report_id: id, action: 'suspend', reason: 'Spam account' }, admin.auth);
      expect(answer.body).toEqual({ status: 200 });

      expect((await app.post('/api/user/loadprofile', {}, bob.auth)).status).toBe(401);
      const login = await app.post('/api/user/authenticateuser', { email: bob.email, password: bob.password });
      expect(login).toMatchObject({ status: 403, body: { msg: SAFETY_MESSAGES.accountSuspended } });
      expect((await app.post('/api/user/authenticateuser', { email: bob.email, password: 'Wrong123' })).status).toBe(401);
      const hidden = async () => ({
        feed: names((await app.post('/api/post/loadrecentposts', { limit: 50, skip: 0 })).body.posts).includes('bobmod'),
        profile: (await app.post('/api/user/loadpublicprofile', { username: 'bobmod' })).status,
        comments: names((await app.post('/api/post/loadcomments', { postid: catPost })).body.comments).includes('bobmod'),
        likes: (await app.post('/api/post/loadpost', { postid: catPost })).body.post.likes,
        followers: (await app.post('/api/user/loadpublicprofile', { username: 'annmod' })).body.user.following.includes('bobmod'),
      });
      expect(await hidden()).toEqual({ feed: false, profile: 404, comments: false, likes: 0, followers: false });
      const users = (await app.post('/api/admin/getusers', {}, admin.auth)).body.users;
      expect(users.find((user: { username: string }) => user.username === 'bobmod')).toMatchObject({ suspended: true, suspension_reason: 'Spam account' });
      expect((await app.data.select().from(moderationActions).orderBy(moderationActions.id)).at(-1)).toMatchObject({ action: 'suspend', reason: 'Spam account', reportId: id, personUsername: 'bobmod' });

      expect((await app.post('/api/admin/unsuspenduser', { email: bob.email }, admin.auth)).body).toMatchObject({ status: 200 });
      expect((await app.post('/api/admin/unsuspenduser', { email: bob.email }, admin.auth)).status).toBe(400);
      expect(await hidden()).toEqual({ feed: true, profile: 200, comments: true, likes: 1, followers: true });
      expect((await app.post('/api/user/authenticateuser', { email: bob.email, password: bob.password })).status).toBe(200);
      expect(await app.data.select().from(userFollows)).toHaveLength(1);
    });

    it('suspends and unsuspends directly too (tRPC), never the admin themself', async () => {
      expect((await app.trpc('mutation', 'admin.suspendUser', { email: cat.email, reason: 'Cooling off' }, admin.auth)).data).toMatchObject({ status: 200 });
      expect((await app.post('/api/user/authenticateuser', { email: cat.email, password: cat.password })).status).toBe(403);
      expect((await app.trpc('mutation', 'admin.unsuspendUser', { email: cat.email }, admin.auth)).data).toMatchObject({ status: 200 });
      expect((await app.post('/api/admin/suspenduser', { email: ADMIN_EMAIL, reason: 'oops' }, admin.auth)).status).toBe(400);
      expect((await app.data.select().from(moderationActions).orderBy(moderationActions.id)).slice(-2).map((row) => `${row.action} ${row.personUsername}`)).toEqual([
        'suspend catmod',
        'unsuspend catmod',
      ]);
    });

    it('Delete account erases a person (admins only, audited), never the admin themself', async () => {
      const gone = await registerAccount(app, 'gonemod');
      const goneId = (await userOf(app.data, 'gonemod')).id;
      await reviewWithPhoto(gone, 'Doomed latte');
      expect((await app.post('/api/admin/deleteuser', { email: gone.email }, ann.auth)).status).toBe(403);
      expect((await app.post('/api/admin/deleteuser', { email: 'nobody@example.com' }, admin.auth)).status).toBe(404);
      expect((await app.post('/api/admin/deleteuser', { email: ADMIN_EMAIL }, admin.auth)).status).toBe(400);
      expect((await app.post('/api/admin/deleteuser', { email: gone.email, extra: 1 }, admin.auth)).status).toBe(400);
      expect((await app.post('/api/admin/deleteuser', { email: gone.email }, admin.auth)).body).toMatchObject({ status: 200, msg: SAFETY_MESSAGES.userDeleted });
      expect((await app.data.select().from(users).where(eq(users.username, 'gonemod')))[0]).toBeUndefined();
      expect((await app.data.select().from(posts).where(eq(posts.orderText, 'Doomed latte')))[0]).toBeUndefined();
      expect((await app.post('/api/user/authenticateuser', { email: gone.email, password: gone.password })).status).toBe(401);
      expect((await app.data.select().from(moderationActions).orderBy(moderationActions.id)).at(-1)).toMatchObject({
        action: 'delete_account',
        target: `gonemod <${gone.email}>`,
        personId: goneId,
        personUsername: 'gonemod',
      });
      expect((await app.trpc('mutation', 'admin.deleteUser', { email: gone.email }, admin.auth)).status).toBe(404);
    });

    it('names the person in every line about them, by id and username at the time, kept after their account is erased', async () => {
      const erased = await registerAccount(app, 'erasedmod');
      const erasedId = (await userOf(app.data, 'erasedmod')).id;
      const { postId } = await reviewWithPhoto(erased, 'Erased latte');
      const onPost = (await report(ann, { kind: 'post', target_id: postId, reason: 'spam' })).body.report_id;
      await app.post('/api/admin/resolvereport', { report_id: onPost, action: 'suspend', reason: 'Spam account' }, admin.auth);
      await app.post('/api/admin/unsuspenduser', { email: erased.email }, admin.auth);
      await app.post('/api/admin/deleteuser', { email: erased.email }, admin.auth);
      expect((await app.data.select().from(users).where(eq(users.id, erasedId)))[0]).toBeUndefined();

      const lines = await app.data.select().from(moderationActions).where(eq(moderationActions.personId, erasedId)).orderBy(moderationActions.id);
      expect(lines.map(({ action, targetKind, target, reportId, personUsername }) => ({ action, targetKind, target, reportId, personUsername }))).toEqual([
        { action: 'suspend', targetKind: 'post', target: String(postId), reportId: onPost, personUsername: 'erasedmod' },
        { action: 'unsuspend', targetKind: 'user', target: erased.email, reportId: null, personUsername: 'erasedmod' },
        { action: 'delete_account', targetKind: 'user', target: `erasedmod <${erased.email}>`, reportId: null, personUsername: 'erasedmod' },
      ]);
    });
  });
});
