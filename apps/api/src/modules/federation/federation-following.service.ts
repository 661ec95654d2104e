import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Context, Federation } from '@fedify/fedify';
import { Follow, isActor, Undo, type Accept, type Reject } from '@fedify/fedify/vocab';
import { FEDIVERSE_HANDLE, REMOTE_FOLLOW_MESSAGES, SAFETY_MESSAGES, type RemoteFollowState, type RemotePersonView } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { remoteAvatarUrl } from '../media/remote-avatar-url';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { UserService } from '../user/user.service';
import { FederationDomainsRepository } from './federation-domains.repository';
import { FederationSwitch } from './federation-switch';
import { recipientOfFollower, remoteActorRecord } from './remote-actor-record';
import { RemoteActorsRepository } from './remote-actors.repository';
import { RemoteAvatars } from './remote-avatars.service';
import { RemoteBlocksRepository } from './remote-blocks.repository';
import { RemoteFollowingRepository, type RemotePersonRow } from './remote-following.repository';

/**
 * People here following people on other servers (issue 30): a handle typed in the search box is looked up
 * (WebFinger, then their actor), a Follow goes out from the person's own actor, and their server's Accept or Reject
 * settles it. Their reviews then reach the person's Following feed (the inbox keeps them).
 */
@Injectable()
export class FederationFollowing {
  private readonly logger = new Logger('FederationFollowing');
  private federation: Federation<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federationSwitch: FederationSwitch,
    private readonly domains: FederationDomainsRepository,
    private readonly users: UserService,
    private readonly actors: RemoteActorsRepository,
    private readonly following: RemoteFollowingRepository,
    private readonly avatars: RemoteAvatars,
    private readonly rateLimit: RateLimitService,
    private readonly blocks: RemoteBlocksRepository,
  ) {}

  register(federation: Federation<void>): void {
    this.federation = federation;
  }

  /** A context to send and look up from, while federation is on; else the reason it is not. */
  private context(): Context<void> {
    if (!this.federation || !this.federationSwitch.on || !this.config.federation) throw new AppError('NOT_FOUND', REMOTE_FOLLOW_MESSAGES.off);
    return this.federation.createContext(new URL(this.config.federation.origin), undefined);
  }

  /** The person acting, as an actor here (suspended or leaving people follow no one). */
  private async follower(viewer: AuthUser): Promise<string> {
    if (!(await this.users.federatedPerson({ id: viewer.id }))) throw new AppError('FORBIDDEN', REMOTE_FOLLOW_MESSAGES.leftOrSuspended);
    return String(viewer.id);
  }

  private async view(viewer: AuthUser, person: RemotePersonRow): Promise<RemotePersonView> {
    const state = await this.following.state(viewer.id, person.id);
    const following: RemoteFollowState = !state ? 'none' : state.accepted ? 'following' : 'pending';
    const blocked = await this.blocks.isBlocked(viewer.id, person.id);
    return {
      remote_actor_id: person.id,
      handle: person.handle,
      name: person.name,
      server: person.host,
      url: person.profileUrl,
      avatar: remoteAvatarUrl(person.avatarFile),
      following,
      blocked,
    };
  }

  /** Someone elsewhere by handle (`@name@server`): asked of their server, kept here, and where the viewer stands with them. */
  async lookup(viewer: AuthUser, handle: string): Promise<{ person: RemotePersonView }> {
    const ctx = this.context();
    const [, , host] = FEDIVERSE_HANDLE.exec(handle) ?? [];
    if (!host) throw new AppError('BAD_REQUEST', REMOTE_FOLLOW_MESSAGES.handleInvalid);
    const server = host.toLowerCase();
    if (server === new URL(this.config.federation!.origin).host) throw new AppError('BAD_REQUEST', REMOTE_FOLLOW_MESSAGES.ours);
    if ((await this.domains.policyOf(server)) === 'block') throw new AppError('FORBIDDEN', REMOTE_FOLLOW_MESSAGES.blocked(server));
    await this.rateLimit.consume('remoteLookup', String(viewer.id));
    const typed = handle.startsWith('@') ? handle : `@${handle}`;
    let found: unknown;
    try {
      found = await ctx.lookupObject(typed);
    } catch (error) {
      this.logger.debug(`Looking up ${typed} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new AppError('NOT_FOUND', REMOTE_FOLLOW_MESSAGES.unreachable(server));
    }
    const record = found && isActor(found) ? await remoteActorRecord(found) : null;
    if (!record) throw new AppError('NOT_FOUND', REMOTE_FOLLOW_MESSAGES.notFound(typed));
    if ((await this.domains.policyOf(record.host)) === 'block') throw new AppError('FORBIDDEN', REMOTE_FOLLOW_MESSAGES.blocked(record.host));
    const id = await this.actors.keep(record, Date.now());
    // Waited for (bounded by its own timeout): the answer then shows their picture the first time.
    await this.avatars.refresh(id);
    return { person: await this.view(viewer, (await this.following.person(id))!) };
  }

  private async person(id: number): Promise<RemotePersonRow> {
    const person = await this.following.person(id);
    if (!person) throw new AppError('NOT_FOUND', REMOTE_FOLLOW_MESSAGES.noSuchPerson);
    if ((await this.domains.policyOf(person.host)) === 'block') throw new AppError('FORBIDDEN', REMOTE_FOLLOW_MESSAGES.blocked(person.host));
    return person;
  }

  /** The viewer asks to follow them: a Follow from the viewer's actor; it stands as asked until their server accepts. */
  async follow(viewer: AuthUser, remoteActorId: number): Promise<{ person: RemotePersonView }> {
    const ctx = this.context();
    const identifier = await this.follower(viewer);
    const person = await this.person(remoteActorId);
    if (await this.blocks.isBlocked(viewer.id, person.id)) throw new AppError('FORBIDDEN', SAFETY_MESSAGES.remoteBlockedFollow);
    const state = await this.following.state(viewer.id, person.id);
    if (state?.accepted) return { person: await this.view(viewer, person) };
    const actor = ctx.getActorUri(identifier);
    const follow = new Follow({ id: new URL(`#follows/${randomUUID()}`, actor), actor, object: new URL(person.uri) });
    await this.following.ask(viewer.id, person.id, follow.id!.href, Date.now());
    await ctx.sendActivity({ identifier }, recipientOfFollower({ actorId: person.id, ...person }), follow);
    return { person: await this.view(viewer, person) };
  }

  /** The viewer stops following them (or takes back the request): an Undo of the Follow, and their reviews leave the feed. */
  async unfollow(viewer: AuthUser, remoteActorId: number): Promise<{ person: RemotePersonView }> {
    const ctx = this.context();
    const person = await this.person(remoteActorId);
    const state = await this.following.state(viewer.id, person.id);
    if (state && (await this.following.remove(viewer.id, person.id))) {
      const identifier = String(viewer.id);
      const actor = ctx.getActorUri(identifier);
      const follow = new Follow({ id: new URL(state.followUri), actor, object: new URL(person.uri) });
      await ctx.sendActivity({ identifier }, recipientOfFollower({ actorId: person.id, ...person }), new Undo({ id: new URL(`#undo/${randomUUID()}`, actor), actor, object: follow }));
    }
    return { person: await this.view(viewer, person) };
  }

  /** Their server accepted a Follow of ours (named by its id). */
  async accepted(accept: Accept): Promise<void> {
    const followUri = this.followNamed(accept);
    if (followUri && accept.actorId && (await this.following.accept(followUri, accept.actorId.href))) this.logger.log(`${accept.actorId.href} accepted ${followUri}`);
  }

  /** Their server declined a Follow of ours (or ended one): it is gone here. */
  async rejected(reject: Reject): Promise<void> {
    const followUri = this.followNamed(reject);
    if (followUri && reject.actorId) await this.following.reject(followUri, reject.actorId.href);
  }

  /**
   * The Follow an Accept or Reject answers, by its id: embedded (Mastodon) or named. Only a Follow of ours is
   * answered here: its id is under our own origin (the configured one: behind a proxy the request's may differ).
   */
  private followNamed(answer: Accept | Reject): string | null {
    const ours = this.config.federation ? new URL(this.config.federation.origin).origin : null;
    return answer.objectId && answer.objectId.origin === ours ? answer.objectId.href : null;
  }
}
