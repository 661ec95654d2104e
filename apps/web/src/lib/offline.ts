import { useSyncExternalStore } from 'react';
import { SAVED_ANSWER_HEADER } from '../sw/offline-routes';

/**
 * Whether the app is offline, for the one banner that says so (layout/OfflineBanner.tsx) and the screen
 * error page: the browser says it has no network (navigator.onLine, the 'offline' event), or the last call to the
 * server failed to reach it. A call fails to reach it when fetch itself rejects (no answer at all), or when the
 * service worker answered from its cache because the network failed (SAVED_ANSWER_HEADER); any real answer, even
 * an error status, means the server is there.
 */

export type ReachabilityListener = () => void;

/** The server's reachability as the app's own calls saw it, with listeners for the React hook. */
export class Reachability {
  private unreachable = false;
  private readonly listeners = new Set<ReachabilityListener>();

  get serverUnreachable(): boolean {
    return this.unreachable;
  }

  set(unreachable: boolean): void {
    if (this.unreachable === unreachable) return;
    this.unreachable = unreachable;
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: ReachabilityListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A fetch that notes, for each call, whether the server answered (for the tRPC links' `fetch` option). */
  watch(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      let response: Response;
      try {
        response = await fetchImpl(input, init);
      } catch (error) {
        // A call the app cancelled (a page left, a newer search) says nothing about the network.
        if (!isAbort(error, init?.signal)) this.set(true);
        throw error;
      }
      this.set(response.headers.has(SAVED_ANSWER_HEADER));
      return response;
    };
  }
}

function isAbort(error: unknown, signal: AbortSignal | null | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/** What the banner shows: offline when the browser says so or the server was out of reach. */
export function isOffline(browserOnline: boolean, serverUnreachable: boolean): boolean {
  return !browserOnline || serverUnreachable;
}

/** The app's one record, fed by the tRPC client (lib/trpc.ts). */
export const reachability = new Reachability();

function subscribe(listener: ReachabilityListener): () => void {
  // Back online, the next call tells; until then, trust the browser.
  const online = () => {
    reachability.set(false);
    listener();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  const stop = reachability.subscribe(listener);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
    stop();
  };
}

function snapshot(): boolean {
  return isOffline(navigator.onLine, reachability.serverUnreachable);
}

/** True while the app is offline (see above); re-renders when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** The line every screen that needs the server shows when it cannot reach it. */
export const OFFLINE_TEXT = 'You’re offline';
