import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Follow, Reject, Undo } from '@fedify/fedify/vocab';
import { SAFETY_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { NotificationService } from '../notification/notification.service';
import { FederationService } from './federation.service';
import { recipientOfFollower } from './remote-actor-record';
import { RemoteBlocksRepository, type BlockableRemotePerson, type EndedFollows } from './remote-blocks.repository';

/**
 * A person here blocks someone elsewhere (issue 30), as Mastodon does: their replies, reviews and what they cause in
 * the blocker's notifications are hidden from the blocker; a follow of theirs ends with a Reject of it (their server
 * then stops sending), the blocker's follow of them with an Undo; and their next Follow is refused. Unblocking
 * restores nothing: follows are asked for again. The answers are queued like any delivery.
 */
@Injectable()
export class FederationBlocks {
  private readonly logger = new Logger('FederationBlocks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federationService: FederationService,
    private readonly repository: RemoteBlocksRepository,
    private readonly notifications: NotificationService,
  ) {}

  async block(actor: AuthUser, handle: string): Promise<{ status: 200 }> {
    const person = await this.person(handle);
    const ended = await this.repository.block(actor.id, person.id, Date.now());
    this.notifications.countsChanged([actor.id]);
    await this.tellTheirServer(actor, person, ended);
    if (ended.added) this.logger.log(`Blocked: user ${actor.id} blocked ${person.handle}`);
    return { status: 200 };
  }

  async unblock(actor: AuthUser, handle: string): Promise<{ status: 200 }> {
    const person = await this.person(handle);
    if (await this.repository.unblock(actor.id, person.id)) this.logger.log(`Unblocked: user ${actor.id} unblocked ${person.handle}`);
    return { status: 200 };
  }

  private async person(handle: string): Promise<BlockableRemotePerson> {
    const person = await this.repository.byHandle(handle);
    if (!person) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.remoteBlockNotFound);
    return person;
  }

  /** Reject of their Follow (as they sent it: its id is what their server matches) and Undo of ours. */
  private async tellTheirServer(actor: AuthUser, person: BlockableRemotePerson, ended: EndedFollows): Promise<void> {
    const federation = this.federationService.federation;
    if (!federation || !this.config.federation || (!ended.theirFollowUri && !ended.myFollowUri)) return;
    const ctx = federation.createContext(new URL(this.config.federation.origin), undefined);
    const identifier = String(actor.id);
    const me = ctx.getActorUri(identifier);
    const them = new URL(person.uri);
    const recipient = recipientOfFollower({ actorId: person.id, ...person });
    if (ended.theirFollowUri) {
      const follow = new Follow({ id: new URL(ended.theirFollowUri), actor: them, object: me });
      await ctx.sendActivity({ identifier }, recipient, new Reject({ id: new URL(`#rejects/${randomUUID()}`, me), actor: me, object: follow }));
    }
    if (ended.myFollowUri) {
      const follow = new Follow({ id: new URL(ended.myFollowUri), actor: me, object: them });
      await ctx.sendActivity({ identifier }, recipient, new Undo({ id: new URL(`#undo/${randomUUID()}`, me), actor: me, object: follow }));
    }
  }
}
