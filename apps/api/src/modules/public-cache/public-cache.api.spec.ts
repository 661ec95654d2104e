import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAdapterHost } from '@nestjs/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, insertEstablishment, openDatabase, PgDatabase, users } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { rawRequest } from '../../test/raw-http';
import { readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { EventBus } from '../events/event-bus.service';
import { EventClockRepository } from '../events/event-clock.repository';
import { PublicCacheService } from './public-cache.service';
import { personTag } from './public-cache.tags';

const ADMIN_EMAIL = 'cacheboss@example.com';

/**
 * Signed-out answers are kept and sent again until a write changes them: never stale once the write is acknowledged,
 * revalidated by ETag. After each kind of write, every read is checked against the same read computed afresh by the
 * app's own Express (no front door, so nothing kept), signed out and by a reader with a block (whose answers are kept
 * for them alone): each must match.
 */
describe('the public cache', () => {
  let app: TestApp;
  let cache: PublicCacheService;
  let ann: TestAccount;
  let bob: TestAccount;
  let admin: TestAccount;
  let darkMatter: number;
  let otherPlace: number;

  type Read = {
    label: string;
    send: (headers?: Record<string, string>, baseUrl?: string) => Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }>;
  };
  const restRead = (path: string, body: unknown): Read => ({
    label: `POST ${path} ${JSON.stringify(body)}`,
    send: (headers = {}, baseUrl = app.baseUrl) =>
      rawRequest(baseUrl, { method: 'POST', path, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  });
  const trpcRead = (procedure: string, input?: unknown): Read => ({
    label: `tRPC ${procedure} ${JSON.stringify(input)}`,
    send: (headers = {}, baseUrl = app.baseUrl) =>
      rawRequest(baseUrl, { path: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers }),
  });
  const pageRead = (path: string): Read => ({ label: `page ${path}`, send: (headers = {}, baseUrl = app.baseUrl) => rawRequest(baseUrl, { path, headers }) });

  /** Every kept read of the two places, the two people and the feed. */
  let reads: Read[];
  let annPost: number;

  /** Blocked someone who has nothing to show: reads the public answers, kept for them alone. */
  let freshReader: TestAccount;
  /** The same app's Express on a server of its own, without the front door: every answer computed afresh. */
  let fresh: { baseUrl: string; server: Server };

  /** Each answer (kept or not), signed out and to freshReader, equals the one computed afresh. */
  async function expectAllFresh(after: string): Promise<void> {
    for (const read of reads) {
      for (const headers of [{}, freshReader.auth]) {
        const kept = await read.send(headers);
        const computed = await read.send(headers, fresh.baseUrl);
        const label = `${read.label}${headers === freshReader.auth ? ' (signed in)' : ''} after ${after}`;
        expect(kept.status, label).toBe(computed.status);
        expect(kept.text, label).toBe(computed.text);
      }
    }
  }

  async function review(account: TestAccount, placeId: string, order: string): Promise<number> {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6a4' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'one.jpg');
    form.append('data', JSON.stringify({ place_id: placeId, establishment_name: 'x', order, review: 'Lovely', rating: 4 }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
    expect(response.status).toBe(200);
    return ((await response.json()) as { post_id: number }).post_id;
  }

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    cache = app.get(PublicCacheService);
    ann = await registerAccount(app, 'anncache');
    bob = await registerAccount(app, 'bobcache');
    admin = await registerAccount(app, 'cacheboss', { email: ADMIN_EMAIL });
    freshReader = await registerAccount(app, 'freshcache');
    await registerAccount(app, 'quietcache');
    expect((await app.post('/api/user/blockuser', { targetusername: 'quietcache' }, freshReader.auth)).status).toBe(200);
    const freshServer = http.createServer(app.get(HttpAdapterHost).httpAdapter.getInstance());
    await new Promise<void>((resolve) => freshServer.listen(0, '127.0.0.1', resolve));
    fresh = { baseUrl: `http://127.0.0.1:${(freshServer.address() as AddressInfo).port}`, server: freshServer };
    darkMatter = (await insertEstablishment(app.data, { placeId: 'prov-dark-matter', name: 'Dark Matter Coffee', city: 'Chicago', lat: 41.88, lng: -87.63 })).id;
    otherPlace = (await insertEstablishment(app.data, { placeId: 'prov-other', name: 'Other Tea', city: 'Chicago', lat: 41.89, lng: -87.62 })).id;
    annPost = await review(ann, 'prov-dark-matter', 'Cortado');
    await review(bob, 'prov-other', 'Oolong');
    const box = { south: 41.8, west: -87.7, north: 41.95, east: -87.55 };
    reads = [
      restRead('/api/post/loadrecentposts', { limit: 5, skip: 0 }),
      trpcRead('post.recent', { limit: 5 }),
      restRead('/api/post/loadpost', { postid: annPost }),
      restRead('/api/post/loadcomments', { postid: annPost }),
      trpcRead('post.comments', { postid: annPost }),
      restRead('/api/place/loadestablishment', { establishment_id: darkMatter }),
      restRead('/api/post/loadpostsbyestablishment', { establishment_id: darkMatter }),
      trpcRead('post.byEstablishment', { establishment_id: otherPlace }),
      restRead('/api/place/followers', { establishment_id: darkMatter }),
      trpcRead('place.inBounds', box),
      restRead('/api/user/loadpublicprofile', { username: 'anncache' }),
      trpcRead('user.publicProfile', { username: 'bobcache' }),
      trpcRead('post.recentOrders', { username: 'anncache', limit: 10 }),
      restRead('/api/post/loadfivestarordersforuser', { username: 'anncache', limit: 10 }),
      trpcRead('map.config'),
      pageRead(`/view/${darkMatter}`),
      pageRead('/user/anncache'),
      pageRead('/login'),
    ];
  });
  afterAll(async () => {
    if (fresh) await new Promise((resolve) => fresh.server.close(resolve));
    await app.close();
  });

  it('sends a signed-out answer again without computing it, with an ETag, and 304 to a browser that holds it', async () => {
    for (const read of reads) {
      const first = await read.send();
      expect(first.status, read.label).toBe(200);
      const before = cache.stats().hits;
      const second = await read.send();
      expect(cache.stats().hits, read.label).toBe(before + 1);
      expect(second.text, read.label).toBe(first.text);
      const etag = second.headers.etag as string;
      expect(etag, read.label).toMatch(/^"[\w-]+"$/);
      expect(second.headers['cache-control'], read.label).toBe('no-cache');
      // The security headers travel with the kept answer.
      expect(second.headers['content-security-policy'], read.label).toBe(first.headers['content-security-policy']);
      expect(second.headers['content-type'], read.label).toBe(first.headers['content-type']);
      const revalidated = await read.send({ 'If-None-Match': etag });
      expect(revalidated.status, read.label).toBe(304);
      expect(revalidated.text).toBe('');
    }
  });

  it('keeps nothing for, and sends nothing kept to, a request with a token', async () => {
    const read = restRead('/api/post/loadrecentposts', { limit: 3, skip: 0 });
    const { entries, hits } = cache.stats();
    const signedIn = await read.send(ann.auth);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
    await read.send(ann.auth);
    expect(cache.stats()).toMatchObject({ entries, hits });
    // A forged or expired token is not signed out either: no kept answer for it.
    await read.send();
    const hitsBefore = cache.stats().hits;
    await read.send({ Authorization: 'Bearer nonsense' });
    expect(cache.stats().hits).toBe(hitsBefore);
  });

  it('keeps a page by its path, whatever its query string, and still logs a visit from another site', async () => {
    const first = await pageRead(`/view/${darkMatter}?utm_source=x`).send();
    const hits = cache.stats().hits;
    const second = await pageRead(`/view/${darkMatter}?fbclid=abc`).send({ Referer: 'https://t.co/xyz?secret=1' });
    expect(cache.stats().hits).toBe(hits + 1);
    expect(second.text).toBe(first.text);
    expect(await readTodaysLog(app.config, `Referred visit: /view/${darkMatter} from https://t.co`)).toContain(`Referred visit: /view/${darkMatter} from https://t.co`);
  });

  it('is never stale after a write is acknowledged: reviews, edits, likes, comments, follows, profiles, deactivation, admin actions', async () => {
    await expectAllFresh('nothing');
    const newPost = await review(bob, 'prov-dark-matter', 'Flat white');
    await expectAllFresh('a review');
    expect((await app.post('/api/post/updatepost', { postid: annPost, order: 'Cortado x2', review: 'Even better', rating: 5 }, ann.auth)).status).toBe(200);
    await expectAllFresh('an edit');
    expect((await app.post('/api/post/likepost', { postid: annPost }, bob.auth)).status).toBe(200);
    await expectAllFresh('a like');
    expect((await app.trpc('mutation', 'post.unlike', { postid: annPost }, bob.auth)).status).toBe(200);
    await expectAllFresh('an unlike');
    expect((await app.post('/api/post/addcomment', { postid: annPost, comment: 'Agreed!' }, bob.auth)).status).toBe(200);
    await expectAllFresh('a comment');
    expect((await app.post('/api/user/followuser', { targetusername: 'anncache' }, bob.auth)).status).toBe(200);
    await expectAllFresh('a follow');
    expect((await app.post('/api/place/followestablishment', { establishment_id: darkMatter }, bob.auth)).status).toBe(200);
    await expectAllFresh('a place follow');
    expect((await app.post('/api/place/unfollowestablishment', { establishment_id: darkMatter }, bob.auth)).status).toBe(200);
    await expectAllFresh('a place unfollow');
    expect((await app.post('/api/user/updatecurrentfavorder', { current_fav_order: 'Gibraltar' }, ann.auth)).status).toBe(200);
    await expectAllFresh('a favourite order');
    expect((await app.post('/api/user/updateprofiledetails', { gender: 'Custom', bio: 'Coffee every day' }, ann.auth)).status).toBe(200);
    await expectAllFresh('profile details');
    expect((await app.post('/api/post/deletepost', { postid: newPost }, bob.auth)).status).toBe(200);
    await expectAllFresh('a delete');
    expect((await app.post('/api/admin/updateuserprofile', { email: ann.email, firstname: 'Annie' }, admin.auth)).status).toBe(200);
    await expectAllFresh('an admin edit');
    expect((await app.post('/api/user/deactivateaccount', { password: bob.password }, bob.auth)).status).toBe(200);
    await expectAllFresh('a deactivation');
    const back = await app.post('/api/user/authenticateuser', { email: bob.email, password: bob.password });
    expect(back.status).toBe(200);
    await expectAllFresh('a reactivation');
  });

  it('leaves one place answers kept while reviews and likes land at another', async () => {
    const placePage = restRead('/api/post/loadpostsbyestablishment', { establishment_id: darkMatter });
    await placePage.send();
    await placePage.send();
    const hits = cache.stats().hits;
    const elsewhere = await review(ann, 'prov-other', 'Milk tea');
    expect((await app.post('/api/post/likepost', { postid: elsewhere }, admin.auth)).status).toBe(200);
    await placePage.send();
    expect(cache.stats().hits).toBe(hits + 1);
  });

  // SQLite: another process's commit shows in the file's data_version. PostgreSQL has no such counter (the twin below).
  it.skipIf(DIALECT === 'pg')('drops everything when another connection (another process) writes to the database', async () => {
    const profile = restRead('/api/user/loadpublicprofile', { username: 'anncache' });
    await profile.send();
    const other = openDatabase(app.config.databaseFile);
    try {
      other.update(users).set({ currentFavOrder: 'Written elsewhere' }).where(eq(users.email, ann.email)).run();
    } finally {
      other.$client.close();
    }
    const after = await profile.send();
    expect(JSON.parse(after.text).user.current_fav_order).toBe('Written elsewhere');
  });

  it.runIf(DIALECT === 'pg')('drops what another node announces it changed (PostgreSQL: LISTEN/NOTIFY)', async () => {
    const profile = restRead('/api/user/loadpublicprofile', { username: 'anncache' });
    const order = async () => JSON.parse((await profile.send()).text).user.current_fav_order as string;
    const before = await order();
    // Another node: its own connections to the same database, and its own EventBus.
    const other = new PgDatabase(app.config.databaseUrl!);
    try {
      await other.update(users).set({ currentFavOrder: 'Written by another node' }).where(eq(users.email, ann.email));
      expect(await order()).toBe(before); // this node has not heard of it yet: the kept answer
      new EventBus(other, new EventClockRepository(other)).publish('cache', [personTag('anncache')]);
      let seen = before;
      for (let i = 0; i < 100 && seen === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await order();
      }
      expect(seen).toBe('Written by another node');
    } finally {
      await other.close();
    }
  });
});

describe('the public cache turned off', () => {
  it('keeps nothing with PUBLIC_CACHE_MB=0', async () => {
    const app = await startTestApp({ PUBLIC_CACHE_MB: '0' });
    try {
      for (let i = 0; i < 2; i += 1) {
        const answer = await rawRequest(app.baseUrl, { path: '/trpc/map.config' });
        expect(answer.status).toBe(200);
        expect(answer.headers.etag).toBeUndefined();
      }
      expect(app.get(PublicCacheService).stats()).toEqual({ entries: 0, bytes: 0, hits: 0, misses: 0 });
    } finally {
      await app.close();
    }
  });
});
