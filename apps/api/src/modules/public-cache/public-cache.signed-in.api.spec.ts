import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { rawRequest } from '../../test/raw-http';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PublicCacheService } from './public-cache.service';
import { ALIKE_FOR_READERS_HIDING_NO_ONE } from './public-reads';

const PLACE = { placeId: 'prov-alike', name: 'Alike Tea', city: 'Chicago', lat: 41.88, lng: -87.63 };

/** The people and the place every read below is about: ann reviewed the place (5 stars) and follows it. */
async function setUp(app: TestApp, suffix: string) {
  const ann = await registerAccount(app, `ann${suffix}`);
  const place = (await insertEstablishment(app.data, PLACE)).id;
  const posted = await postReview(app, ann, { place_id: PLACE.placeId, rating: 5, order: 'Oolong' });
  expect(posted.status).toBe(200);
  expect((await app.post('/api/place/followestablishment', { establishment_id: place }, ann.auth)).status).toBe(200);
  const inputs: Record<string, unknown> = {
    'post.recent': { limit: 5 },
    'post.byId': { postid: posted.body.post_id },
    'post.byEstablishment': { establishment_id: place },
    'post.recentOrders': { username: ann.username, limit: 5 },
    'post.fiveStarOrders': { username: ann.username, limit: 5 },
    'place.byId': { establishment_id: place },
    'place.bestOrders': { establishment_id: place },
    'place.followers': { establishment_id: place },
    'place.byLocation': { location: 'alike-tea-chicago' },
    'place.forFeed': { limit: 1, skip: 0 },
    'place.inBounds': { west: -88, south: 41.5, east: -87.5, north: 42 },
    'place.area': { location: 'Chicago' },
    'user.publicProfile': { username: ann.username },
    'map.config': undefined,
  };
  return { ann, place, inputs };
}

const query = (app: TestApp, procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  rawRequest(app.baseUrl, { path: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers });

describe('public reads a signed-in reader who hides no one gets as everyone does', () => {
  let app: TestApp;
  let inputs: Record<string, unknown>;
  let reader: TestAccount;

  beforeAll(async () => {
    // Nothing kept: every answer below is computed for its caller.
    app = await startTestApp({ PUBLIC_CACHE_MB: '0' });
    ({ inputs } = await setUp(app, 'alike'));
    reader = await registerAccount(app, 'readeralike');
  });
  afterAll(() => app.close());

  it('answers each of them to such a reader exactly as to a signed-out visitor', async () => {
    expect(new Set(Object.keys(inputs))).toEqual(ALIKE_FOR_READERS_HIDING_NO_ONE);
    for (const [procedure, input] of Object.entries(inputs)) {
      const signedOut = await query(app, procedure, input);
      const signedIn = await query(app, procedure, input, reader.auth);
      expect(signedOut.status, procedure).toBe(200);
      expect(signedIn.text, procedure).toBe(signedOut.text);
    }
  });
});

describe('kept public answers for signed-in readers', () => {
  let app: TestApp;
  let cache: PublicCacheService;
  let ann: TestAccount;
  let reader: TestAccount;
  let blocker: TestAccount;
  let inputs: Record<string, unknown>;

  beforeAll(async () => {
    app = await startTestApp();
    cache = app.get(PublicCacheService);
    ({ ann, inputs } = await setUp(app, 'kept'));
    reader = await registerAccount(app, 'readerkept');
    blocker = await registerAccount(app, 'blockerkept');
    expect((await app.post('/api/user/blockuser', { targetusername: ann.username }, blocker.auth)).status).toBe(200);
  });
  afterAll(() => app.close());

  it('sends a reader who hides no one the kept answer, and keeps what it computes for them', async () => {
    for (const [procedure, input] of Object.entries(inputs)) {
      const { hits } = cache.stats();
      const first = await query(app, procedure, input, reader.auth);
      const second = await query(app, procedure, input);
      expect(cache.stats().hits, procedure).toBe(hits + 1);
      expect(second.text, procedure).toBe(first.text);
      const third = await query(app, procedure, input, reader.auth);
      expect(cache.stats().hits, procedure).toBe(hits + 2);
      expect(third.text, procedure).toBe(first.text);
      expect(third.headers.etag, procedure).toBe(second.headers.etag);
    }
  });

  it("keeps a blocking reader's answers, without the people they hide, for them alone", async () => {
    const recent = inputs['post.recent'];
    const everyone = await query(app, 'post.recent', recent);
    expect(everyone.text).toContain(ann.username);
    const { hits } = cache.stats();
    const theirs = await query(app, 'post.recent', recent, blocker.auth);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain(ann.username);
    expect(cache.stats().hits).toBe(hits);
    const again = await query(app, 'post.recent', recent, blocker.auth);
    expect(cache.stats().hits).toBe(hits + 1);
    expect(again.text).toBe(theirs.text);
    expect(again.headers.etag).toBeDefined();
    expect(again.headers.etag).not.toBe(everyone.headers.etag);
    // Someone else who hides the very same person is not sent the blocker's answer: it is computed for them.
    const alike = await registerAccount(app, 'twinblocker');
    expect((await app.post('/api/user/blockuser', { targetusername: ann.username }, alike.auth)).status).toBe(200);
    expect((await query(app, 'post.recent', recent, alike.auth)).text).toBe(theirs.text);
    expect(cache.stats().hits).toBe(hits + 1);
    // And everyone is still sent everyone's.
    expect((await query(app, 'post.recent', recent)).text).toBe(everyone.text);
    expect((await query(app, 'user.publicProfile', inputs['user.publicProfile'], blocker.auth)).status).toBe(404);
  });

  it('goes on answering a reader as everyone once their block is undone, and apart again once they block', async () => {
    const recent = inputs['post.recent'];
    expect((await app.post('/api/user/unblockuser', { targetusername: ann.username }, blocker.auth)).status).toBe(200);
    const hits = cache.stats().hits;
    expect((await query(app, 'post.recent', recent, blocker.auth)).text).toContain(ann.username);
    expect(cache.stats().hits).toBe(hits + 1);
    expect((await app.post('/api/user/blockuser', { targetusername: ann.username }, blocker.auth)).status).toBe(200);
    expect((await query(app, 'post.recent', recent, blocker.auth)).text).not.toContain(ann.username);
  });

  it("sends a blocking reader no answer kept for them once the public data changes", async () => {
    const recent = inputs['post.recent'];
    await query(app, 'post.recent', recent, blocker.auth);
    const other = await registerAccount(app, 'otherkept');
    expect((await postReview(app, other, { place_id: PLACE.placeId, order: 'Genmaicha' })).status).toBe(200);
    const theirs = await query(app, 'post.recent', recent, blocker.auth);
    expect(theirs.text).toContain('Genmaicha');
    expect(theirs.text).not.toContain(ann.username);
  });

  it('sends kept answers for a token that names no one (the signed-out answer), and never for other calls', async () => {
    const recent = inputs['post.recent'];
    await query(app, 'post.recent', recent);
    const hits = cache.stats().hits;
    expect((await query(app, 'post.recent', recent, { Authorization: 'Bearer nonsense' })).status).toBe(200);
    expect(cache.stats().hits).toBe(hits + 1);
    // post.comments folds replies a reader blocked elsewhere: never kept for signed-in readers.
    const comments = { postid: (inputs['post.byId'] as { postid: number }).postid };
    await query(app, 'post.comments', comments);
    const before = cache.stats().hits;
    expect((await query(app, 'post.comments', comments, reader.auth)).status).toBe(200);
    expect(cache.stats().hits).toBe(before);
    // Signed-in calls of one's own are never kept.
    expect((await query(app, 'post.following', { limit: 5 }, reader.auth)).status).toBe(200);
    expect(cache.stats().hits).toBe(before);
  });

  it('stops answering a token from what is kept once its session ends', async () => {
    const recent = inputs['post.recent'];
    const leaving = await registerAccount(app, 'leavingkept');
    expect((await query(app, 'post.following', { limit: 5 }, leaving.auth)).status).toBe(200);
    expect((await app.post('/api/user/logout', {}, leaving.auth)).status).toBe(200);
    expect((await query(app, 'post.following', { limit: 5 }, leaving.auth)).status).toBe(401);
    // Its reads of public answers are everyone's, as for any token that names no one.
    expect((await query(app, 'post.recent', recent, leaving.auth)).status).toBe(200);
  });
});
