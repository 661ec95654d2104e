import crypto from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_KINDS, type NotificationKind } from '@siplog/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/** What an unsubscribe link turns off: one kind, or every notification e-mail (the List-Unsubscribe header of a mixed e-mail). */
export type UnsubscribeScope = NotificationKind | 'all';

/**
 * Unsubscribe links that work signed out and never expire: `{userId}.{scope}.{HMAC}`, keyed by a secret derived from
 * the JWT secret for this use alone, so a link is no session token and no session token is a link.
 */
@Injectable()
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = crypto.createHmac('sha256', config.jwtSecret).update('siplog notification unsubscribe links').digest();
  }

  sign(userId: number, scope: UnsubscribeScope): string {
    const body = `${userId}.${scope}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The person and scope of a genuine token, or null. */
  verify(token: string): { userId: number; scope: UnsubscribeScope } | null {
    const match = /^(\d{1,15})\.([a-z_]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, id, scope, mac] = match;
    const expected = Buffer.from(this.mac(`${id}.${scope}`));
    if (!crypto.timingSafeEqual(Buffer.from(mac), expected)) return null;
    if (scope !== 'all' && !(NOTIFICATION_KINDS as readonly string[]).includes(scope)) return null;
    return { userId: Number(id), scope: scope as UnsubscribeScope };
  }

  private mac(body: string): string {
    return crypto.createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
