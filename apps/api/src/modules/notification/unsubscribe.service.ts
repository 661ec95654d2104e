import { Injectable } from '@nestjs/common';
import { NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import { NotificationService } from './notification.service';
import { UnsubscribeTokens, type UnsubscribeScope } from './unsubscribe-tokens.service';

/** Unsubscribe links from notification e-mail: signed out, for the person and kind (or all kinds) the link names. */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly notifications: NotificationService,
  ) {}

  async apply(token: string, unsubscribe: boolean): Promise<{ status: 200; kind: UnsubscribeScope; subscribed: boolean }> {
    const link = this.tokens.verify(token);
    if (!link) throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.badUnsubscribeLink);
    await this.notifications.setEmailed(link.userId, link.scope === 'all' ? NOTIFICATION_KINDS : [link.scope], !unsubscribe);
    return { status: 200, kind: link.scope, subscribed: !unsubscribe };
  }
}
