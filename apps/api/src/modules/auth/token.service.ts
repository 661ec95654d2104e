import crypto, { type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { AuthUser } from '../../common/auth-user';
import { TokenRepository } from './token.repository';

const ISSUER = 'siplog';
const AUDIENCE = 'siplog-web';
const ALGORITHM = 'HS256';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Signs session tokens and checks them against the sessions table, so revocation takes effect at once. */
@Injectable()
export class TokenService {
  /** The secret as a key object, so verifying does not import the raw bytes again each time. */
  private readonly verifyKey: KeyObject;

  constructor(
    private readonly sessions: TokenRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.verifyKey = crypto.createSecretKey(config.jwtSecret);
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
    const row = await this.sessions.findLiveSession(sessionId, Date.now());
    return row && String(row.id) === subject ? row : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revokeSession(sessionId);
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.sessions.revokeAllSessions(userId);
  }
}

/** `Authorization: Bearer <token>` → the token, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
