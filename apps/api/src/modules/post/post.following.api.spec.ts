import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment, posts, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

/** The Following feed: reviews by people followed, at places followed, and one's own; newest first, each once. */
describe('the Following feed', () => {
  let app: TestApp;
  let reader: TestAccount;
  let friend: TestAccount;
  let stranger: TestAccount;
  let placeFollowed: number;
  let otherPlace: number;
  let at = Date.UTC(2026, 5, 1);

  const review = async (username: string, establishmentId: number, orderText: string) =>
    (
      await app.data
        .insert(posts)
        .values({ userId: await userId(app.data, username), establishmentId, orderText, review: 'Good', rating: 4, createdAt: new Date((at += 60_000)) })
        .returning()
    )[0]!.id;
  const orders = (body: { posts: Array<{ order: string }> }) => body.posts.map((post) => post.order);

  beforeAll(async () => {
    app = await startTestApp();
    reader = await registerAccount(app, 'readerf');
    friend = await registerAccount(app, 'friendf');
    stranger = await registerAccount(app, 'strangerf');
    placeFollowed = (await insertEstablishment(app.data, { placeId: 'siplog:ff1', name: 'Followed Cafe', lat: 30.1, lng: -97.1 })).id;
    otherPlace = (await insertEstablishment(app.data, { placeId: 'siplog:ff2', name: 'Other Cafe', lat: 30.2, lng: -97.2 })).id;
  });
  afterAll(() => app.close());

  it('needs a token, and refuses bad paging with 400', async () => {
    expect((await app.post('/api/post/loadfollowingposts', { limit: 5, skip: 0 })).status).toBe(401);
    expect((await app.trpc('query', 'post.following', { limit: 5 })).status).toBe(401);
    for (const body of [{ limit: -1 }, { limit: 51 }, { skip: 'x' }, { limit: [5] }, { extra: 1 }]) {
      expect((await app.post('/api/post/loadfollowingposts', body, reader.auth)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await app.trpc('query', 'post.following', { limit: 5, cursor: 'nope' }, reader.auth)).status).toBe(400);
  });

  it('is empty for someone who follows nobody and has not posted, and says they follow nobody', async () => {
    expect((await app.post('/api/post/loadfollowingposts', {}, reader.auth)).body).toEqual({ posts: [] });
    expect((await app.trpc('query', 'post.following', { limit: 5 }, reader.auth)).data).toEqual({ posts: [], nextCursor: null, follows: 0 });
  });

  it('lists followed people, followed places and one’s own reviews, newest first and each once; a follow shows at once', async () => {
    await review('strangerf', otherPlace, 'stranger elsewhere');
    await review('friendf', otherPlace, 'friend elsewhere');
    await review('strangerf', placeFollowed, 'stranger at followed place');
    await review('friendf', placeFollowed, 'friend at followed place');
    await review('readerf', otherPlace, 'mine');

    expect(orders((await app.post('/api/post/loadfollowingposts', {}, reader.auth)).body)).toEqual(['mine']);
    await app.post('/api/user/followuser', { targetusername: 'friendf' }, reader.auth);
    await app.post('/api/place/followestablishment', { establishment_id: placeFollowed }, reader.auth);

    const feed = await app.post('/api/post/loadfollowingposts', { limit: 10, skip: 0 }, reader.auth);
    expect(feed.status).toBe(200);
    expect(orders(feed.body)).toEqual(['mine', 'friend at followed place', 'stranger at followed place', 'friend elsewhere']);
    expect(feed.body.posts[0]).toMatchObject({ username: 'readerf', establishment_name: 'Other Cafe', likes: 0, images: [] });
    expect(orders((await app.post('/api/post/loadfollowingposts', { limit: 2, skip: 1 }, reader.auth)).body)).toEqual([
      'friend at followed place',
      'stranger at followed place',
    ]);
    expect((await app.trpc('query', 'post.following', { limit: 1 }, reader.auth)).data.follows).toBe(2);

    await app.post('/api/user/unfollowuser', { targetusername: 'friendf' }, reader.auth);
    expect(orders((await app.post('/api/post/loadfollowingposts', { limit: 10 }, reader.auth)).body)).toEqual([
      'mine',
      'friend at followed place',
      'stranger at followed place',
    ]);
    await app.post('/api/user/followuser', { targetusername: 'friendf' }, reader.auth);
  });

  it('pages by cursor with no repeat and no gap while new reviews arrive', async () => {
    const first = await app.trpc('query', 'post.following', { limit: 2 }, reader.auth);
    expect(orders(first.data)).toEqual(['mine', 'friend at followed place']);
    await review('friendf', otherPlace, 'posted while scrolling');
    const second = await app.trpc('query', 'post.following', { limit: 2, cursor: first.data.nextCursor }, reader.auth);
    expect(orders(second.data)).toEqual(['stranger at followed place', 'friend elsewhere']);
    const third = await app.trpc('query', 'post.following', { limit: 2, cursor: second.data.nextCursor }, reader.auth);
    expect(third.data).toMatchObject({ posts: [], nextCursor: null });
    const fresh = await app.trpc('query', 'post.following', { limit: 1 }, reader.auth);
    expect(orders(fresh.data)).toEqual(['posted while scrolling']);
  });

  it('leaves out deactivated people’s reviews, followed directly or met at a followed place', async () => {
    await app.post('/api/user/deactivateaccount', { password: friend.password }, friend.auth);
    await app.post('/api/user/deactivateaccount', { password: stranger.password }, stranger.auth);
    expect(orders((await app.post('/api/post/loadfollowingposts', { limit: 10 }, reader.auth)).body)).toEqual(['mine']);
  });

  it('matches the plain definition on many people, places, shared instants and page sizes, by cursor and by skip', async () => {
    const people = await Promise.all(['wide1f', 'wide2f', 'wide3f', 'wide4f', 'wide5f', 'wide6f'].map((name) => registerAccount(app, name)));
    const places: number[] = [];
    for (let i = 0; i < 5; i++) places.push((await insertEstablishment(app.data, { placeId: `siplog:wide${i}`, name: `Wide ${i}`, lat: 31 + i, lng: -96 })).id);
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const authors = [...people.map((person) => person.username), 'wanderf'];
    await registerAccount(app, 'wanderf');
    const base = Date.UTC(2026, 6, 1);
    for (let i = 0; i < 160; i++) {
      // Several reviews share an instant, so the id must break ties.
      const createdAt = new Date(base + next(60) * 60_000);
      const author = await userId(app.data, authors[next(authors.length)]);
      await app.data.insert(posts).values({ userId: author, establishmentId: places[next(places.length)], orderText: `w${i}`, review: 'x', rating: 3, createdAt });
    }
    const wide = people[0];
    for (const person of people.slice(1, 4)) await app.post('/api/user/followuser', { targetusername: person.username }, wide.auth);
    for (const place of places.slice(0, 2)) await app.post('/api/place/followestablishment', { establishment_id: place }, wide.auth);
    await app.post('/api/user/deactivateaccount', { password: people[3].password }, people[3].auth);

    const followed = new Set([await userId(app.data, wide.username), await userId(app.data, people[1].username), await userId(app.data, people[2].username)]);
    const inactive = new Set((await app.data.select().from(users)).filter((user) => user.deactivatedAt !== null).map((user) => user.id));
    const active = (id: number) => !inactive.has(id);
    const expected = (await app.data.select().from(posts))
      .filter((post) => active(post.userId) && (followed.has(post.userId) || places.slice(0, 2).includes(post.establishmentId)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((post) => post.orderText);
    expect(expected.length).toBeGreaterThan(40);

    for (const limit of [1, 3, 7]) {
      const walked: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 200; page++) {
        const answer = await app.trpc('query', 'post.following', { limit, cursor }, wide.auth);
        walked.push(...orders(answer.data));
        cursor = answer.data.nextCursor;
        if (!cursor) break;
      }
      expect(walked, `limit ${limit}`).toEqual(expected);
    }
    for (const skip of [0, 5, 17, 40]) {
      expect(orders((await app.post('/api/post/loadfollowingposts', { limit: 9, skip }, wide.auth)).body), `skip ${skip}`).toEqual(expected.slice(skip, skip + 9));
    }
  });
});
