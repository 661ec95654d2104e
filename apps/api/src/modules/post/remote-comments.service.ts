import { Inject, Injectable } from '@nestjs/common';
import { mentionedNames, POST_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import type { Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { PostRepository } from './post.repository';
import { RemoteCommentsRepository, type RemoteCommentInput, type RemoteCommentRow } from './remote-comments.repository';

/** A reply as federation hands it over: plain text within the comment limit, and the people here it mentions. */
export interface RemoteReply extends RemoteCommentInput {
  mentionedIds: number[];
}

/** A reply from elsewhere as the comments list shows it, with the active people here its text names. */
export interface RemoteCommentListing extends RemoteCommentRow {
  mentions: string[];
}

/**
 * Replies from people on other servers to reviews here (issue 30): kept beside the review's comments, told to its
 * author, and taken back or changed only by their own author. Federation checks who sent them; this holds the rules
 * of reviews (one out of sight takes nothing) and of what a change makes stale.
 */
@Injectable()
export class RemoteCommentsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly posts: PostRepository,
    private readonly repository: RemoteCommentsRepository,
    private readonly notifications: NotificationService,
    private readonly cache: PublicCacheService,
  ) {}

  /**
   * Kept and told once (the same Note again changes nothing). Answers false for a review nobody may see (gone, or its
   * author suspended or deactivated), which nothing is kept for.
   */
  async replied(reply: RemoteReply): Promise<boolean> {
    const { mentionedIds, ...input } = reply;
    const kept = await this.db.transaction(async () => {
      if ((await this.posts.visibleAuthorOf(input.postId)) === undefined) return false;
      const id = await this.repository.add(input);
      if (id !== null) await this.notifications.remoteCommented(input.actorId, input.postId, id, mentionedIds);
      return true;
    });
    if (kept) await this.cache.changed(STALE_AFTER.comment(reply.postId));
    return kept;
  }

  /** Its author changed its text (an Update of the Note). */
  async edited(uri: string, actorId: number, body: string): Promise<void> {
    const reply = await this.repository.edit(uri, actorId, body, Date.now());
    if (reply) await this.cache.changed(STALE_AFTER.comment(reply.postId));
  }

  /** Its author took it back (a Delete of the Note): it goes, with its notifications. */
  async deleted(uri: string, actorId: number): Promise<void> {
    const reply = await this.repository.byUri(uri, actorId);
    if (!reply) return;
    // Asked first: the reply's notifications go with it, and leave the bells of those who had them unread.
    const audience = await this.notifications.unreadAudience({ remoteCommentId: reply.id });
    if (!(await this.repository.remove(uri, actorId))) return;
    this.notifications.countsChanged(audience);
    await this.cache.changed(STALE_AFTER.comment(reply.postId));
  }

  /**
   * The review's author removes a reply from elsewhere on their review (it stays on its own server). One on a review
   * out of sight is 404, as an unknown one; anyone else's is 403, as for comments here.
   */
  async removedByReviewAuthor(actor: AuthUser, id: number): Promise<void> {
    const reply = await this.repository.owners(id);
    if (!reply || (await this.posts.visibleAuthorOf(reply.postId)) === undefined) throw new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);
    if (reply.reviewAuthorId !== actor.id) throw new AppError('FORBIDDEN', POST_MESSAGES.notCommentAuthor);
    const audience = await this.notifications.unreadAudience({ remoteCommentId: id });
    await this.repository.removeById(id);
    this.notifications.countsChanged(audience);
    await this.cache.changed(STALE_AFTER.comment(reply.postId));
  }

  /**
   * A review's replies from elsewhere, oldest first, each with the @names in its text that are active people here and
   * not hidden from the reader (`hidden`, blocks either way). Reviews without any cost one index seek.
   */
  async ofPost(postId: number, hidden: readonly number[]): Promise<RemoteCommentListing[]> {
    const rows = await this.repository.ofPost(postId);
    if (rows.length === 0) return [];
    const named = new Map(rows.map((row) => [row.id, mentionedNames(row.body)]));
    const people = await this.notifications.activePeopleNamed([...new Set([...named.values()].flat())]);
    const linkable = new Set(people.filter((person) => !hidden.includes(person.id)).map((person) => person.username));
    return rows.map((row) => ({ ...row, mentions: (named.get(row.id) ?? []).filter((name) => linkable.has(name)) }));
  }
}
