import { Injectable, Logger } from '@nestjs/common';
import type { Federation, InboxContext } from '@fedify/fedify';
import { Accept, Article, Create, Delete, Flag, Follow, isActor, Like, Note, Reject, Undo, Update } from '@fedify/fedify/vocab';
import { PostService } from '../post/post.service';
import { RemoteCommentsService } from '../post/remote-comments.service';
import { RemoteReviewsService } from '../post/remote-reviews.service';
import { FederationDomainsRepository } from './federation-domains.repository';
import { FederationFlags } from './federation-flags.service';
import { FederationFollowers } from './federation-followers.service';
import { FederationFollowing } from './federation-following.service';
import { INBOX_PATH, localReviewId, localUserId, SHARED_INBOX_PATH } from './federation-paths';
import { remoteActorRecord } from './remote-actor-record';
import { RemoteAvatars } from './remote-avatars.service';
import { remoteReviewOf } from './remote-review';
import { RemoteFollowingRepository } from './remote-following.repository';
import { isPublicNote, mentionedLocalPeople, noteHtml, replyText } from './remote-reply';
import { RemoteActorsRepository } from './remote-actors.repository';

/**
 * What Siplog does with activities other servers send (issue 30). Fedify has verified the signature and that the
 * signer is the activity's actor before a handler runs, and drops an activity it has seen (by id) already.
 */
@Injectable()
export class FederationInbox {
  private readonly logger = new Logger('FederationInbox');

  constructor(
    private readonly actors: RemoteActorsRepository,
    private readonly domains: FederationDomainsRepository,
    private readonly posts: PostService,
    private readonly replies: RemoteCommentsService,
    private readonly avatars: RemoteAvatars,
    private readonly followers: FederationFollowers,
    private readonly following: FederationFollowing,
    private readonly followedHere: RemoteFollowingRepository,
    private readonly remoteReviews: RemoteReviewsService,
    private readonly flags: FederationFlags,
  ) {}

  /**
   * Whether the admin's policy for the sender's server drops this: a blocked server's everything; a silenced server's
   * everything but following (its replies, likes and reports).
   */
  private async refused(actorId: URL | null | undefined, kind: 'follow' | 'content'): Promise<boolean> {
    if (!actorId) return true;
    const policy = await this.domains.policyOf(actorId.host);
    return policy === 'block' || (policy === 'silence' && kind === 'content');
  }

  register(federation: Federation<void>): void {
    this.flags.register(federation);
    federation
      .setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH)
      .on(Follow, async (ctx, follow) => {
        if (follow.actorId && !(await this.refused(follow.actorId, 'follow'))) await this.followers.followed(ctx, follow);
      })
      .on(Undo, (ctx, undo) => this.undo(ctx, undo))
      .on(Like, (ctx, like) => this.like(ctx, like))
      .on(Accept, async (_ctx, accept) => {
        if (!(await this.refused(accept.actorId, 'follow'))) await this.following.accepted(accept);
      })
      .on(Reject, async (_ctx, reject) => {
        if (!(await this.refused(reject.actorId, 'follow'))) await this.following.rejected(reject);
      })
      .on(Create, (ctx, create) => this.create(ctx, create))
      .on(Update, (ctx, update) => this.update(ctx, update))
      .on(Delete, (ctx, deletion) => this.delete(deletion))
      // A report from another server's moderators: a silenced or blocked server's are dropped.
      .on(Flag, async (ctx, flag) => {
        if (!(await this.refused(flag.actorId, 'content'))) await this.flags.received(ctx, flag);
      })
      // Junk from the internet (a body that is no activity) is refused with a 400 and only noted; anything else is ours.
      .onError((_ctx, error) =>
        error instanceof SyntaxError || error instanceof TypeError
          ? this.logger.debug(`An incoming activity was refused: ${error.message}`)
          : this.logger.warn(`An incoming activity failed: ${error.message}`),
      );
  }

  private async unlike(ctx: InboxContext<void>, actorId: URL, like: Like): Promise<void> {
    if (like.actorId?.href !== actorId.href || !like.objectId) return;
    const postId = localReviewId(ctx, like.objectId);
    const actor = await this.actors.byUri(actorId.href);
    if (postId !== null && actor) await this.posts.remoteUnliked(actor.id, postId);
  }

  /**
   * A public reply to a review here (a Note whose inReplyTo is one of ours, by the activity's own actor): kept as a
   * comment from elsewhere, and its author told. Other posts are not about reviews here and are not kept.
   */
  private async create(ctx: InboxContext<void>, create: Create): Promise<void> {
    if (!create.actorId || (await this.refused(create.actorId, 'content'))) return;
    const note = await create.getObject(ctx);
    if (!(note instanceof Note || note instanceof Article) || !note.id || note.attributionId?.href !== create.actorId.href || !isPublicNote(note)) return;
    if (!note.replyTargetId) return this.review(ctx, note, create.actorId);
    if (!(note instanceof Note)) return;
    const postId = localReviewId(ctx, note.replyTargetId);
    const body = postId === null ? '' : replyText(noteHtml(note));
    if (postId === null || body === '') return;
    const author = await create.getActor(ctx);
    if (!author || !isActor(author) || author.id?.href !== create.actorId.href) return;
    const record = await remoteActorRecord(author);
    if (!record) return;
    const now = Date.now();
    const actorId = await this.actors.keep(record, now);
    void this.avatars.refresh(actorId);
    const createdAt = Math.min(note.published?.epochMilliseconds ?? now, now);
    await this.replies.replied({ postId, actorId, uri: note.id.href, body, createdAt, mentionedIds: await mentionedLocalPeople(ctx, note) });
  }

  /**
   * A post by someone people here follow: kept as a review from elsewhere when it is one (a Place and a rating), for
   * their followers' Following feed. Nobody here follows them: nothing is kept.
   */
  private async review(ctx: InboxContext<void>, note: Note | Article, actorUri: URL): Promise<void> {
    const actor = await this.actors.byUri(actorUri.href);
    if (!actor || !(await this.followedHere.followedHere(actor.id))) return;
    const review = await remoteReviewOf(ctx, note, actor.id);
    if (review) await this.remoteReviews.received(review);
  }

  /** A reply here edited by its author: its new text. */
  private async updateReply(ctx: InboxContext<void>, update: Update, actorId: URL): Promise<void> {
    const note = await update.getObject(ctx);
    if ((note instanceof Note || note instanceof Article) && note.id && !note.replyTargetId && note.attributionId?.href === actorId.href && isPublicNote(note)) {
      return this.review(ctx, note, actorId);
    }
    const actor = await this.actors.byUri(actorId.href);
    if (!(note instanceof Note) || !note.id || note.attributionId?.href !== actorId.href || !actor) return;
    const body = replyText(noteHtml(note));
    // Edited down to nothing readable: as good as taken back.
    await (body === '' ? this.replies.deleted(note.id.href, actor.id) : this.replies.edited(note.id.href, actor.id, body));
  }

  /** A known person's profile changed (name, avatar, inbox): kept as it now is; or one of their replies here was edited. */
  private async update(ctx: InboxContext<void>, update: Update): Promise<void> {
    if (!update.actorId || (await this.refused(update.actorId, 'follow'))) return;
    if (update.objectId && update.objectId.href !== update.actorId.href) {
      if (!(await this.refused(update.actorId, 'content'))) await this.updateReply(ctx, update, update.actorId);
      return;
    }
    if (update.objectId?.href !== update.actorId.href || !(await this.actors.byUri(update.actorId.href))) return;
    const object = await update.getObject(ctx);
    if (!object || !isActor(object) || object.id?.href !== update.actorId.href) return;
    const record = await remoteActorRecord(object);
    if (record) void this.avatars.refresh(await this.actors.keep(record, Date.now()));
  }

  /**
   * A person deleted on their server (Delete of the actor itself): forgotten here, with their follows and replies. A
   * Delete of anything else takes back their reply of that id, if they have one here.
   */
  private async delete(deletion: Delete): Promise<void> {
    if (!deletion.actorId || !deletion.objectId) return;
    if (deletion.objectId.href !== deletion.actorId.href) {
      const actor = await this.actors.byUri(deletion.actorId.href);
      if (actor) await Promise.all([this.replies.deleted(deletion.objectId.href, actor.id), this.remoteReviews.removed(deletion.objectId.href, actor.id)]);
      return;
    }
    if (await this.actors.forget(deletion.actorId.href)) this.logger.log(`${deletion.actorId.href} was deleted on its server and is forgotten here`);
  }

  /** Someone elsewhere likes a review here: counted, and its author told. */
  private async like(ctx: InboxContext<void>, like: Like): Promise<void> {
    if (!like.id || !like.actorId || !like.objectId || (await this.refused(like.actorId, 'content'))) return;
    const postId = localReviewId(ctx, like.objectId);
    if (postId === null) return;
    const liker = await like.getActor(ctx);
    if (!liker || !isActor(liker) || liker.id?.href !== like.actorId.href) return;
    const record = await remoteActorRecord(liker);
    if (!record) return;
    const actorId = await this.actors.keep(record, Date.now());
    void this.avatars.refresh(actorId);
    await this.posts.remoteLiked(actorId, postId, like.id.href);
  }

  /** Undo of a Follow (they stop following) or of a Like (it is taken back). */
  private async undo(ctx: InboxContext<void>, undo: Undo): Promise<void> {
    if (!undo.actorId || (await this.refused(undo.actorId, 'follow'))) return;
    const object = await undo.getObject(ctx);
    if (object instanceof Like) return this.unlike(ctx, undo.actorId, object);
    if (!(object instanceof Follow) || object.actorId?.href !== undo.actorId.href || !object.objectId) return;
    const userId = localUserId(ctx, object.objectId);
    const actor = await this.actors.byUri(undo.actorId.href);
    if (userId === null || !actor) return;
    if (await this.followers.unfollowed(userId, actor.id)) this.logger.log(`${actor.handle} no longer follows user ${userId}`);
  }
}
