import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, mentionedNames, PLACE_SERVER_MESSAGES, POST_MESSAGES } from '@siplog/contracts';
import type { Database } from '@siplog/db';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { assertActingUser, type AuthUser } from '../../common/auth-user';
import { DATABASE } from '../database/database.module';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { BlockService, cannotInteract } from '../block/block.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { remoteAvatarUrl } from '../media/remote-avatar-url';
import { drinkOf } from './post-drink';
import { PostRepository, type CommentRow, type FeedPosition, type PostRow, type ReviewReached } from './post.repository';
import { RemoteCommentsService, type RemoteCommentListing } from './remote-comments.service';
import type { RemoteReviewRow } from './remote-reviews.repository';
import { RemoteReviewsService } from './remote-reviews.service';
import type { AmenityAnswers, Drink } from '@siplog/contracts';
import { PostAmenitiesRepository } from './post-amenities.repository';

export { POSTS_BY_ESTABLISHMENT_MAX } from './post.repository';

/** REST feed pages up to this deep are free; deeper ones are rate-limited per client (deepFeedPageByIp). */
export const FEED_SKIP_FREE = 1_000;

/** A review as the spec's calls answer it (spec §3 Post). */
export interface PostView {
  post_id: number;
  _id: number;
  username: string;
  establishment_id: number;
  establishment_name: string;
  post_date: string;
  order: string;
  review: string;
  rating: string;
  /** How the drink was taken (issue 19), or null when the author gave no details. */
  drink: Drink | null;
  /** The author's yes/no answers about the place's amenities (issue 31); {} when none. */
  amenities: AmenityAnswers;
  likes: number;
  images: string[];
  est_street: string;
  est_city: string;
  est_state: string;
  est_zip: string;
  est_country: string;
  /** The active people the review names with @username (issue 16): the web app links these. */
  mentions: string[];
  /**
   * A review by someone on another server whom the reader follows (issue 30), in their Following feed only:
   * `username` is their handle (user@host), `post_id` numbers reviews from elsewhere apart from reviews here,
   * `establishment_id` is the place here it is at (0: none here, `place_url` opens the place where it came from).
   */
  remote?: {
    server: string;
    url: string | null;
    profile_url: string | null;
    avatar: string | null;
    place_url: string | null;
    /** The alt text of each of `images` (their stored copies here), as it came. */
    image_alts: string[];
    /** Whether the reader liked it (their Like went to its author's server). */
    liked: boolean;
  };
}

/** A comment as the spec's calls answer it (design §3). */
export interface CommentView {
  comment_id: number;
  username: string;
  comment: string;
  comment_date: string;
  /** The active people the comment names with @username (issue 16): the web app links these. */
  mentions: string[];
  /**
   * Only to the review's author, on comments by people they blocked (issue 26): listed so they can remove or report
   * them, and shown folded. Absent everywhere else.
   */
  blocked?: true;
  /**
   * A reply from someone on another server (issue 30): `username` is their handle (user@host), `comment_id` numbers
   * replies from elsewhere apart from comments here; `url` is their page there, `avatar` their picture as stored here.
   */
  remote?: { url: string | null; avatar: string | null };
}

export interface LikeState {
  status: 200;
  liked: boolean;
  /** Likes of active people, counted after the change. */
  likes: number;
}

/** Newest first by (time, id), as the feeds' cursors page. */
function newestFirst(a: PostView, b: PostView): number {
  return Date.parse(b.post_date) - Date.parse(a.post_date) || b.post_id - a.post_id;
}

function cursorOf(post: PostView): string {
  return `${Date.parse(post.post_date)}_${post.post_id}`;
}

/** Before every review: the first page of a feed paged by (created_at, id). */
const FEED_START: FeedPosition = { createdAt: Number.MAX_SAFE_INTEGER, id: LIMITS.idMax };

function parseCursor(cursor: string | null | undefined): FeedPosition {
  if (!cursor) return FEED_START;
  const [createdAt, id] = cursor.split('_').map(Number);
  // Before (t, an id beyond any review's) is before (t + 1, 0), which PostgreSQL's integer column can be compared with.
  return id > LIMITS.idMax ? { createdAt: createdAt + 1, id: 0 } : { createdAt, id };
}

@Injectable()
export class PostService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly rateLimit: RateLimitService,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly blocks: BlockService,
    private readonly repository: PostRepository,
    private readonly remoteComments: RemoteCommentsService,
    private readonly remoteReviews: RemoteReviewsService,
    private readonly amenities: PostAmenitiesRepository,
  ) {}

  /** The recent feed by the spec's limit/skip (REST), newest first; deactivated people's reviews stay out of sight. */
  async recent(client: ClientInfo, limit: number, skip: number, viewer: AuthUser | null = null): Promise<{ posts: PostView[] }> {
    if (skip > FEED_SKIP_FREE) await this.rateLimit.consume('deepFeedPageByIp', client.ip);
    const hidden = await this.blocks.hiddenFor(viewer);
    return { posts: await this.toViews(await this.repository.recent(limit, skip, hidden), hidden) };
  }

  /**
   * The recent feed as the web app pages it: after the last post it has, so reviews posted while someone scrolls
   * neither repeat a post nor skip one. `nextCursor` is null once a page comes back short.
   */
  async recentPage(limit: number, cursor?: string | null, viewer: AuthUser | null = null): Promise<{ posts: PostView[]; nextCursor: string | null }> {
    const hidden = await this.blocks.hiddenFor(viewer);
    const rows = cursor ? await this.repository.recentBefore(parseCursor(cursor), limit, hidden) : await this.repository.recent(limit, 0, hidden);
    const page = await this.toViews(rows, hidden);
    const last = page.at(-1);
    return { posts: page, nextCursor: last && page.length === limit ? cursorOf(last) : null };
  }

  /**
   * The Following feed by the spec's limit/skip (the REST twin): reviews by the people the caller follows, at the
   * places they follow, and their own, newest first and each once. Deep skips cost more (each source walks skip +
   * limit reviews), so past FEED_SKIP_FREE they are rate-limited as the recent feed's are.
   */
  async following(actor: AuthUser, client: ClientInfo, limit: number, skip: number): Promise<{ posts: PostView[] }> {
    if (skip > FEED_SKIP_FREE) await this.rateLimit.consume('deepFeedPageByIp', client.ip);
    const hidden = await this.blocks.hiddenFor(actor);
    const rows = await this.repository.followingPage(actor.id, FEED_START, { take: skip + limit, limit, offset: skip }, hidden);
    return { posts: await this.toViews(rows, hidden) };
  }

  /**
   * The Following feed as the web app pages it, after the last review it has (see recentPage), with how many people
   * and places the caller follows (the web app opens on this feed when they follow anyone).
   */
  async followingPage(actor: AuthUser, limit: number, cursor?: string | null): Promise<{ posts: PostView[]; nextCursor: string | null; follows: number }> {
    const hidden = await this.blocks.hiddenFor(actor);
    const position = parseCursor(cursor);
    const [rows, remote] = await Promise.all([
      this.repository.followingPage(actor.id, position, { take: limit, limit, offset: 0 }, hidden),
      this.remoteReviews.followingPage(actor.id, position, limit),
    ]);
    const local = await this.toViews(rows, hidden);
    // Reviews from elsewhere (issue 30) join in the same order, newest first by (time, id); one cursor pages both.
    const page = remote.length === 0 ? local : [...local, ...remote.map(toRemoteReviewView)].sort(newestFirst).slice(0, limit);
    const last = page.at(-1);
    const follows = await this.repository.followsCount(actor.id);
    return { posts: page, nextCursor: last && page.length === limit ? cursorOf(last) : null, follows };
  }

  /** One review (the full post and its own URL); a deactivated person's review is out of sight: 404. */
  async byId(postId: number, viewer: AuthUser | null = null): Promise<{ post: PostView }> {
    const hidden = await this.blocks.hiddenFor(viewer);
    const row = await this.repository.byId(postId, hidden);
    if (!row) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    return { post: (await this.toViews([row], hidden))[0] };
  }

  /** A person's most recent reviews, or only their 5-star ones (the My Log and profile carousels). */
  recentOrders(username: string, limit: number, viewer: AuthUser | null = null): Promise<{ orders: PostView[] }> {
    return this.ordersOf(username, limit, { fiveStarOnly: false, viewer });
  }

  fiveStarOrders(username: string, limit: number, viewer: AuthUser | null = null): Promise<{ orders: PostView[] }> {
    return this.ordersOf(username, limit, { fiveStarOnly: true, viewer });
  }

  /** A place's reviews, newest first; deactivated people's reviews stay out of sight. An unknown place is 404. */
  async byEstablishment(establishmentId: number, viewer: AuthUser | null = null): Promise<{ posts: PostView[] }> {
    if (!(await this.repository.placeExists(establishmentId))) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.notFound);
    const hidden = await this.blocks.hiddenFor(viewer);
    return { posts: await this.toViews(await this.repository.byEstablishment(establishmentId, hidden), hidden) };
  }

  /** Every review of one person, newest first, whether or not they are deactivated (the admin's Load Posts). */
  async allByUser(userId: number): Promise<PostView[]> {
    return this.toViews(await this.repository.allByAuthor(userId));
  }

  /**
   * Idempotent: liking twice (or twice at once) is one like, and tells the author once. The checks, the like, its
   * notification and the count are one statement on PostgreSQL (one round trip, issue 32); the public cache hears of it
   * before it is answered, and the author's bell with it.
   */
  async like(actor: AuthUser, postId: number, claimedEmail?: string): Promise<LikeState> {
    assertActingUser(actor, { email: claimedEmail });
    const change = await this.repository.like(postId, actor.id, this.notifications.mailEnabled);
    const review = assertInteractable(change.review);
    this.notifications.countsChanged(change.told);
    await this.cache.changed(STALE_AFTER.review({ postId, ...review }));
    return { status: 200, liked: true, likes: change.likes };
  }

  /** Idempotent: unliking what is not liked changes nothing. Its unread notification goes, and the author's bell falls. */
  async unlike(actor: AuthUser, postId: number, claimedEmail?: string): Promise<LikeState> {
    assertActingUser(actor, { email: claimedEmail });
    const change = await this.repository.unlike(postId, actor.id);
    // Taking a like back stays possible after a block (it only removes).
    const review = assertInSight(change.review);
    this.notifications.countsChanged(change.told);
    await this.cache.changed(STALE_AFTER.review({ postId, ...review }));
    return { status: 200, liked: false, likes: change.likes };
  }

  /**
   * A like from someone on another server (issue 30; `remoteActorId` is their remote_actors row, `activityUri` the
   * Like's id): counted with the others and told to the author once. Answers false for a review nobody may see (gone,
   * or its author suspended or deactivated), which nothing is kept for.
   */
  async remoteLiked(remoteActorId: number, postId: number, activityUri: string): Promise<boolean> {
    const kept = await this.db.transaction(async () => {
      if ((await this.repository.visibleAuthorOf(postId)) === undefined) return false;
      if (await this.repository.addRemoteLike(postId, remoteActorId, activityUri, Date.now())) await this.notifications.remoteLiked(remoteActorId, postId);
      return true;
    });
    if (kept) await this.cache.changed(await this.publicTagsOf(postId));
    return kept;
  }

  /** Someone elsewhere took their like back (an Undo): uncounted, and its unread notification goes. */
  async remoteUnliked(remoteActorId: number, postId: number): Promise<void> {
    const removed = await this.db.transaction(async () => {
      if (!(await this.repository.removeRemoteLike(postId, remoteActorId))) return false;
      await this.notifications.remoteUnliked(remoteActorId, postId);
      return true;
    });
    if (removed) await this.cache.changed(await this.publicTagsOf(postId));
  }

  /** The public answers a change to this review (its text, likes, presence) shows in; see public-cache.tags.ts. */
  async publicTagsOf(postId: number): Promise<string[]> {
    const review = await this.repository.reviewKey(postId);
    return review ? STALE_AFTER.review({ postId, ...review }) : STALE_AFTER.reviewGone(postId);
  }

  async isLiked(actor: AuthUser, postId: number, claimedUsername?: string): Promise<{ liked: boolean }> {
    assertActingUser(actor, { username: claimedUsername });
    await this.assertVisible(postId, actor);
    return { liked: await this.repository.isLiked(postId, actor.id) };
  }

  /**
   * Oldest first, as text; deactivated people's comments stay out of sight with them. A block hides each person's
   * comments from the other, except on the blocker's own review: its author still gets the comments of people they
   * blocked, marked `blocked`, so they can remove or report them (issue 26). Nobody else's view changes.
   */
  async comments(postId: number, viewer: AuthUser | null = null): Promise<{ comments: CommentView[] }> {
    const hidden = await this.blocks.hiddenFor(viewer);
    const authorId = await this.assertVisible(postId, viewer, hidden);
    // One more indexed read, only for a review's author who has hidden people at all.
    const blockedByAuthor = viewer?.id === authorId && hidden.length > 0 ? await this.blocks.blockedBy(viewer) : [];
    const shown = blockedByAuthor.length === 0 ? hidden : hidden.filter((id) => !blockedByAuthor.includes(id));
    const rows = await this.repository.comments(postId, shown);
    const mentions = await this.notifications.mentionNames('comment', rows.map((row) => row.id), hidden);
    const local = rows.map((row) => toCommentView(row, mentions.get(row.id) ?? [], blockedByAuthor.includes(row.userId)));
    const remote = (await this.remoteComments.ofPost(postId, hidden)).map(toRemoteCommentView);
    if (remote.length === 0) return { comments: local };
    // Replies from people elsewhere whom the reader blocked stay out of their sight (one more read, only then).
    const { comments: shownRemote } = await this.blocks.withoutBlockedReplies(viewer, postId, { comments: remote });
    if (shownRemote.length === 0) return { comments: local };
    // Both lists are oldest first; ISO dates of one length compare as their times do.
    return { comments: [...local, ...shownRemote].sort((a, b) => (a.comment_date < b.comment_date ? -1 : a.comment_date > b.comment_date ? 1 : 0)) };
  }

  /**
   * The comment arrives trimmed and within LIMITS.commentMax (contracts); it is stored and answered as the text it is.
   * Every call spends a point of the person's comment budget, first (429 before any other answer). It tells the review's
   * author, the people it names and the review's earlier commenters, once each. The budget, the comment and its
   * effects are one statement on PostgreSQL (issue 32).
   */
  async addComment(actor: AuthUser, postId: number, text: string, claimedEmail?: string): Promise<{ status: 200; comment: CommentView }> {
    assertActingUser(actor, { email: claimedEmail });
    const budget = await this.rateLimit.spendInWrite('comment', String(actor.id));
    const written = await this.repository.addComment(postId, actor.id, text, { names: mentionedNames(text), mail: this.notifications.mailEnabled, budget });
    this.rateLimit.assertWithin(budget, written.budget);
    assertInteractable(written.review);
    // Written: the budget held, and the review was in sight with no block between.
    const row = written.comment!;
    this.notifications.countsChanged(written.told);
    // Comments show only in the post's own comment list.
    await this.cache.changed(STALE_AFTER.comment(postId));
    return { status: 200, comment: toCommentView({ id: row.id, username: actor.username, comment: row.body, createdAt: row.createdAt }, written.mentions) };
  }

  /**
   * The comment's author or the review's author deletes a comment (its notifications and mentions go with it). A
   * comment nobody can see (its author or its review's author deactivated) is 404, as an unknown one. `remote`: a
   * reply from elsewhere, which only the review's author removes.
   */
  async deleteComment(actor: AuthUser, commentId: number, remote = false): Promise<{ status: 200 }> {
    if (remote) {
      await this.remoteComments.removedByReviewAuthor(actor, commentId);
      return { status: 200 };
    }
    const comment = await this.repository.commentOwners(commentId);
    if (!comment) throw new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);
    if (comment.authorId !== actor.id && comment.reviewAuthorId !== actor.id) throw new AppError('FORBIDDEN', POST_MESSAGES.notCommentAuthor);
    // Asked first: the comment's notifications go with it, and leave the bells of those who had them unread.
    const audience = await this.notifications.unreadAudience({ commentId });
    await this.repository.deleteComment(commentId);
    this.notifications.countsChanged(audience);
    await this.cache.changed(STALE_AFTER.comment(comment.postId));
    return { status: 200 };
  }

  /** A deactivated person's reviews stay out of sight with their profile. */
  private async ordersOf(username: string, limit: number, { fiveStarOnly, viewer }: { fiveStarOnly: boolean; viewer: AuthUser | null }): Promise<{ orders: PostView[] }> {
    const userId = await this.repository.activeUserIdByName(username);
    const hidden = await this.blocks.hiddenFor(viewer);
    if (userId === undefined || hidden.includes(userId)) return { orders: [] };
    return { orders: await this.toViews(await this.repository.byAuthor(userId, limit, { fiveStarOnly }), hidden) };
  }

  /** 404 for a review out of sight: its author deactivated or suspended, or hidden from the viewer by a block. Answers its author's id. */
  private async assertVisible(postId: number, viewer: AuthUser | null = null, hiddenIds?: readonly number[]): Promise<number> {
    const hidden = hiddenIds ?? (await this.blocks.hiddenFor(viewer));
    const authorId = await this.repository.visibleAuthorOf(postId);
    if (authorId === undefined || hidden.includes(authorId)) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    return authorId;
  }


  /** Rows in the spec's post shape, with images, like counts (of active people), mentions and amenity answers in four more queries. */
  /** `hidden`: people blocked either way by the reader, whose names are not linked as mentions. */
  private async toViews(rows: PostRow[], hidden: readonly number[] = []): Promise<PostView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [images, likes, mentions, amenities] = await Promise.all([
      this.repository.imagesOf(ids),
      this.repository.likeCountsOf(ids),
      this.notifications.mentionNames('post', ids, hidden),
      this.amenities.answersOf(ids),
    ]);
    return rows.map((row) => ({
      post_id: row.id,
      _id: row.id,
      username: row.username,
      establishment_id: row.establishmentId,
      establishment_name: row.establishmentName,
      post_date: row.createdAt.toISOString(),
      order: row.orderText,
      review: row.review,
      rating: String(row.rating),
      drink: drinkOf(row),
      amenities: amenities.get(row.id) ?? {},
      likes: likes.get(row.id) ?? 0,
      images: images.get(row.id) ?? [],
      est_street: row.street,
      est_city: row.city,
      est_state: row.state,
      est_zip: row.zip,
      est_country: row.country,
      mentions: mentions.get(row.id) ?? [],
    }));
  }
}

/** 404 for a review out of sight: none, or its author deactivated or suspended. */
function assertInSight(review: ReviewReached | undefined): ReviewReached {
  if (!review?.visible) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
  return review;
}

/** A review one may like or comment on: in sight (404), and its author and the actor not blocked either way (403). */
function assertInteractable(review: ReviewReached | undefined): ReviewReached {
  const inSight = assertInSight(review);
  if (inSight.blocked) throw cannotInteract();
  return inSight;
}

function toCommentView(row: Omit<CommentRow, 'userId'>, mentions: string[], blocked = false): CommentView {
  return { comment_id: row.id, username: row.username, comment: row.comment, comment_date: row.createdAt.toISOString(), mentions, ...(blocked && { blocked: true as const }) };
}

function toRemoteCommentView(row: RemoteCommentListing): CommentView {
  return {
    comment_id: row.id,
    username: row.handle,
    comment: row.body,
    comment_date: new Date(row.createdAt).toISOString(),
    mentions: row.mentions,
    remote: { url: row.profileUrl, avatar: remoteAvatarUrl(row.avatarFile) },
  };
}

function toRemoteReviewView(row: RemoteReviewRow): PostView {
  return {
    post_id: row.id,
    _id: row.id,
    username: row.handle,
    establishment_id: row.establishmentId ?? 0,
    establishment_name: row.placeName,
    post_date: new Date(row.createdAt).toISOString(),
    order: row.orderText,
    review: row.body,
    rating: String(row.rating),
    drink: null,
    amenities: {},
    likes: 0,
    images: row.images,
    est_street: row.placeAddress,
    est_city: '',
    est_state: '',
    est_zip: '',
    est_country: '',
    mentions: [],
    remote: { server: row.host, url: row.url, profile_url: row.profileUrl, avatar: remoteAvatarUrl(row.avatarFile), place_url: row.placeUrl, image_alts: row.imageAlts, liked: row.liked },
  };
}
