import crypto, { type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { AuthUser } from '../../common/auth-user';
import { DATABASE } from '../database/database.module';
import { EventBus } from '../events/event-bus.service';
import { announcePeopleChanged, PersonMemo } from '../events/person-memo';
import { TokenRepository } from './token.repository';

const ISSUER = 'siplog';
const AUDIENCE = 'siplog-web';
const ALGORITHM = 'HS256';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Verified tokens remembered at once: a few MB, far more than the people signed in on a small box at a time. */
const REMEMBERED_TOKENS = 20_000;

/** A token that verified: its caller, until the token expires (epoch ms). */
interface VerifiedToken {
  actor: AuthUser;
  expiresAt: number;
}

/**
 * Signs session tokens and checks them against the sessions table, so revocation takes effect at once. A token that
 * verified is remembered (by its whole text: the same text carries the same signature) until it expires or its
 * person's sessions change: a revocation, a suspension, a deactivation, an erasure or an edit of the names it
 * carries announces the person (`changed`), on every node, before it is acknowledged. So a signed-in request costs a
 * map look-up, not a signature check and a query, and a revoked token still stops working at once everywhere.
 */
@Injectable()
export class TokenService {
  /** The secret as a key object, so verifying does not import the raw bytes again each time. */
  private readonly verifyKey: KeyObject;
  private readonly verified: PersonMemo<VerifiedToken>;

  constructor(
    private readonly sessions: TokenRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) db: Database,
    private readonly events: EventBus,
  ) {
    this.verifyKey = crypto.createSecretKey(config.jwtSecret);
    this.verified = new PersonMemo(events, db, REMEMBERED_TOKENS);
  }

  async issue(userId: number): Promise<string> {
    const sessionId = crypto.randomBytes(18).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.sessions.createSession(sessionId, userId, expiresAt);
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

  /** The caller of an Authorization header (`Bearer <token>`), as `verify` finds it; null for any other header. */
  callerOf(authorization: string | string[] | undefined): Promise<AuthUser | null> {
    return this.verify(bearerToken(authorization));
  }

  /**
   * The caller of a Bearer token, or null for a missing, forged, expired or revoked one, or one whose subject is
   * not its session's user (only a leaked secret could sign that, and then the token names no one for sure).
   */
  async verify(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const verified = await this.verified.readThrough(
      token,
      async () => {
        const checked = await this.check(token);
        return checked && { person: checked.actor.id, value: checked };
      },
      (kept) => kept.expiresAt > Date.now(),
    );
    return verified?.actor ?? null;
  }

  /** The signature, claims and live session of a token, read afresh: its caller until the token or session ends. */
  private async check(token: string): Promise<VerifiedToken | null> {
    let sessionId: string | undefined;
    let subject: string | undefined;
    let tokenExpiresAt: number;
    try {
      const { payload } = await jwtVerify(token, this.verifyKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      sessionId = payload.jti;
      subject = payload.sub;
      tokenExpiresAt = payload.exp! * 1000;
    } catch {
      return null;
    }
    const session = await this.sessions.findLiveSession(sessionId, Date.now());
    if (!session || String(session.actor.id) !== subject) return null;
    // Shared by every request with this token from now on: nothing may change it. Remembered until the token or its
    // session ends, whichever is first.
    return { actor: Object.freeze(session.actor), expiresAt: Math.min(tokenExpiresAt, session.expiresAt) };
  }

  /** Ends the caller's own session (logout). */
  async revoke(session: Pick<AuthUser, 'id' | 'sessionId'>): Promise<void> {
    await this.sessions.revokeSession(session.sessionId);
    await this.changed(session.id);
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.sessions.revokeAllSessions(userId);
    await this.changed(userId);
  }

  /**
   * The person's sessions, or what their tokens name (their account, their names), changed: no node answers a token
   * of theirs from memory once this resolves. Await it after the write and before acknowledging it.
   */
  changed(userId: number): Promise<void> {
    return announcePeopleChanged(this.events, [userId]);
  }
}

/** `Authorization: Bearer <token>` → the token, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
