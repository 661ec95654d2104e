import { randomUUID } from 'node:crypto';
import { Temporal } from '@js-temporal/polyfill';
import { Inject, Injectable } from '@nestjs/common';
import type { Federation } from '@fedify/fedify';
import { Create, Delete, Like, type Activity, Mention, Note, PUBLIC_COLLECTION, Tombstone, Undo } from '@fedify/fedify/vocab';
import { REMOTE_FOLLOW_MESSAGES, REMOTE_LIKE_MESSAGES, type RemoteReplyView } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { UserService } from '../user/user.service';
import { FederationDomainsRepository } from './federation-domains.repository';
import { FederationSwitch } from './federation-switch';
import { recipientOfFollower } from './remote-actor-record';
import { RemoteReviewReactionsRepository, type LikedReviewTarget, type RemoteReplyRow } from './remote-review-reactions.repository';
import { RateLimitService } from '../rate-limit/rate-limit.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const toReplyView = (row: RemoteReplyRow): RemoteReplyView => ({ reply_id: row.id, comment: row.body, comment_date: new Date(row.createdAt).toISOString() });

/**
 * A person here likes or replies to a review from elsewhere (issue 30). A `Like` from their actor goes to its
 * author's server, where it counts (another Siplog counts it with its likes and tells the author); taking it back
 * sends an `Undo`. A reply goes as a public `Note` in reply to the review, naming its author (a `Mention`), as
 * Mastodon writes one; taking it back sends a `Delete`. Both are kept here so the card shows them as left.
 */
@Injectable()
export class FederationRemoteReactions {
  private federation: Federation<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federationSwitch: FederationSwitch,
    private readonly domains: FederationDomainsRepository,
    private readonly users: UserService,
    private readonly reactions: RemoteReviewReactionsRepository,
    private readonly rateLimit: RateLimitService,
  ) {}

  register(federation: Federation<void>): void {
    this.federation = federation;
  }

  private async prepare(viewer: AuthUser, reviewId: number): Promise<{ target: LikedReviewTarget; identifier: string; actor: URL; send: (activity: Activity) => Promise<void> }> {
    if (!this.federation || !this.federationSwitch.on || !this.config.federation) throw new AppError('NOT_FOUND', REMOTE_FOLLOW_MESSAGES.off);
    if (!(await this.users.federatedPerson({ id: viewer.id }))) throw new AppError('FORBIDDEN', REMOTE_FOLLOW_MESSAGES.leftOrSuspended);
    const target = await this.reactions.target(reviewId);
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
    if (await this.reactions.add(viewer.id, reviewId, like.id!.href, Date.now())) await send(like);
    return { status: 200, liked: true };
  }

  /** Taken back: an Undo of the Like it sent. */
  async unlike(viewer: AuthUser, reviewId: number): Promise<{ status: 200; liked: false }> {
    const { target, actor, send } = await this.prepare(viewer, reviewId);
    const activityUri = await this.reactions.remove(viewer.id, reviewId);
    if (activityUri) {
      const like = new Like({ id: new URL(activityUri), actor, object: new URL(target.reviewUri) });
      await send(new Undo({ id: new URL(`#undo/${randomUUID()}`, actor), actor, object: like }));
    }
    return { status: 200, liked: false };
  }

  /** A reply to the review, sent to its author's server; comments' rate limit applies. */
  async reply(viewer: AuthUser, reviewId: number, text: string): Promise<{ status: 200; reply: RemoteReplyView }> {
    const { target, actor, send } = await this.prepare(viewer, reviewId);
    await this.rateLimit.consume('comment', String(viewer.id));
    const author = new URL(target.uri);
    const handle = `@${target.handle.split('@')[0]}`;
    const id = new URL(`#replies/${randomUUID()}`, actor);
    const published = Temporal.Now.instant();
    const note = new Note({
      id,
      attribution: actor,
      replyTarget: new URL(target.reviewUri),
      content: `<p><span class="h-card"><a href="${escapeHtml(author.href)}" class="u-url mention">${escapeHtml(handle)}</a></span> ${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      published,
      to: PUBLIC_COLLECTION,
      ccs: [author],
      tags: [new Mention({ href: author, name: `@${target.handle}` })],
    });
    const now = Date.now();
    const replyId = await this.reactions.addReply(viewer.id, reviewId, id.href, text, now);
    await send(new Create({ id: new URL(`${id.href}/create`), actor, object: note, published, to: PUBLIC_COLLECTION, ccs: [author] }));
    return { status: 200, reply: { reply_id: replyId, comment: text, comment_date: new Date(now).toISOString() } };
  }

  /** One's own replies to a review from elsewhere, oldest first. */
  async myReplies(viewer: AuthUser, reviewId: number): Promise<{ replies: RemoteReplyView[] }> {
    return { replies: (await this.reactions.repliesOf(viewer.id, reviewId)).map(toReplyView) };
  }

  /** One's own reply taken back: a Delete of its Note goes to the review's author. */
  async deleteReply(viewer: AuthUser, replyId: number): Promise<{ status: 200 }> {
    const removed = await this.reactions.removeReply(viewer.id, replyId);
    if (!removed) throw new AppError('NOT_FOUND', REMOTE_LIKE_MESSAGES.noSuchReply);
    try {
      const { actor, send } = await this.prepare(viewer, removed.remoteReviewId);
      await send(new Delete({ id: new URL(`${removed.noteUri}/delete`), actor, to: PUBLIC_COLLECTION, object: new Tombstone({ id: new URL(removed.noteUri) }) }));
    } catch (error) {
      // Gone here either way; their server keeps it only when it cannot be told (federation off, the review gone).
      if (!(error instanceof AppError)) throw error;
    }
    return { status: 200 };
  }
}
