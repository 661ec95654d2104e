import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Federation } from '@fedify/fedify';
import { Like, Undo } from '@fedify/fedify/vocab';
import { REMOTE_FOLLOW_MESSAGES, REMOTE_LIKE_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { UserService } from '../user/user.service';
import { FederationDomainsRepository } from './federation-domains.repository';
import { FederationSwitch } from './federation-switch';
import { recipientOfFollower } from './remote-actor-record';
import { RemoteReviewLikesRepository, type LikedReviewTarget } from './remote-review-likes.repository';

/**
 * A person here likes a review from elsewhere (issue 30): a `Like` from their actor goes to its author's server, where
 * it counts (another Siplog counts it with its likes and tells the author); taking it back sends an `Undo`. Kept
 * here so the heart shows as they left it.
 */
@Injectable()
export class FederationRemoteLikes {
  private federation: Federation<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federationSwitch: FederationSwitch,
    private readonly domains: FederationDomainsRepository,
    private readonly users: UserService,
    private readonly likes: RemoteReviewLikesRepository,
  ) {}

  register(federation: Federation<void>): void {
    this.federation = federation;
  }

  private async prepare(viewer: AuthUser, reviewId: number): Promise<{ target: LikedReviewTarget; identifier: string; actor: URL; send: (activity: Like | Undo) => Promise<void> }> {
    if (!this.federation || !this.federationSwitch.on || !this.config.federation) throw new AppError('NOT_FOUND', REMOTE_FOLLOW_MESSAGES.off);
    if (!(await this.users.federatedPerson({ id: viewer.id }))) throw new AppError('FORBIDDEN', REMOTE_FOLLOW_MESSAGES.leftOrSuspended);
    const target = await this.likes.target(reviewId);
    if (!target) throw new AppError('NOT_FOUND', REMOTE_LIKE_MESSAGES.noSuchReview);
    if ((await this.domains.policyOf(target.host)) === 'block') throw new AppError('FORBIDDEN', REMOTE_FOLLOW_MESSAGES.blocked(target.host));
    const ctx = this.federation.createContext(new URL(this.config.federation.origin), undefined);
    const identifier = String(viewer.id);
    return {
      target,
      identifier,
      actor: ctx.getActorUri(identifier),
      send: (activity) => ctx.sendActivity({ identifier }, recipientOfFollower(target), activity),
    };
  }

  /** Liked (once: liking again changes nothing and sends nothing). */
  async like(viewer: AuthUser, reviewId: number): Promise<{ status: 200; liked: true }> {
    const { target, actor, send } = await this.prepare(viewer, reviewId);
    const like = new Like({ id: new URL(`#likes/${randomUUID()}`, actor), actor, object: new URL(target.reviewUri) });
    if (await this.likes.add(viewer.id, reviewId, like.id!.href, Date.now())) await send(like);
    return { status: 200, liked: true };
  }

  /** Taken back: an Undo of the Like it sent. */
  async unlike(viewer: AuthUser, reviewId: number): Promise<{ status: 200; liked: false }> {
    const { target, actor, send } = await this.prepare(viewer, reviewId);
    const activityUri = await this.likes.remove(viewer.id, reviewId);
    if (activityUri) {
      const like = new Like({ id: new URL(activityUri), actor, object: new URL(target.reviewUri) });
      await send(new Undo({ id: new URL(`#undo/${randomUUID()}`, actor), actor, object: like }));
    }
    return { status: 200, liked: false };
  }
}
