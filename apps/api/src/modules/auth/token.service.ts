import crypto, { type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { sessions, users, type Database } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DATABASE } from '../database/database.module';
import type { AuthUser } from './auth-user';

const ISSUER = 'siplog';
const AUDIENCE = 'siplog-web';
const ALGORITHM = 'HS256';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Signs session tokens and checks them against the sessions table, so revocation takes effect at once. */
@Injectable()
export class TokenService {
  /** Every signed-in request looks its session up: prepared once, not built and compiled per call. */
  private readonly liveSessionQuery;
  /** The secret as a key object, so verifying does not import the raw bytes again each time. */
  private readonly verifyKey: KeyObject;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.verifyKey = crypto.createSecretKey(config.jwtSecret);
    this.liveSessionQuery = this.db.prepared('auth.liveSession', (orm) =>
      orm
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          sessionId: sessions.id,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        // A suspended account's sessions are revoked when it is suspended; the check here closes the race with a sign-in.
        .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.suspendedAt)))
    );
  }

  async issue(userId: number): Promise<string> {
    const sessionId = crypto.randomBytes(18).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.db.insert(sessions).values({ id: sessionId, userId, expiresAt });
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(userId))
      .setJti(sessionId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.config.jwtSecret);
  }

  /**
   * The caller of a Bearer token, or null for a missing, forged, expired or revoked one, or one whose subject is
   * not its session's user (only a leaked secret could sign that, and then the token names no one for sure).
   */
  async verify(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    let sessionId: string | undefined;
    let subject: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.verifyKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      sessionId = payload.jti;
      subject = payload.sub;
    } catch {
      return null;
    }
    // Dates are stored as epoch milliseconds (drizzle's timestamp_ms), so `now` is compared as one.
    const row = await this.liveSessionQuery.get({ sessionId, now: Date.now() });
    return row && String(row.id) === subject ? row : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}

/** `Authorization: Bearer <token>` → the token, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
