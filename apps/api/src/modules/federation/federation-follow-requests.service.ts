import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Accept, Follow, Reject } from '@fedify/fedify/vocab';
import { FEDERATION_MESSAGES, type FollowRequestAnswer } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { NotificationService } from '../notification/notification.service';
import { recipientOfFollower } from './remote-actor-record';
import { RemoteActorsRepository } from './remote-actors.repository';
import { FederationService } from './federation.service';

/**
 * A person who approves followers answers a follow request from elsewhere (issue 30): Accept makes the requester a
 * follower and tells their server; Reject forgets the request and tells their server so. Either way the request's
 * notification goes. Only the person asked can answer: anyone else finds no such request (404). The answer is
 * queued like any delivery, so while the admin has federation switched off it goes out once it is back on.
 */
@Injectable()
export class FederationFollowRequests {
  private readonly logger = new Logger('FederationFollowRequests');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federationService: FederationService,
    private readonly actors: RemoteActorsRepository,
    private readonly notifications: NotificationService,
  ) {}

  accept(actor: AuthUser, remoteActorId: number): Promise<FollowRequestAnswer> {
    return this.answer(actor, remoteActorId, true);
  }

  reject(actor: AuthUser, remoteActorId: number): Promise<FollowRequestAnswer> {
    return this.answer(actor, remoteActorId, false);
  }

  private async answer(actor: AuthUser, remoteActorId: number, accepting: boolean): Promise<FollowRequestAnswer> {
    const federation = this.federationService.federation;
    if (!federation || !this.config.federation) throw new AppError('CONFLICT', FEDERATION_MESSAGES.followRequestsUnavailable);
    // Claimed in one transaction, so of two answers at once only one finds the request waiting.
    const request = await this.actors.transaction(async () => {
      const pending = await this.actors.pendingFollower(actor.id, remoteActorId);
      const claimed = pending && (accepting ? await this.actors.acceptFollower(actor.id, remoteActorId) : await this.actors.removePendingFollower(actor.id, remoteActorId));
      if (!pending || !claimed) return null;
      await this.notifications.followRequestClosed(remoteActorId, actor.id);
      return pending;
    });
    if (!request) throw new AppError('NOT_FOUND', FEDERATION_MESSAGES.noSuchFollowRequest);

    const ctx = federation.createContext(new URL(this.config.federation.origin), undefined);
    const identifier = String(actor.id);
    const me = ctx.getActorUri(identifier);
    // The Follow as they sent it (its id is what their server matches), rebuilt as Mastodon accepts it.
    const follow = new Follow({ id: new URL(request.followUri), actor: new URL(request.uri), object: me });
    const id = new URL(`#${accepting ? 'accepts' : 'rejects'}/${randomUUID()}`, me);
    await ctx.sendActivity(
      { identifier },
      recipientOfFollower(request),
      accepting ? new Accept({ id, actor: me, object: follow }) : new Reject({ id, actor: me, object: follow }),
    );
    this.logger.log(`User ${actor.id} ${accepting ? 'accepted' : 'declined'} ${request.handle}'s follow request`);
    return {
      status: 200,
      handle: request.handle,
      accepted: accepting,
      msg: accepting ? FEDERATION_MESSAGES.followerAccepted(request.handle) : FEDERATION_MESSAGES.followerRejected(request.handle),
    };
  }
}
