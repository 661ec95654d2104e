/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa into /sw.js, registered by src/pwa/register.ts in production builds).
 * It makes a repeat visit open offline:
 * - the app shell (the page '/', the scripts and stylesheets of every screen, the MapLibre engine, the icons) is
 *   precached at install; the Mapbox engine and the operator's screen are left out (see vite.config.ts);
 * - pages are asked of the network first, so an online visit always gets the current build and the page's own
 *   preloads and data; only when the network fails is the precached shell answered (the app then says it is offline);
 * - the embedded map's tiles are kept cache-first (their URLs carry the data's version) and its style
 *   stale-while-revalidate, both bounded;
 * - map.config and the first page of the home feed are asked of the network first and their last answers kept, per
 *   person, to answer when the network fails, marked with SAVED_ANSWER_HEADER.
 * Everything else (the API, photos, uploads) goes to the network as if there were no worker.
 *
 * A new build's worker takes over as soon as it is installed (skipWaiting, clientsClaim) and drops the old build's
 * precache; since pages come from the network first, nobody is left on a stale app.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  CACHE_LIMITS,
  CACHE_NAMES,
  dataCacheKey,
  isAppNavigation,
  isKeptTrpcRead,
  isMapStyle,
  isMapTile,
  SAVED_ANSWER_HEADER,
} from './offline-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/**
 * The app shell answered to a page when the network fails: the server's own answer to '/' (precached by that URL,
 * see vite.config.ts), so it carries the page's headers, its Content-Security-Policy with the hashes of the page's
 * inline scripts among them.
 */
const SHELL_URL = '/';

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

const offlineShell: WorkboxPlugin = {
  handlerDidError: async () => (await matchPrecache(SHELL_URL)) ?? Response.error(),
};
// First of the routes, so a page (also '/', which is precached) is asked of the network before any cache. Not
// Workbox's NavigationRoute, whose allow and deny lists see only the path: isAppNavigation also checks the origin.
// No navigation preload: the browser would send it for every navigation, also those this worker leaves to the
// network (an /api/… link), which would then be asked twice.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, self.location.origin),
  new NetworkOnly({ plugins: [offlineShell] }),
);

// The precached files, cache-first by their own URLs only (no directory index, no clean URLs).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

registerRoute(
  ({ url }) => isMapTile(url, self.location.origin),
  new CacheFirst({
    cacheName: CACHE_NAMES.mapTiles,
    // Tiles vary by Accept-Encoding only, which the browser adds after the worker.
    matchOptions: { ignoreVary: true },
    plugins: [
      // 204: a tile with no data, as good an answer offline as online.
      new CacheableResponsePlugin({ statuses: [200, 204] }),
      new ExpirationPlugin({
        maxEntries: CACHE_LIMITS.mapTiles,
        maxAgeSeconds: CACHE_LIMITS.mapTilesMaxAgeSeconds,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

registerRoute(
  ({ url }) => isMapStyle(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.mapStyle,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: CACHE_LIMITS.mapStyle })],
  }),
);

/** Keys a kept answer by whose it is, and marks an answer read from the cache (the network failed) as saved. */
const personalSavedAnswers: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => dataCacheKey(request.url, request.headers.get('Authorization')),
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SAVED_ANSWER_HEADER, headers.get('Date') ?? 'unknown');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url }) => isKeptTrpcRead(url, self.location.origin),
  new NetworkFirst({
    cacheName: CACHE_NAMES.data,
    plugins: [
      personalSavedAnswers,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: CACHE_LIMITS.data, purgeOnQuotaError: true }),
    ],
  }),
);
