import { readSession } from '../lib/session-storage';
import { logToServer } from '../lib/client-log';
import { errorMessage } from '../lib/trpc-errors';
import { isKeptTrpcRead, isMapStyle } from '../sw/offline-routes';

/**
 * Registers the service worker (/sw.js, src/sw/sw.ts) for the whole site. Called once the page has loaded, from a
 * chunk of its own (main.tsx imports it lazily, in production builds only), so it adds nothing to the entry and
 * takes nothing from the first load. The browser looks for a new /sw.js on each visit (it is served with
 * Cache-Control: no-cache, and updateViaCache 'none' bypasses the HTTP cache for it); a new build's worker replaces
 * the old one at once (see sw.ts).
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
  loaded: () => string[] = loadedUrls,
  refetch: (url: string, init: RequestInit) => Promise<unknown> = (url, init) => fetch(url, init),
): Promise<void> {
  // On the first visit the page loaded before any worker was there to keep what it loaded.
  const firstVisit = !container.controller;
  try {
    await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    // Private windows and some browser settings refuse workers: the app works as before, only not offline.
    logToServer('info', `Service worker not registered: ${errorMessage(error)}`);
    return;
  }
  if (firstVisit) {
    container.addEventListener('controllerchange', () => void keepWhatWasLoaded(loaded(), window.location.origin, refetch), { once: true });
  }
}

/** The URLs this page has fetched so far (its own requests; MapLibre's worker keeps its own list). */
function loadedUrls(): string[] {
  return performance.getEntriesByType('resource').map((entry) => entry.name);
}

/**
 * The reads of this visit the worker keeps for offline use (the map's config and style, the feed's first page),
 * each once.
 */
export function urlsToKeep(urls: readonly string[], origin: string): string[] {
  return [...new Set(urls)].filter((href) => {
    const url = new URL(href, origin);
    return isKeptTrpcRead(url, origin) || isMapStyle(url, origin);
  });
}

/**
 * Once the new worker controls the page, asks again for what it keeps, through it, so the very next visit opens
 * offline too (not only the one after). A few small reads, answered by the server's public cache; map tiles are not
 * among them (MapLibre fetches them from its own worker), but they are kept in the browser's HTTP cache for a year.
 */
export async function keepWhatWasLoaded(urls: readonly string[], origin: string, refetch: (url: string, init: RequestInit) => Promise<unknown>): Promise<void> {
  const token = readSession()?.token;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  await Promise.all(urlsToKeep(urls, origin).map((url) => refetch(url, { headers }).catch(() => undefined)));
}
