import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Database } from '@siplog/db';
import { SAFETY_MESSAGES, USER_MESSAGES, type BlockedPeopleView } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import type { TokenService } from '../auth/token.service';
import { DATABASE } from '../database/database.module';
import { EventBus } from '../events/event-bus.service';
import { announcePeopleChanged, PersonMemo } from '../events/person-memo';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { BlockRepository } from './block.repository';

/** No one hidden: what guests and people without blocks read, so their queries stay the unfiltered prepared ones. */
const NOBODY: readonly number[] = Object.freeze([]);
/** Signed-in people whose hidden ids are remembered at once (a few numbers each). */
const REMEMBERED_VIEWERS = 20_000;

/**
 * Blocking (issue 17). A block hides both people from each other, signed in: reviews, comments, profiles, follow
 * lists, search and notifications; and neither can follow, like or comment on the other. Guests see everything, so
 * public (cached) answers never change with a block. The blocked person is not told.
 */
@Injectable()
export class BlockService {
  private readonly logger = new Logger(BlockService.name);
  /** Each signed-in reader's hidden ids, read once and kept until a block or unblock touching them is announced. */
  private readonly remembered: PersonMemo<readonly number[]>;

  constructor(
    private readonly repository: BlockRepository,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly events: EventBus,
    @Inject(DATABASE) db: Database,
  ) {
    this.remembered = new PersonMemo(events, db, REMEMBERED_VIEWERS);
  }

  /**
   * The ids hidden from this viewer (both directions); empty for guests. One indexed read the first time, then from
   * memory until a block or unblock between them and anyone (announced to every node) makes it stale.
   */
  async hiddenFor(viewer: Pick<AuthUser, 'id'> | null | undefined): Promise<readonly number[]> {
    if (!viewer) return NOBODY;
    const hidden = await this.remembered.readThrough(String(viewer.id), async () => {
      const read = await this.repository.hiddenFor(viewer.id);
      return { person: viewer.id, value: read.length === 0 ? NOBODY : Object.freeze(read) };
    });
    return hidden ?? NOBODY;
  }

  /**
   * For whom a public read's answer to `viewer` holds: '' (everyone) when they hide no one, else them alone as they
   * stand now (`<id>@<version>`): the version grows with every announcement about them (PersonMemo.versionOf), so an
   * answer computed for them is never sent once a block or an unblock of theirs is heard of.
   */
  async audienceOf(viewer: Pick<AuthUser, 'id'> | null): Promise<string> {
    if ((await this.hiddenFor(viewer)).length === 0) return '';
    return `${viewer!.id}@${this.remembered.versionOf(viewer!.id)}`;
  }

  /** Whom this person blocked, one direction only (a review's author still sees their comments, folded). */
  blockedBy(viewer: Pick<AuthUser, 'id'>): Promise<number[]> {
    return this.repository.blockedBy(viewer.id);
  }

  /** 403 'You can't interact with this person.' when either has blocked the other. */
  async assertCanInteract(actor: Pick<AuthUser, 'id'>, otherUserId: number): Promise<void> {
    if (actor.id !== otherUserId && (await this.repository.isBlockedBetween(actor.id, otherUserId))) {
      throw cannotInteract();
    }
  }

  async block(actor: AuthUser, targetUsername: string): Promise<{ status: 200 }> {
    const target = await this.target(actor, targetUsername);
    if (await this.repository.block(actor.id, target.id)) {
      await announcePeopleChanged(this.events, [actor.id, target.id]);
      // What passed between them leaves both bells (and comes back with an unblock).
      this.notifications.countsChanged([actor.id, target.id]);
      // The follows both ways are gone: both profiles' public follower lists change.
      await this.cache.changed(STALE_AFTER.peopleFollow(actor.username, target.username));
      this.logger.log(`Blocked: ${actor.username} blocked ${target.username}`);
    }
    return { status: 200 };
  }

  async unblock(actor: AuthUser, targetUsername: string): Promise<{ status: 200 }> {
    const target = await this.target(actor, targetUsername);
    if (await this.repository.unblock(actor.id, target.id)) {
      await announcePeopleChanged(this.events, [actor.id, target.id]);
      this.notifications.countsChanged([actor.id, target.id]);
      this.logger.log(`Unblocked: ${actor.username} unblocked ${target.username}`);
    }
    return { status: 200 };
  }

  /** Whom the person blocked, here and elsewhere (issue 30: marked with their server). */
  async blockedUsers(actor: AuthUser): Promise<BlockedPeopleView> {
    const [users, remote] = await Promise.all([this.repository.blockedNames(actor.id), this.repository.blockedRemote(actor.id)]);
    return { users, remote };
  }

  /**
   * A review's comments without the replies of people elsewhere whom the reader blocked (issue 30). Guests, and
   * comments with no reply from elsewhere, ask nothing; otherwise one indexed read.
   */
  async withoutBlockedReplies<T extends { comment_id: number; remote?: unknown }>(
    viewer: Pick<AuthUser, 'id'> | null | undefined,
    postId: number,
    answer: { comments: T[] },
  ): Promise<{ comments: T[] }> {
    if (!viewer || !answer.comments.some((comment) => comment.remote !== undefined)) return answer;
    const hidden = new Set(await this.repository.hiddenRemoteReplies(viewer.id, postId));
    return hidden.size === 0 ? answer : { comments: answer.comments.filter((comment) => comment.remote === undefined || !hidden.has(comment.comment_id)) };
  }

  /** Anyone with an account, hidden or not (a block or unblock of a deactivated person still holds); never oneself. */
  private async target(actor: AuthUser, username: string) {
    const target = await this.repository.personByName(username.toLowerCase());
    if (!target) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    if (target.id === actor.id) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.blockSelf);
    return target;
  }
}

/**
 * Whom the public answers for the caller of this Authorization header are for (PublicAnswersAudience): '' for
 * everyone, when the token names no one (the answer is the signed-out one) or a person whom no block sets apart from
 * anyone; else that reader alone, as they stand now (BlockService.audienceOf). Both from memory once seen.
 */
export function publicAnswersAudience(tokens: TokenService, blocks: BlockService) {
  return async (authorization: string): Promise<string> => blocks.audienceOf(await tokens.callerOf(authorization));
}

/** 403 'You can't interact with this person.': a block stands between the two, either way. */
export function cannotInteract(): AppError {
  return new AppError('FORBIDDEN', SAFETY_MESSAGES.cannotInteract);
}

/** A viewer's hidden ids as the JSON array the prepared statements read with json_each. */
export function hiddenParam(hidden: readonly number[]): string {
  return hidden.length === 0 ? '[]' : JSON.stringify(hidden);
}
