import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAdapterHost } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertEstablishment, posts, users } from '@siplog/db';
import { PUBLIC_REST_READS } from '../modules/public-cache/public-reads';
import { FEED_SKIP_FREE } from '../modules/post/post.service';
import { bearer, newClient, registerAccount, type TestAccount } from '../test/accounts';
import { comparableAnswer, rawRequest, type RawAnswer, type RawRequest } from '../test/raw-http';
import { startTestApp, type TestApp } from '../test/test-app';
import { fastRestReads } from './fast-rest-reads';

/** Connection framing is the one difference allowed (Express and the fast path both send one body with its length). */
const FRAMING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const comparable = (answer: RawAnswer) => comparableAnswer(answer, FRAMING);

const json = { 'Content-Type': 'application/json' };
const post = (path: string, body: unknown, headers: Record<string, string> = {}): RawRequest => ({
  method: 'POST',
  path,
  headers: { ...json, ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const deep = '['.repeat(40) + ']'.repeat(40);

describe('public REST reads answered before Express', () => {
  let app: TestApp;
  /** The same app's Express (Nest's routes, middleware and filter), on a server of its own without the front door. */
  let reference: { baseUrl: string; server: Server };
  let express: http.RequestListener & { handle: (...args: unknown[]) => unknown };
  let ann: TestAccount;
  let placeId: number;
  let postId: number;

  beforeAll(async () => {
    // Without the public cache, so every read reaches the app on both sides.
    app = await startTestApp({ PUBLIC_CACHE_MB: '0' });
    ann = await registerAccount(app, 'annrestfast');
    const [annRow] = await app.data.select().from(users).where(eq(users.username, 'annrestfast'));
    placeId = (await insertEstablishment(app.data, { placeId: 'siplog:restfast', name: 'Rest Cafe', city: 'Austin', lat: 30.27, lng: -97.74 })).id;
    for (let i = 1; i <= 3; i++) {
      const [row] = await app.data
        .insert(posts)
        .values({ userId: annRow!.id, establishmentId: placeId, orderText: `Order ${i}`, review: 'Good', rating: 5, createdAt: new Date(Date.UTC(2026, 0, i)) })
        .returning();
      postId = row!.id;
    }
    expect((await app.post('/api/post/addcomment', { postid: postId, comment: 'Nice' }, ann.auth)).status).toBe(200);
    express = app.get(HttpAdapterHost).httpAdapter.getInstance();
    const server = http.createServer(express);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    reference = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  });
  afterAll(async () => {
    if (reference) await new Promise((resolve) => reference.server.close(resolve));
    await app.close();
  });

  async function both(request: RawRequest) {
    const client = newClient();
    const send = (baseUrl: string) => rawRequest(baseUrl, { ...request, headers: { ...client, ...request.headers } });
    return { ours: await send(app.baseUrl), official: await send(reference.baseUrl) };
  }

  /** Each read with a good input (200) and a refused one. */
  const reads = (): Array<[string, unknown, unknown]> => [
    ['/api/post/loadrecentposts', { limit: 5, skip: 0 }, { limit: 'x' }],
    ['/api/post/loadpost', { postid: postId }, { postid: 99999999 }],
    ['/api/post/loadcomments', { postid: postId }, {}],
    ['/api/post/loadpostsbyestablishment', { establishment_id: placeId }, { establishment_id: -1 }],
    ['/api/post/loadrecentordersforuser', { username: 'annrestfast', limit: 2 }, { username: '' }],
    ['/api/post/loadfivestarordersforuser', { username: 'AnnRestFast' }, { username: 'annrestfast', nope: 1 }],
    ['/api/place/loadestablishment', { establishment_id: placeId }, { establishment_id: 99999999 }],
    ['/api/place/bestorders', { establishment_id: placeId }, { establishment_id: 'x' }],
    ['/api/place/followers', { establishment_id: placeId }, []],
    ['/api/place/loadestablishmentbylocation', { location: 'siplog:restfast' }, { location: 'nowhere-at-all' }],
    ['/api/place/placeforfeed', { limit: 2, skip: 0 }, { limit: 0 }],
    ['/api/place/inbounds', { west: -98, south: 30, east: -97, north: 31 }, { west: -98, south: 30, east: -97, north: 31, kind: 'wine' }],
    ['/api/place/area', { location: 'austin' }, { location: 5 }],
    ['/api/user/loadpublicprofile', { username: 'annrestfast' }, { username: 'nobody-here' }],
  ];

  it('answers every public REST read the public cache keeps', () => {
    expect([...fastRestReads(app).keys()].sort()).toEqual([...PUBLIC_REST_READS.keys()].sort());
    expect(reads().map(([path]) => path).sort()).toEqual([...PUBLIC_REST_READS.keys()].sort());
  });

  it('answers each read as Nest does, signed out and signed in, good input and bad: status, headers, body', async () => {
    for (const [path, good, bad] of reads()) {
      for (const [name, request] of [
        ['good', post(path, good)],
        ['signed in', post(path, good, ann.auth)],
        ['a bad token', post(path, good, bearer('nope'))],
        ['bad input', post(path, bad)],
      ] as const) {
        const { ours, official } = await both(request);
        expect(comparable(ours), `${path}, ${name}`).toEqual(comparable(official));
        if (name !== 'bad input') expect(ours.status, `${path}, ${name}`).toBe(200);
      }
    }
  });

  const unusual = (): Array<[string, RawRequest]> => [
    ['a charset', post('/api/post/loadrecentposts', { limit: 2 }, { 'Content-Type': 'application/json; charset=UTF-8' })],
    ['Latin-1', post('/api/post/loadrecentposts', { limit: 2 }, { 'Content-Type': 'application/json; charset=latin1' })],
    ['text', post('/api/post/loadrecentposts', { limit: 2 }, { 'Content-Type': 'text/plain' })],
    ['no content type', { method: 'POST', path: '/api/post/loadrecentposts', body: '{"limit":2}' }],
    ['an empty body', post('/api/post/loadrecentposts', '')],
    ['no body', { method: 'POST', path: '/api/post/loadrecentposts', headers: json }],
    ['bad JSON', post('/api/post/loadrecentposts', '{nope')],
    ['a byte-order mark', post('/api/post/loadrecentposts', '\uFEFF{"limit":2}')],
    ['a JSON string', post('/api/post/loadrecentposts', '"x"')],
    ['JSON null', post('/api/post/loadrecentposts', 'null')],
    ['an array', post('/api/post/loadrecentposts', '[1]')],
    ['nested too deeply', post('/api/post/loadrecentposts', deep)],
    ['a larger body', post('/api/post/loadrecentposts', { limit: 2, pad: 'x'.repeat(8000) })],
    ['too large (413)', post('/api/post/loadrecentposts', { limit: 2, pad: 'x'.repeat(300 * 1024) })],
    ['gzip said, not sent', post('/api/post/loadrecentposts', { limit: 2 }, { 'Content-Encoding': 'gzip' })],
    ['a query string', post('/api/post/loadrecentposts?x=1', { limit: 2 })],
    ['a trailing slash', post('/api/post/loadrecentposts/', { limit: 2 })],
    ['GET', { path: '/api/post/loadrecentposts' }],
    ['a write', post('/api/post/likepost', { postid: 1 })],
  ];

  it('answers unusual requests as Express does, leaving it those it does not read plainly', async () => {
    for (const [name, request] of unusual()) {
      const { ours, official } = await both(request);
      expect(comparable(ours), name).toEqual(comparable(official));
    }
  });

  it('answers the reads itself, and only those', async () => {
    const handle = vi.spyOn(express, 'handle');
    try {
      for (const [path, good] of reads()) expect((await rawRequest(app.baseUrl, post(path, good, ann.auth))).status).toBe(200);
      expect(handle).not.toHaveBeenCalled();
      for (const [name, request] of unusual()) {
        handle.mockClear();
        await rawRequest(app.baseUrl, request);
        // UTF-8 said out loud is still plain JSON; an array is JSON the parser hands on (for the schema to refuse).
        expect(handle, name).toHaveBeenCalledTimes(['a charset', 'an array'].includes(name) ? 0 : 1);
      }
    } finally {
      handle.mockRestore();
    }
  });

  it('counts deep pages per address behind the trusted proxy, and refuses as Nest does (429, Retry-After)', async () => {
    const [first, second] = [newClient(), newClient()];
    const deepPage = (headers: Record<string, string>, baseUrl = app.baseUrl) =>
      rawRequest(baseUrl, post('/api/post/loadrecentposts', { limit: 2, skip: FEED_SKIP_FREE + 1 }, headers));
    for (let i = 0; i < 20; i++) expect((await deepPage(first)).status).toBe(200);
    const ours = await deepPage(first);
    const official = await deepPage(first, reference.baseUrl);
    expect(ours.status).toBe(429);
    expect(Number(ours.headers['retry-after'])).toBeGreaterThan(0);
    const { headers: oursHeaders, ...oursRest } = comparable(ours);
    const { headers: officialHeaders, ...officialRest } = comparable(official);
    expect(oursRest).toEqual(officialRest);
    expect(Object.keys(oursHeaders).sort()).toEqual(Object.keys(officialHeaders).sort());
    expect((await deepPage(second)).status).toBe(200);
  });
});
