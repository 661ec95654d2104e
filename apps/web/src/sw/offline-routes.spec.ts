import { describe, expect, it } from 'vitest';
import { dataCacheKey, IDENTITY_PARAM, identityOf, isAppNavigation, isKeptTrpcRead, isMapStyle, isMapTile } from './offline-routes';

const ORIGIN = 'https://siplog.example';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);
const trpcGet = (procedure: string, input?: unknown, extra = '') =>
  at(`/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}${extra}`);

describe('which navigations get the app shell when the network fails', () => {
  it("answers the app's pages, whatever their path, with or without a query", () => {
    for (const path of ['/', '/login', '/view/12', '/view/location/41.88,-87.63', '/user/mayasips', '/post/3?x=1', '/admin/s3cret', '/nope/at/all']) {
      expect(isAppNavigation(at(path), ORIGIN), path).toBe(true);
    }
  });

  it("leaves the server's own paths and root files to the network", () => {
    for (const path of ['/api/docs', '/api/showimage/postimages/a.webp', '/api', '/trpc/post.recent', '/assets/index-1.js', '/icons/icon-192.png', '/robots.txt', '/sw.js', '/manifest.webmanifest', '/favicon.ico']) {
      expect(isAppNavigation(at(path), ORIGIN), path).toBe(false);
    }
  });

  it('never answers another origin', () => {
    expect(isAppNavigation(at('/', 'https://elsewhere.example'), ORIGIN)).toBe(false);
  });
});

describe("the embedded map's files", () => {
  it('knows the style and the tiles, on this origin only', () => {
    expect(isMapStyle(at('/api/map/style.json'), ORIGIN)).toBe(true);
    expect(isMapStyle(at('/api/map/style.json', 'https://tiles.example'), ORIGIN)).toBe(false);
    expect(isMapTile(at('/api/map/tiles/world/8/65/95.pbf?v=6415c589bc46'), ORIGIN)).toBe(true);
    expect(isMapTile(at('/api/map/tiles/streets/13/2101/3044.pbf'), ORIGIN)).toBe(true);
    for (const path of ['/api/map/tiles/world/8/65.pbf', '/api/map/tiles/../8/1/2.pbf', '/api/map/style.json', '/api/place/inbounds']) {
      expect(isMapTile(at(path), ORIGIN), path).toBe(false);
    }
    expect(isMapTile(at('/api/map/tiles/world/8/65/95.pbf', 'https://tiles.example'), ORIGIN)).toBe(false);
  });
});

describe('the tRPC reads kept for offline use', () => {
  it("keeps map.config and a home feed's first page, sent alone", () => {
    expect(isKeptTrpcRead(trpcGet('map.config'), ORIGIN)).toBe(true);
    expect(isKeptTrpcRead(trpcGet('post.recent', { cursor: null, limit: 5 }), ORIGIN)).toBe(true);
    expect(isKeptTrpcRead(trpcGet('post.following', { cursor: null, limit: 3 }), ORIGIN)).toBe(true);
  });

  it('keeps no later page, no batch, no other procedure, and no malformed input', () => {
    const kept = [
      trpcGet('post.recent', { cursor: '2026-01-01T00:00:00.000Z_9', limit: 1 }),
      trpcGet('post.recent', { limit: 5 }),
      trpcGet('post.recent'),
      at('/trpc/post.recent?input=%7Bnot-json'),
      at(`/trpc/post.recent,place.inBounds?batch=1&input=${encodeURIComponent('{"0":{"cursor":null,"limit":5},"1":{}}')}`),
      trpcGet('map.config', undefined, '?batch=1'),
      trpcGet('place.inBounds', { west: 0, east: 1, south: 0, north: 1 }),
      trpcGet('notification.unreadCount'),
      at('/api/post/loadrecentposts'),
      trpcGet('post.recent', { cursor: null, limit: 5 }).href.replace(ORIGIN, 'https://elsewhere.example'),
    ].map((url) => new URL(url));
    for (const url of kept) expect(isKeptTrpcRead(url, ORIGIN), url.href).toBe(false);
  });
});

describe('whose kept answer it is', () => {
  it('is the guest without a token, and a digest of the header (never the token) with one', async () => {
    expect(await identityOf(null)).toBe('guest');
    const alice = await identityOf('Bearer alice.token.signature');
    expect(alice).toMatch(/^[0-9a-f]{16}$/);
    expect(alice).not.toContain('alice');
    expect(await identityOf('Bearer alice.token.signature')).toBe(alice);
    expect(await identityOf('Bearer bob.token.signature')).not.toBe(alice);
  });

  it('keys the same call apart per person, and the same for the same person', async () => {
    const url = trpcGet('post.following', { cursor: null, limit: 5 }).href;
    const guest = await dataCacheKey(url, null);
    const alice = await dataCacheKey(url, 'Bearer alice');
    expect(new URL(guest).searchParams.get(IDENTITY_PARAM)).toBe('guest');
    expect(new URL(guest).searchParams.get('input')).toBe(JSON.stringify({ cursor: null, limit: 5 }));
    expect(alice).not.toBe(guest);
    expect(await dataCacheKey(url, 'Bearer alice')).toBe(alice);
  });
});
