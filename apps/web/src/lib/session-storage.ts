import { CACHE_NAMES } from '../sw/offline-routes';

/** The signed-in session, kept in browser storage under the key 'user' (spec §3 Session user). */
export interface SessionUser {
  status: number;
  token: string;
  first_name: string;
  last_name?: string;
  email: string;
  username?: string;
  /** True after signing in with the one-time temporary password ('Email Password'): /mylog asks for a new one. */
  must_change_password?: boolean;
}

export const SESSION_KEY = 'user';
const CHANGE_EVENT = 'siplog:session';

export function readSession(): SessionUser | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as SessionUser;
    return session.status === 200 && typeof session.token === 'string' ? session : null;
  } catch {
    return null;
  }
}

/**
 * The session after a successful password change: the server ended every earlier session, so the fresh
 * token replaces the stored one, and the new password settles any pending temporary-password prompt.
 */
export function sessionAfterPasswordChange(session: SessionUser, token: string): SessionUser {
  return { ...session, token, must_change_password: false };
}

export function writeSession(session: SessionUser | null): void {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else {
    localStorage.removeItem(SESSION_KEY);
    forgetSavedAnswers();
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * Signing out drops the answers the service worker kept for offline use (src/sw/sw.ts), the signed-in person's
 * Following feed among them: they are keyed by person already, but need not outlive the session on a shared browser.
 */
function forgetSavedAnswers(): void {
  if (typeof caches !== 'undefined') caches.delete(CACHE_NAMES.data).catch(() => {});
}

/** Calls back when this tab or another one signs in or out. */
export function onSessionChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
