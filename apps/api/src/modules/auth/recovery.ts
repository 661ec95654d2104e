import type { users } from '@siplog/db';

type UserRow = typeof users.$inferSelect;

/** The temporary password from 'Email Password' that may still sign in once. */
export function pendingTemporaryPasswordHash(user: UserRow, now = new Date()): string | null {
  return user.tempPasswordHash && user.tempPasswordExpiresAt && user.tempPasswordExpiresAt > now ? user.tempPasswordHash : null;
}

/** The spent temporary password, still accepted as the current password while its window is open. */
export function recoveryPasswordHash(user: UserRow, now = new Date()): string | null {
  return user.recoveryPasswordHash && user.recoveryExpiresAt && user.recoveryExpiresAt > now ? user.recoveryPasswordHash : null;
}
