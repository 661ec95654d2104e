import { AppError } from './app-error';

/** The signed-in caller, taken only from a verified token. */
export interface AuthUser {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  /** The token's id, so logout can revoke exactly this session. */
  sessionId: string;
}

export function requireActor(actor: AuthUser | null): AuthUser {
  if (!actor) throw new AppError('UNAUTHORIZED');
  return actor;
}

/**
 * Body fields that name the acting user (email, username, currentusername) are accepted for
 * compatibility with the spec's calls, but must be the caller's own: a mismatch is 403, nothing changes.
 */
export function assertActingUser(actor: AuthUser, claimed: { email?: string; username?: string }): void {
  const email = claimed.email?.trim().toLowerCase();
  const username = claimed.username?.trim().toLowerCase();
  if ((email && email !== actor.email) || (username && username !== actor.username)) {
    throw new AppError('FORBIDDEN');
  }
}
