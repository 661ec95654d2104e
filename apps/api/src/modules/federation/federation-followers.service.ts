import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { InboxContext } from '@fedify/fedify';
import { Accept, isActor, type Follow } from '@fedify/fedify/vocab';
import { UserService } from '../user/user.service';
import { localUserId } from './federation-paths';
import { remoteActorRecord } from './remote-actor-record';
import { RemoteActorsRepository } from './remote-actors.repository';
import { RemoteAvatars } from './remote-avatars.service';

/**
 * People elsewhere following people here (issue 30): a Follow is kept and answered. The inbox has checked the
 * sender's server against the admin's policy; Fedify has checked the signature.
 */
@Injectable()
export class FederationFollowers {
  private readonly logger = new Logger('FederationFollowers');

  constructor(
    private readonly users: UserService,
    private readonly actors: RemoteActorsRepository,
    private readonly avatars: RemoteAvatars,
  ) {}

  /** Someone elsewhere follows a local person: kept, and accepted at once. */
  async followed(ctx: InboxContext<void>, follow: Follow): Promise<void> {
    if (!follow.id || !follow.actorId || !follow.objectId) return;
    const userId = localUserId(ctx, follow.objectId);
    if (userId === null || !(await this.users.federatedPerson({ id: userId }))) return;
    const follower = await follow.getActor(ctx);
    if (!follower || !isActor(follower) || follower.id?.href !== follow.actorId.href) return;
    const record = await remoteActorRecord(follower);
    if (!record) return;
    const now = Date.now();
    const actorId = await this.actors.keep(record, now);
    void this.avatars.refresh(actorId);
    await this.actors.addFollower(userId, actorId, follow.id.href, true, now);
    const identifier = String(userId);
    await ctx.sendActivity(
      { identifier },
      follower,
      new Accept({ id: new URL(`#accepts/${randomUUID()}`, ctx.getActorUri(identifier)), actor: ctx.getActorUri(identifier), object: follow }),
    );
    this.logger.log(`${record.handle} follows user ${userId}`);
  }
}
