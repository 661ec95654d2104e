import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_SKIP_MAX, LIMITS } from '@siplog/contracts';
import { FEED_SKIP_FREE } from './post.service';
import { insertEstablishment, postImages, posts, users, type Database } from '@siplog/db';
import { registerAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

/** Reviews are written straight to the database, so each test sets up exactly the feed it reads. */
async function insertPost(db: Database, values: { userId: number; establishmentId: number; order: string; at: Date }): Promise<number> {
  const [row] = await db
    .insert(posts)
    .values({ userId: values.userId, establishmentId: values.establishmentId, orderText: values.order, review: `About ${values.order}`, rating: 4, createdAt: values.at })
    .returning();
  return row!.id;
}

const orders = (list: Array<{ order: string }>) => list.map((post) => post.order);

describe('the recent feed (loadrecentposts and post.recent)', () => {
  let app: TestApp;
  let placeId: number;
  let annId: number;

  beforeAll(async () => {
    app = await startTestApp();
    await registerAccount(app, 'annfeed');
    const gone = await registerAccount(app, 'gonefeed');
    annId = await userId(app.data, 'annfeed');
    placeId = (await insertEstablishment(app.data, { placeId: 'siplog:feed', name: 'Feed Cafe', city: 'Austin', lat: 30.27, lng: -97.74 })).id;
    // Posts 1..8 on days 1..8, except that 4 and 5 share one instant: the id breaks the tie.
    for (let i = 1; i <= 8; i++) {
      const at = new Date(Date.UTC(2026, 0, i === 5 ? 4 : i));
      const id = await insertPost(app.data, { userId: annId, establishmentId: placeId, order: `Order ${i}`, at });
      if (i === 8) await app.data.insert(postImages).values({ postId: id, fileName: `${'8'.repeat(32)}.webp`, position: 0 });
    }
    await insertPost(app.data, { userId: await userId(app.data, 'gonefeed'), establishmentId: placeId, order: 'Hidden', at: new Date(Date.UTC(2026, 0, 20)) });
    expect((await app.post('/api/user/deactivateaccount', { password: gone.password }, gone.auth)).status).toBe(200);
  });
  afterAll(() => app.close());

  it('answers {posts} newest first in the spec post shape, paged by limit and skip, without deactivated people', async () => {
    const first = await app.post('/api/post/loadrecentposts', { limit: 5, skip: 0 });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['posts']);
    expect(orders(first.body.posts)).toEqual(['Order 8', 'Order 7', 'Order 6', 'Order 5', 'Order 4']);
    expect(first.body.posts[0]).toEqual({
      post_id: expect.any(Number),
      _id: first.body.posts[0].post_id,
      username: 'annfeed',
      establishment_id: placeId,
      establishment_name: 'Feed Cafe',
      post_date: '2026-01-08T00:00:00.000Z',
      order: 'Order 8',
      review: 'About Order 8',
      rating: '4',
      likes: 0,
      images: ['8'.repeat(32) + '.webp'],
      est_street: '',
      est_city: 'Austin',
      est_state: '',
      est_zip: '',
      est_country: '',
      mentions: [],
      drink: null,
      amenities: {},
    });
    expect(orders((await app.post('/api/post/loadrecentposts', { limit: 1, skip: 5 })).body.posts)).toEqual(['Order 3']);
    expect(orders((await app.post('/api/post/loadrecentposts', { limit: 5, skip: 5 })).body.posts)).toEqual(['Order 3', 'Order 2', 'Order 1']);
    expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: 50 })).body).toEqual({ posts: [] });
    expect((await app.post('/api/post/loadrecentposts', {})).body.posts).toHaveLength(LIMITS.feedFirstPage);
  });

  it('pages by cursor over tRPC so a review posted while scrolling causes no duplicate and no gap', async () => {
    const first = await app.trpc('query', 'post.recent', { limit: 3 });
    expect(first.status).toBe(200);
    expect(orders(first.data.posts)).toEqual(['Order 8', 'Order 7', 'Order 6']);
    expect(first.data.nextCursor).toEqual(expect.any(String));

    const newer = await insertPost(app.data, { userId: annId, establishmentId: placeId, order: 'Newer', at: new Date(Date.UTC(2026, 0, 9)) });
    const seen = orders(first.data.posts);
    let cursor: string | null = first.data.nextCursor;
    while (cursor) {
      const page = await app.trpc('query', 'post.recent', { limit: 3, cursor });
      expect(page.status).toBe(200);
      seen.push(...orders(page.data.posts));
      cursor = page.data.nextCursor;
    }
    // Skipping by count would have shown 'Order 6' twice here; the cursor goes on exactly after it.
    expect(seen).toEqual(['Order 8', 'Order 7', 'Order 6', 'Order 5', 'Order 4', 'Order 3', 'Order 2', 'Order 1']);
    expect(orders((await app.trpc('query', 'post.recent', {})).data.posts)[0]).toBe('Newer');
    await app.data.delete(posts).where(eq(posts.id, newer));
  });

  it('goes on after posts that share one instant without losing either (the id breaks the tie)', async () => {
    const first = await app.trpc('query', 'post.recent', { limit: 4 });
    expect(orders(first.data.posts)).toEqual(['Order 8', 'Order 7', 'Order 6', 'Order 5']);
    const next = await app.trpc('query', 'post.recent', { limit: 4, cursor: first.data.nextCursor });
    expect(orders(next.data.posts)).toEqual(['Order 4', 'Order 3', 'Order 2', 'Order 1']);
  });

  it('refuses a malformed cursor or limit with 400', async () => {
    expect((await app.trpc('query', 'post.recent', { limit: 3, cursor: 'abc' })).status).toBe(400);
    expect((await app.trpc('query', 'post.recent', { limit: 3, cursor: "1_1' OR 1=1" })).status).toBe(400);
    expect((await app.trpc('query', 'post.recent', { limit: -1 })).status).toBe(400);
    expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: -1 })).status).toBe(400);
    expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: FEED_SKIP_MAX + 1 })).status).toBe(400);
  });

  it('rate-limits deep REST pages per client (each walks that many reviews), never the first thousand', async () => {
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    for (let i = 0; i < 30; i++) expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: FEED_SKIP_FREE }, from('10.77.0.1'))).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: FEED_SKIP_FREE + 1 }, from('10.77.0.2'))).status).toBe(200);
    const refused = await app.post('/api/post/loadrecentposts', { limit: 5, skip: FEED_SKIP_MAX }, from('10.77.0.2'));
    expect(refused.status).toBe(429);
    expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: 0 }, from('10.77.0.2'))).status).toBe(200);
    expect((await app.post('/api/post/loadrecentposts', { limit: 5, skip: FEED_SKIP_MAX }, from('10.77.0.3'))).status).toBe(200);
  });
});
