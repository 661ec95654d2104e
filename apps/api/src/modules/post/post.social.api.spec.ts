import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, POST_MESSAGES } from '@siplog/contracts';
import { comments, insertEstablishment, notifications, postLikes, posts, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

const UNKNOWN_POST = 999_999;

/** Reviews are written straight to the database, so each test sets up exactly the review it needs. */
describe('likes and comments on a review', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let cal: TestAccount;
  let postid: number;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annsocial');
    bob = await registerAccount(app, 'bobsocial');
    cal = await registerAccount(app, 'calsocial');
    const place = await insertEstablishment(app.data, { placeId: 'siplog:social', name: 'Social Cafe', lat: 30.27, lng: -97.74 });
    postid = (
      await app.data
        .insert(posts)
        .values({ userId: await userId(app.data, 'annsocial'), establishmentId: place.id, orderText: 'Flat white', review: 'Silky', rating: 5 })
        .returning()
    )[0]!.id;
  });
  afterAll(() => app.close());

  describe('likes', () => {
    it('needs a signed-in caller whose e-mail or username matches the token, and changes nothing otherwise', async () => {
      expect((await app.post('/api/post/likepost', { postid, email: bob.email })).status).toBe(401);
      expect((await app.post('/api/post/ispostliked', { postid, username: bob.username })).status).toBe(401);
      expect((await app.post('/api/post/likepost', { postid, email: ann.email }, bob.auth)).status).toBe(403);
      expect((await app.post('/api/post/unlikepost', { postid, email: ann.email }, bob.auth)).status).toBe(403);
      expect((await app.post('/api/post/ispostliked', { postid, username: ann.username }, bob.auth)).status).toBe(403);
      expect((await app.trpc('mutation', 'post.like', { postid })).status).toBe(401);
      expect(await app.data.select().from(postLikes)).toEqual([]);
    });

    it('answers 404 for a post that does not exist', async () => {
      for (const path of ['/api/post/likepost', '/api/post/unlikepost', '/api/post/ispostliked']) {
        const response = await app.post(path, { postid: UNKNOWN_POST }, bob.auth);
        expect(response.status, path).toBe(404);
        expect(response.body).toEqual({ status: 404, msg: POST_MESSAGES.notFound });
      }
    });

    it('likes and unlikes idempotently, answering the exact count', async () => {
      expect((await app.post('/api/post/likepost', { postid, email: bob.email }, bob.auth)).body).toEqual({ status: 200, liked: true, likes: 1 });
      expect((await app.post('/api/post/likepost', { postid: String(postid), email: bob.email }, bob.auth)).body).toEqual({ status: 200, liked: true, likes: 1 });
      expect((await app.post('/api/post/ispostliked', { postid, username: bob.username }, bob.auth)).body).toEqual({ liked: true });
      expect((await app.post('/api/post/ispostliked', { postid }, cal.auth)).body).toEqual({ liked: false });
      expect((await app.post('/api/post/unlikepost', { postid, email: bob.email }, bob.auth)).body).toEqual({ status: 200, liked: false, likes: 0 });
      expect((await app.post('/api/post/unlikepost', { postid }, bob.auth)).body).toEqual({ status: 200, liked: false, likes: 0 });
      expect((await app.post('/api/post/ispostliked', { postid, username: bob.username }, bob.auth)).body).toEqual({ liked: false });
    });

    it('stays exact under concurrent likes and unlikes', async () => {
      const likes = await Promise.all(
        [bob, cal, bob, cal, bob, cal, bob, cal, ann, ann].map((who) => app.post('/api/post/likepost', { postid, email: who.email }, who.auth)),
      );
      expect(likes.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(likes.every((r) => r.body.liked === true && r.body.likes >= 1 && r.body.likes <= 3)).toBe(true);
      expect(await app.data.select().from(postLikes).where(eq(postLikes.postId, postid))).toHaveLength(3);

      const unlikes = await Promise.all([bob, bob, bob, bob].map((who) => app.post('/api/post/unlikepost', { postid }, who.auth)));
      expect(unlikes.map((r) => r.body.likes)).toEqual([2, 2, 2, 2]);
      expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: 0 })).body.posts[0].likes).toBe(2);
    });

    it('works over tRPC: post.like, post.unlike, post.isLiked', async () => {
      expect((await app.trpc('mutation', 'post.like', { postid }, bob.auth)).data).toEqual({ status: 200, liked: true, likes: 3 });
      expect((await app.trpc('query', 'post.isLiked', { postid }, bob.auth)).data).toEqual({ liked: true });
      expect((await app.trpc('mutation', 'post.unlike', { postid }, bob.auth)).data).toEqual({ status: 200, liked: false, likes: 2 });
      expect((await app.trpc('query', 'post.isLiked', { postid, username: ann.username }, bob.auth)).status).toBe(403);
      expect((await app.trpc('mutation', 'post.like', { postid: UNKNOWN_POST }, bob.auth)).status).toBe(404);
    });
  });

  describe('comments', () => {
    it('adds a trimmed comment as plain text and lists comments oldest first, to anyone', async () => {
      const html = '<img src=x onerror="alert(1)"> & <b>great</b>';
      const added = await app.post('/api/post/addcomment', { postid, comment: `  ${html}  `, email: bob.email }, bob.auth);
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ status: 200, comment: { comment_id: expect.any(Number), username: 'bobsocial', comment: html, comment_date: expect.any(String), mentions: [] } });
      await app.post('/api/post/addcomment', { postid, comment: 'Second!' }, cal.auth);
      const listed = await app.post('/api/post/loadcomments', { postid });
      expect(listed.status).toBe(200);
      expect(listed.body.comments).toEqual([
        { comment_id: added.body.comment.comment_id, username: 'bobsocial', comment: html, comment_date: added.body.comment.comment_date, mentions: [] },
        { comment_id: expect.any(Number), username: 'calsocial', comment: 'Second!', comment_date: expect.any(String), mentions: [] },
      ]);
      expect((await app.data.select().from(comments).where(eq(comments.postId, postid)))[0]!.body).toBe(html);
    });

    it('refuses an empty or too long comment, a guest, another person and an unknown post, storing nothing', async () => {
      const before = (await app.data.select().from(comments)).length;
      const empty = await app.post('/api/post/addcomment', { postid, comment: '   ' }, bob.auth);
      expect(empty.status).toBe(400);
      expect(empty.body.msg).toBe(POST_MESSAGES.enterComment);
      expect((await app.post('/api/post/addcomment', { postid, comment: 'x'.repeat(LIMITS.commentMax + 1) }, bob.auth)).status).toBe(400);
      expect((await app.post('/api/post/addcomment', { postid, comment: 'Hi' })).status).toBe(401);
      expect((await app.post('/api/post/addcomment', { postid, comment: 'Hi', email: ann.email }, bob.auth)).status).toBe(403);
      expect((await app.post('/api/post/addcomment', { postid: UNKNOWN_POST, comment: 'Hi' }, bob.auth)).status).toBe(404);
      expect((await app.post('/api/post/loadcomments', { postid: UNKNOWN_POST })).status).toBe(404);
      expect((await app.data.select().from(comments)).length).toBe(before);
      expect((await app.post('/api/post/addcomment', { postid, comment: 'y'.repeat(LIMITS.commentMax) }, ann.auth)).status).toBe(200);
    });

    it('works over tRPC: post.comments, post.addComment', async () => {
      const added = await app.trpc('mutation', 'post.addComment', { postid, comment: ' Via tRPC ' }, ann.auth);
      expect(added.data.comment).toMatchObject({ username: 'annsocial', comment: 'Via tRPC' });
      const listed = await app.trpc('query', 'post.comments', { postid });
      expect(listed.data.comments.at(-1)).toMatchObject({ username: 'annsocial', comment: 'Via tRPC' });
      expect((await app.trpc('mutation', 'post.addComment', { postid, comment: 'Hi' })).status).toBe(401);
    });

    it('lets the comment’s author or the review’s author delete a comment, with its notifications; anyone else 403, unknown 404', async () => {
      const byBob = (await app.post('/api/post/addcomment', { postid, comment: 'Delete me @calsocial' }, bob.auth)).body.comment.comment_id;
      const byCal = (await app.trpc('mutation', 'post.addComment', { postid, comment: 'And me' }, cal.auth)).data.comment.comment_id;
      const ids = async () => (await app.post('/api/post/loadcomments', { postid })).body.comments.map((c: { comment_id: number }) => c.comment_id);
      const calNotified = async () => (await app.data.select().from(notifications).where(eq(notifications.commentId, byBob))).length;
      expect(await calNotified()).toBeGreaterThan(0);

      expect((await app.post('/api/post/deletecomment', { comment_id: byBob })).status).toBe(401);
      const stranger = await app.post('/api/post/deletecomment', { comment_id: byBob }, cal.auth);
      expect(stranger.body).toEqual({ status: 403, msg: POST_MESSAGES.notCommentAuthor });
      for (const body of [{}, { comment_id: 'x' }, { comment_id: [byBob] }, { comment_id: byBob, extra: 1 }]) {
        expect((await app.post('/api/post/deletecomment', body, bob.auth)).status, JSON.stringify(body)).toBe(400);
      }
      expect(await ids()).toContain(byBob);

      expect((await app.post('/api/post/deletecomment', { comment_id: byBob }, bob.auth)).body).toEqual({ status: 200 });
      expect(await calNotified()).toBe(0);
      expect((await app.trpc('mutation', 'post.deleteComment', { comment_id: byCal }, ann.auth)).data).toEqual({ status: 200 }); // the review's author
      expect(await ids()).not.toContain(byBob);
      expect(await ids()).not.toContain(byCal);
      expect((await app.post('/api/post/deletecomment', { comment_id: byBob }, bob.auth)).body).toEqual({ status: 404, msg: POST_MESSAGES.commentNotFound });
    });

    it('limits comments per account (429), leaving other people free to comment', async () => {
      const dan = await registerAccount(app, 'dansocial');
      for (let i = 0; i < 30; i++) expect((await app.post('/api/post/addcomment', { postid, comment: `#${i}` }, dan.auth)).status).toBe(200);
      expect((await app.post('/api/post/addcomment', { postid, comment: 'one too many' }, dan.auth)).status).toBe(429);
      expect((await app.post('/api/post/addcomment', { postid, comment: 'still fine' }, cal.auth)).status).toBe(200);
    });
  });

  it("hides a deactivated person's likes and comments, and their reviews from likes and comments", async () => {
    // Ann and Cal like the review at this point.
    expect((await app.post('/api/post/likepost', { postid }, cal.auth)).body).toEqual({ status: 200, liked: true, likes: 2 });
    expect((await app.post('/api/user/deactivateaccount', { password: cal.password }, cal.auth)).status).toBe(200);
    expect((await app.post('/api/post/unlikepost', { postid }, bob.auth)).body).toEqual({ status: 200, liked: false, likes: 1 });
    const listed = await app.post('/api/post/loadcomments', { postid });
    expect(listed.body.comments.some((c: { username: string }) => c.username === 'calsocial')).toBe(false);

    expect((await app.post('/api/user/deactivateaccount', { password: ann.password }, ann.auth)).status).toBe(200);
    expect((await app.post('/api/post/loadcomments', { postid })).status).toBe(404);
    expect((await app.post('/api/post/likepost', { postid }, bob.auth)).status).toBe(404);
  });
});
