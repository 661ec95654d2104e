import { useSyncExternalStore } from 'react';
import { onSessionChange, readSession, SESSION_KEY, type SessionUser } from '../../lib/session-storage';

let cachedRaw: string | null | undefined;
let cachedSession: SessionUser | null = null;

/** Re-reads storage only when its text changed, so the snapshot stays referentially stable. */
function snapshot(): SessionUser | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = readSession();
  }
  return cachedSession;
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(onSessionChange, snapshot, () => null);
}
