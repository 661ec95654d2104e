import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { InboxContext } from '@fedify/fedify';
import { Accept, isActor, Reject, type Follow } from '@fedify/fedify/vocab';
import { NotificationService } from '../notification/notification.service';
import { UserService } from '../user/user.service';
import { localUserId } from './federation-paths';
import { remoteActorRecord } from './remote-actor-record';
import { RemoteActorsRepository } from './remote-actors.repository';
import { RemoteAvatars } from './remote-avatars.service';
import { RemoteBlocksRepository } from './remote-blocks.repository';

/**
 * People elsewhere following people here (issue 30): a Follow is kept and accepted at once, or, when the person
 * approves followers, kept waiting and told to them (FederationFollowRequests takes their answer). The inbox has
 * checked the sender's server against the admin's policy; Fedify has checked the signature.
 */
@Injectable()
export class FederationFollowers {
  private readonly logger = new Logger('FederationFollowers');

  constructor(
    private readonly users: UserService,
    private readonly actors: RemoteActorsRepository,
    private readonly avatars: RemoteAvatars,
    private readonly notifications: NotificationService,
    private readonly blocks: RemoteBlocksRepository,
  ) {}

  /**
   * Someone elsewhere follows a local person: accepted at once, unless the person approves followers; then the
   * request waits (told to them once, however often it comes) and an Accept goes only to someone already following.
   */
  async followed(ctx: InboxContext<void>, follow: Follow): Promise<void> {
    if (!follow.id || !follow.actorId || !follow.objectId) return;
    const userId = localUserId(ctx, follow.objectId);
    const person = userId === null ? null : await this.users.federatedPerson({ id: userId });
    if (userId === null || !person) return;
    const follower = await follow.getActor(ctx);
    if (!follower || !isActor(follower) || follower.id?.href !== follow.actorId.href) return;
    const record = await remoteActorRecord(follower);
    if (!record) return;
    const now = Date.now();
    const actorId = await this.actors.keep(record, now);
    void this.avatars.refresh(actorId);
    const followUri = follow.id.href;
    const identifier = String(userId);
    if (await this.blocks.isBlocked(userId, actorId)) {
      // Blocked by the person: refused, as Mastodon refuses, and nothing is kept or told.
      const me = ctx.getActorUri(identifier);
      await ctx.sendActivity({ identifier }, follower, new Reject({ id: new URL(`#rejects/${randomUUID()}`, me), actor: me, object: follow }));
      this.logger.log(`${record.handle} was refused: user ${userId} blocked them`);
      return;
    }
    const accepted = await this.actors.transaction(async () => {
      if (!person.approvesFollowers) {
        await this.actors.addFollower(userId, actorId, followUri, true, now);
        // A request left waiting when the person turned approving off: this Follow settles it.
        await this.notifications.followRequestClosed(actorId, userId);
        return true;
      }
      const request = await this.actors.requestFollow(userId, actorId, followUri, now);
      if (request.created) await this.notifications.followRequested(actorId, userId);
      return request.accepted;
    });
    if (!accepted) {
      this.logger.log(`${record.handle} asks to follow user ${userId}`);
      return;
    }
    await ctx.sendActivity(
      { identifier },
      follower,
      new Accept({ id: new URL(`#accepts/${randomUUID()}`, ctx.getActorUri(identifier)), actor: ctx.getActorUri(identifier), object: follow }),
    );
    this.logger.log(`${record.handle} follows user ${userId}`);
  }

  /** They stopped following (an Undo of their Follow): gone, and a request still waiting leaves its notification with it. */
  async unfollowed(userId: number, actorId: number): Promise<boolean> {
    return this.actors.transaction(async () => {
      if (!(await this.actors.removeFollower(userId, actorId))) return false;
      await this.notifications.followRequestClosed(actorId, userId);
      return true;
    });
  }
}
