import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES } from '@siplog/contracts';
import { insertEstablishment, posts, userBlocks, userFollows, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

const names = (list: Array<{ username: string }>) => list.map((entry) => entry.username);

/** Issue 17: a block hides both people from each other, signed in, everywhere; guests see everything as before. */
describe('blocking', () => {
  let app: TestApp;
  let ann: TestAccount; // blocks bob
  let bob: TestAccount;
  let cat: TestAccount; // a bystander
  let placeId: number;
  let annPost: number;
  let bobPost: number;
  let catPost: number;

  const review = async (username: string, rating = 4) =>
    (await app.data.insert(posts).values({ userId: await userId(app.data, username), establishmentId: placeId, orderText: `${username}'s latte`, review: 'Fine', rating }).returning())[0]!.id;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annblock', { firstname: 'Ann', lastname: 'Block' });
    bob = await registerAccount(app, 'bobblock', { firstname: 'Bob', lastname: 'Block' });
    cat = await registerAccount(app, 'catblock', { firstname: 'Cat', lastname: 'Block' });
    placeId = (await insertEstablishment(app.data, { placeId: 'siplog:block-cafe', name: 'Block Cafe', lat: 30.2, lng: -97.7 })).id;
    annPost = await review('annblock');
    bobPost = await review('bobblock');
    catPost = await review('catblock');
    // Follows both ways, comments by each on the other's and on cat's review, likes and a mention.
    await app.post('/api/user/followuser', { targetusername: 'bobblock' }, ann.auth);
    await app.post('/api/user/followuser', { targetusername: 'annblock' }, bob.auth);
    await app.post('/api/user/followuser', { targetusername: 'annblock' }, cat.auth);
    await app.post('/api/user/followuser', { targetusername: 'bobblock' }, cat.auth);
    await app.post('/api/place/followestablishment', { establishment_id: placeId }, ann.auth);
    await app.post('/api/post/addcomment', { postid: catPost, comment: 'Ann was here' }, ann.auth);
    await app.post('/api/post/addcomment', { postid: catPost, comment: 'Bob was here, hi @annblock' }, bob.auth);
    await app.post('/api/post/likepost', { postid: annPost }, bob.auth);
  });
  afterAll(() => app.close());

  it('refuses bad input with 400, yourself with 400, unknown people with 404, guests with 401', async () => {
    for (const body of [{}, { targetusername: 7 }, { targetusername: 'x'.repeat(300) }, { targetusername: 'bobblock', extra: 1 }]) {
      expect((await app.post('/api/user/blockuser', body, ann.auth)).status, JSON.stringify(body)).toBe(400);
    }
    const self = await app.post('/api/user/blockuser', { targetusername: 'annblock' }, ann.auth);
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe(SAFETY_MESSAGES.blockSelf);
    expect((await app.post('/api/user/blockuser', { targetusername: 'nobody-here' }, ann.auth)).status).toBe(404);
    expect((await app.post('/api/user/blockuser', { targetusername: 'bobblock' })).status).toBe(401);
    expect((await app.post('/api/user/blockedusers', { extra: 1 }, ann.auth)).status).toBe(400);
    expect(await app.data.select().from(userBlocks)).toEqual([]);
  });

  it('blocks idempotently, ends follows both ways and lists the blocked', async () => {
    expect((await app.post('/api/user/blockuser', { targetusername: 'BobBlock' }, ann.auth)).body).toEqual({ status: 200 });
    expect((await app.trpc('mutation', 'user.block', { targetusername: 'bobblock' }, ann.auth)).data).toEqual({ status: 200 });
    expect(await app.data.select().from(userBlocks)).toHaveLength(1);
    const follows = (await app.data.select().from(userFollows)).map((row) => `${row.followerId}>${row.followeeId}`);
    const [annId, bobId] = [await userId(app.data, 'annblock'), await userId(app.data, 'bobblock')];
    expect(follows).not.toContain(`${annId}>${bobId}`);
    expect(follows).not.toContain(`${bobId}>${annId}`);
    expect((await app.post('/api/user/blockedusers', {}, ann.auth)).body).toEqual({ users: ['bobblock'], remote: [] });
    expect((await app.trpc('query', 'user.blocked', {}, bob.auth)).data).toEqual({ users: [], remote: [] });
  });

  it('hides each from the other in feeds, place pages, the full post and its comments, for both of them', async () => {
    for (const [viewer, other, otherPost] of [
      [ann, 'bobblock', bobPost],
      [bob, 'annblock', annPost],
    ] as const) {
      const recent = await app.post('/api/post/loadrecentposts', { limit: 50, skip: 0 }, viewer.auth);
      expect(names(recent.body.posts)).not.toContain(other);
      expect(names(recent.body.posts)).toContain('catblock');
      const page = await app.trpc('query', 'post.recent', { limit: 50 }, viewer.auth);
      expect(names(page.data.posts)).not.toContain(other);
      const place = await app.post('/api/post/loadpostsbyestablishment', { establishment_id: placeId }, viewer.auth);
      expect(names(place.body.posts)).not.toContain(other);
      expect((await app.post('/api/post/loadpost', { postid: otherPost }, viewer.auth)).status).toBe(404);
      expect((await app.trpc('query', 'post.comments', { postid: otherPost }, viewer.auth)).status).toBe(404);
      const thread = await app.post('/api/post/loadcomments', { postid: catPost }, viewer.auth);
      expect(names(thread.body.comments)).toEqual([viewer.username]);
      expect((await app.post('/api/post/loadrecentordersforuser', { username: other, limit: 10 }, viewer.auth)).body.orders).toEqual([]);
    }
    // The Following feed: ann follows the place, where bob's review stays hidden from her.
    const following = await app.post('/api/post/loadfollowingposts', { limit: 20, skip: 0 }, ann.auth);
    expect(names(following.body.posts).sort()).toEqual(['annblock', 'catblock']);
    const followingPage = await app.trpc('query', 'post.following', { limit: 1 }, ann.auth);
    expect(followingPage.data.posts).toHaveLength(1);
    expect(followingPage.data.nextCursor).not.toBeNull();
  });

  it('hides profiles, search results and follow lists, and the notifications between them', async () => {
    for (const [viewer, other] of [
      [ann, 'bobblock'],
      [bob, 'annblock'],
    ] as const) {
      const profile = await app.post('/api/user/loadpublicprofile', { username: other }, viewer.auth);
      expect(profile.status).toBe(404);
      expect((await app.trpc('query', 'user.publicProfile', { username: other }, viewer.auth)).status).toBe(404);
      expect((await app.post('/api/user/loaduserbyname', { name: other }, viewer.auth)).status).toBe(404);
      const search = await app.post('/api/user/searchusersorplaces', { searchString: 'block' }, viewer.auth);
      expect(names(search.body.searchresult)).not.toContain(other);
      expect(names(search.body.searchresult)).toContain('catblock');
      const cats = await app.post('/api/user/loadpublicprofile', { username: 'catblock' }, viewer.auth);
      expect(cats.body.user.following).not.toContain(other);
    }
    const annNotes = await app.post('/api/notification/list', { limit: 50 }, ann.auth);
    expect(annNotes.body.notifications.map((n: { actor_username: string }) => n.actor_username)).not.toContain('bobblock');
    expect(annNotes.body.notifications.map((n: { actor_username: string }) => n.actor_username)).toContain('catblock');
    const followers = await app.post('/api/place/followers', { establishment_id: placeId }, bob.auth);
    expect(followers.body.followers).not.toContain('annblock');
  });

  it('refuses follows, likes and comments either way with 403, changing nothing', async () => {
    const cases = [
      ['/api/user/followuser', { targetusername: 'bobblock' }, ann],
      ['/api/user/followuser', { targetusername: 'annblock' }, bob],
      ['/api/post/likepost', { postid: bobPost }, ann],
      ['/api/post/likepost', { postid: annPost }, bob],
      ['/api/post/addcomment', { postid: annPost, comment: 'hey' }, bob],
      ['/api/post/addcomment', { postid: bobPost, comment: 'hey' }, ann],
    ] as const;
    for (const [path, body, who] of cases) {
      const answer = await app.post(path, body, who.auth);
      expect(answer.status, `${path} ${who.username}`).toBe(403);
      expect(answer.body.msg).toBe(SAFETY_MESSAGES.cannotInteract);
    }
    expect((await app.trpc('mutation', 'post.like', { postid: bobPost }, ann.auth)).error?.message).toBe(SAFETY_MESSAGES.cannotInteract);
    const catId = await userId(app.data, 'catblock');
    expect((await app.data.select().from(userFollows)).filter((row) => row.followerId !== catId)).toEqual([]);
  });

  it('changes nothing for guests or bystanders', async () => {
    const guest = await app.post('/api/post/loadrecentposts', { limit: 50, skip: 0 });
    expect(names(guest.body.posts).sort()).toEqual(['annblock', 'bobblock', 'catblock']);
    expect((await app.post('/api/user/loadpublicprofile', { username: 'bobblock' })).status).toBe(200);
    const thread = await app.post('/api/post/loadcomments', { postid: catPost }, cat.auth);
    expect(names(thread.body.comments)).toEqual(['annblock', 'bobblock']);
  });

  it('leaves the other unlinked where a third person mentions them', async () => {
    const added = await app.post('/api/post/addcomment', { postid: catPost, comment: 'Ask @bobblock about it' }, cat.auth);
    const mentionsFor = async (headers?: Record<string, string>) =>
      (await app.post('/api/post/loadcomments', { postid: catPost }, headers)).body.comments.find(
        (comment: { comment_id: number }) => comment.comment_id === added.body.comment.comment_id,
      ).mentions;
    expect(await mentionsFor(ann.auth)).toEqual([]);
    expect(await mentionsFor()).toEqual(['bobblock']);
    expect(await mentionsFor(cat.auth)).toEqual(['bobblock']);
  });

  it('unblocks idempotently, and everything shows again (follows stay ended)', async () => {
    expect((await app.post('/api/user/unblockuser', { targetusername: 'bobblock' }, ann.auth)).body).toEqual({ status: 200 });
    expect((await app.trpc('mutation', 'user.unblock', { targetusername: 'bobblock' }, ann.auth)).data).toEqual({ status: 200 });
    expect((await app.post('/api/user/blockedusers', {}, ann.auth)).body).toEqual({ users: [], remote: [] });
    expect((await app.post('/api/user/loadpublicprofile', { username: 'bobblock' }, ann.auth)).status).toBe(200);
    expect((await app.post('/api/post/loadpost', { postid: annPost }, bob.auth)).status).toBe(200);
    expect((await app.post('/api/post/likepost', { postid: bobPost }, ann.auth)).status).toBe(200);
    expect((await app.post('/api/user/followuser', { targetusername: 'bobblock' }, ann.auth)).status).toBe(200);
  });
});
