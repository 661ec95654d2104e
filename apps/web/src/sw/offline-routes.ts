/**
 * What the service worker (sw.ts) answers and how, as plain functions of a request's URL and headers, so they are
 * tested without a browser (offline-routes.spec.ts). The page imports the names it shares with the worker from here
 * too (the saved-answer header, the data cache it empties on sign-out).
 */

/** Cache Storage names. Workbox's precache (the app shell) keeps its own, named by Workbox. */
export const CACHE_NAMES = {
  /** map.config and the first page of the home feed, per person (see dataCacheKey). */
  data: 'siplog-data',
  /** The embedded map's style. */
  mapStyle: 'siplog-map-style',
  /** The embedded map's vector tiles. */
  mapTiles: 'siplog-map-tiles',
} as const;

/** Bounds of the runtime caches: entries kept, least recently used out first. */
export const CACHE_LIMITS = {
  data: 12,
  mapStyle: 4,
  // About 30 MB at the Chicago street tiles' size; a morning of panning round the city fills a few hundred.
  mapTiles: 1500,
  mapTilesMaxAgeSeconds: 90 * 24 * 60 * 60,
} as const;

/**
 * Set on an answer the worker gave from its cache because the network failed: the page then knows the server was
 * not reached (lib/offline.ts), even while the browser believes it is online.
 */
export const SAVED_ANSWER_HEADER = 'X-Siplog-Saved-Answer';

/** The server's own paths: never answered with the app shell. */
const SERVER_PATHS = /^\/(api|trpc|assets|icons)(\/|$)/;
/** Files at the root (robots.txt, sw.js, the manifest, icons): a navigation to one wants the file, not the app. */
const ROOT_FILE = /^\/[^/]+\.(txt|js|mjs|css|json|webmanifest|ico|png|svg|xml|map)$/i;

/**
 * A page of the app, opened in the browser (a navigation): the network's answer when there is one (a fresh app
 * after every deploy, the page's own preloads and data), else the app shell from the precache. Downloads and the
 * API documentation (/api/…), tRPC and files are left to the network alone.
 */
export function isAppNavigation(url: URL, origin: string): boolean {
  return url.origin === origin && !SERVER_PATHS.test(url.pathname) && !ROOT_FILE.test(url.pathname);
}

/** The embedded map's style (built by the API for the request's origin). */
export function isMapStyle(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === '/api/map/style.json';
}

/** One vector tile of the embedded map; its URL carries the data's version, so a kept tile never goes stale. */
export function isMapTile(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/api\/map\/tiles\/[a-z]+\/\d+\/\d+\/\d+\.pbf$/.test(url.pathname);
}

/** Feeds whose first page is kept for offline use: the home panel's Recent and Following tabs. */
const FEED_PROCEDURES = new Set(['post.recent', 'post.following']);

/**
 * A tRPC GET whose last answer is kept for offline use: the map's config (without it no map is drawn) and the first
 * page of a home feed (the input's cursor is null). Only calls that travel alone (`/trpc/<procedure>?input=…`, not
 * batched) are kept, so the same call finds its answer on the next visit; the web app sends these two unbatched.
 */
export function isKeptTrpcRead(url: URL, origin: string): boolean {
  if (url.origin !== origin || url.searchParams.has('batch')) return false;
  const procedure = /^\/trpc\/([\w.]+)$/.exec(url.pathname)?.[1];
  if (procedure === 'map.config') return true;
  if (!procedure || !FEED_PROCEDURES.has(procedure)) return false;
  try {
    const input = JSON.parse(url.searchParams.get('input') ?? 'null') as { cursor?: unknown } | null;
    return input !== null && typeof input === 'object' && input.cursor === null;
  } catch {
    return false;
  }
}

/** The query parameter the data cache's keys carry: whose answer it is. */
export const IDENTITY_PARAM = 'sw-identity';

/**
 * Who an answer was for, from the request's Authorization header: 'guest', or the first 16 hex digits of the
 * header's SHA-256 (never the token itself). Kept answers are keyed by it, so one person's Following feed is never
 * shown offline to someone else on the same browser, and a guest never sees a signed-in person's view.
 */
export async function identityOf(authorization: string | null): Promise<string> {
  if (!authorization) return 'guest';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  return [...new Uint8Array(digest).subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The data cache's key for a request: its URL with the identity added (the request itself is sent as it is). */
export async function dataCacheKey(url: string, authorization: string | null): Promise<string> {
  const keyed = new URL(url);
  keyed.searchParams.set(IDENTITY_PARAM, await identityOf(authorization));
  return keyed.href;
}
