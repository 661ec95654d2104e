import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, users, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { AuthUser } from '../../common/auth-user';

/** The sessions behind tokens: opened at sign-in, looked up on every signed-in request, revoked at once. */
@Injectable()
export class TokenRepository {
  /** Every signed-in request looks its session up: prepared once, not built and compiled per call. */
  private readonly liveSessionQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.liveSessionQuery = this.db.prepared('auth.liveSession', (orm) =>
      orm
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          sessionId: sessions.id,
          sessionExpiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        // A suspended account's sessions are revoked when it is suspended; the check here closes the race with a sign-in.
        .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.suspendedAt)))
    );
  }

  async createSession(sessionId: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ id: sessionId, userId, expiresAt });
  }

  /**
   * The session's person and its end (epoch ms) while it is unrevoked, unexpired at `now` (epoch milliseconds, as dates
   * are stored: drizzle's timestamp_ms) and the account not suspended; else undefined.
   */
  async findLiveSession(sessionId: string | undefined, now: number): Promise<{ actor: AuthUser; expiresAt: number } | undefined> {
    const row = await this.liveSessionQuery.get({ sessionId, now });
    if (!row) return undefined;
    const { sessionExpiresAt, ...actor } = row;
    return { actor, expiresAt: sessionExpiresAt.getTime() };
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  async revokeAllSessions(userId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
