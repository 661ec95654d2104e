import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PLACE_SERVER_MESSAGES, POST_MESSAGES } from '@siplog/contracts';
import {
  ACTIVE_USER_SQL,
  comments,
  establishments,
  greatest,
  isActiveUser,
  jsonIds,
  placeFollows,
  postImages,
  postLikes,
  posts,
  userFollows,
  users,
  type Database,
  type Orm,
} from '@siplog/db';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { assertActingUser, type AuthUser } from '../auth/auth-user';
import { DATABASE } from '../database/database.module';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { BlockService, hiddenParam } from '../block/block.service';
import { postTag, reviewTags } from '../public-cache/public-cache.tags';
import { drinkOf } from './post-drink';
import type { Drink } from '@siplog/contracts';

const P = sql.placeholder;

/** REST feed pages up to this deep are free; deeper ones are rate-limited per client (deepFeedPageByIp). */
export const FEED_SKIP_FREE = 1_000;

/** A place page lists its reviews up to this many (newest first). */
export const POSTS_BY_ESTABLISHMENT_MAX = 100;

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
  likes: number;
  images: string[];
  est_street: string;
  est_city: string;
  est_state: string;
  est_zip: string;
  est_country: string;
  /** The active people the review names with @username (issue 16): the web app links these. */
  mentions: string[];
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
}

export interface LikeState {
  status: 200;
  liked: boolean;
  /** Likes of active people, counted after the change. */
  likes: number;
}

const postColumns = {
  id: posts.id,
  username: users.username,
  establishmentId: posts.establishmentId,
  establishmentName: establishments.name,
  createdAt: posts.createdAt,
  orderText: posts.orderText,
  review: posts.review,
  rating: posts.rating,
  drinkKind: posts.drinkKind,
  drinkTemperature: posts.drinkTemperature,
  drinkMilk: posts.drinkMilk,
  drinkSweetness: posts.drinkSweetness,
  drinkToppings: posts.drinkToppings,
  street: establishments.street,
  city: establishments.city,
  state: establishments.state,
  zip: establishments.zip,
  country: establishments.country,
};

const newestFirst = [desc(posts.createdAt), desc(posts.id)] as const;

/** `post_id IN` the ids passed as one JSON array: one prepared statement serves any page. */
const inPostIds = (column: typeof postImages.postId | typeof postLikes.postId) =>
  sql`${column} in (${jsonIds(P('ids'))})`;

function cursorOf(post: PostView): string {
  return `${Date.parse(post.post_date)}_${post.post_id}`;
}

/** Leaves out reviews (or comments) by the people hidden from the reader by a block: `:hidden` is their ids as JSON. */
const notHidden = (column: SQL.Aliased | typeof posts.userId | typeof comments.userId) => sql`${column} not in (${jsonIds(P('hidden'))})`;

/**
 * A read prepared twice: `open` for guests and for people with no blocks (the hot path, unchanged), `filtered` for a
 * reader with someone hidden. `build` gets the extra condition (or undefined) and the variant's name.
 */
function twin<T>(build: (hidden: SQL | undefined, variant: 'open' | 'filtered') => T, column: Parameters<typeof notHidden>[0] = posts.userId): { open: T; filtered: T } {
  return { open: build(undefined, 'open'), filtered: build(notHidden(column), 'filtered') };
}

function pick<T>(query: { open: T; filtered: T }, hidden: readonly number[]): T {
  return hidden.length === 0 ? query.open : query.filtered;
}

/** The largest id a review can have (ids are 32-bit integers on PostgreSQL). */
const MAX_ID = 2 ** 31 - 1;

/** Before every review: the first page of a feed paged by (created_at, id). */
const FEED_START = { createdAt: Number.MAX_SAFE_INTEGER, id: MAX_ID };

function parseCursor(cursor: string | null | undefined): { createdAt: number; id: number } {
  if (!cursor) return FEED_START;
  const [createdAt, id] = cursor.split('_').map(Number);
  // Before (t, an id beyond any review's) is before (t + 1, 0), which PostgreSQL's integer column can be compared with.
  return id > MAX_ID ? { createdAt: createdAt + 1, id: 0 } : { createdAt, id };
}

/**
 * The ids of one page of someone's Following feed (`limit` after `offset`, before the cursor): reviews by the people
 * they follow, at the places they follow, and their own. One index seek per source finds its newest review; the
 * `take`-th newest of those times (take = limit + offset) is a floor the whole page lies on or above (at least `take`
 * distinct reviews are that new), so only the few sources with anything that new are read further, each at most its
 * own `take` newest, and only the page's rows are joined. The work is the same on the first page as 10,000 reviews
 * deep, and a source that rarely posts costs one seek.
 */
function followingPageIds(hidden: SQL | undefined) {
  const before = (alias: string) => sql.raw(`(${alias}.created_at, ${alias}.id) < (`).append(sql`${P('createdAt')}, ${P('id')})`);
  const newestFirst = (alias: string) => sql.raw(`order by ${alias}.created_at desc, ${alias}.id desc`);
  /** The n-th newest review time (offset n - 1) of a person, or of a place by active people, before the cursor. */
  const personNth = (source: SQL, offset: SQL) =>
    sql`(select t.created_at from ${posts} t where t.user_id = ${source} and ${before('t')} ${newestFirst('t')} limit 1 offset ${offset})`;
  // A place's reviews by people hidden from the reader (blocks) are skipped here too, or the floor would sit too high.
  const unhidden = (alias: string) => (hidden ? sql` and ${sql.raw(alias)}.user_id not in (${jsonIds(P('hidden'))})` : sql``);
  const placeNth = (source: SQL, offset: SQL) =>
    sql`(select t.created_at from ${posts} t join ${users} ta on ta.id = t.user_id and ${sql.raw(ACTIVE_USER_SQL('ta'))}
         where t.establishment_id = ${source} and ${before('t')}${unhidden('t')} ${newestFirst('t')} limit 1 offset ${offset})`;
  const last = sql`${P('take')} - 1`;
  return sql`
    with sources(kind, id, newest) as materialized (
      select 1, f.followee_id, ${personNth(sql.raw('f.followee_id'), sql.raw('0'))}
        from ${userFollows} f join ${users} u on u.id = f.followee_id and ${sql.raw(ACTIVE_USER_SQL('u'))} where f.follower_id = ${P('me')}
      union all
      select 2, pf.establishment_id, ${placeNth(sql.raw('pf.establishment_id'), sql.raw('0'))} from ${placeFollows} pf where pf.user_id = ${P('me')}
      union all
      select 1, ${P('me')}, ${personNth(sql`${P('me')}`, sql.raw('0'))}
    ),
    floor(at) as (select coalesce((select distinct newest from sources where newest is not null order by newest desc limit 1 offset ${last}), 0)),
    live(kind, id, low) as (
      select kind, id, ${greatest(
        sql`(select at from floor)`,
        sql`coalesce(case kind when 1 then ${personNth(sql.raw('s.id'), last)} else ${placeNth(sql.raw('s.id'), last)} end, 0)`,
      )}
      from sources s where s.newest >= (select at from floor)
    ),
    candidates(created_at, id) as (
      select q.created_at, q.id from live s join ${posts} q on s.kind = 1 and q.user_id = s.id and q.created_at >= s.low and ${before('q')}
      union
      select q.created_at, q.id from live s join ${posts} q on s.kind = 2 and q.establishment_id = s.id and q.created_at >= s.low and ${before('q')}${unhidden('q')}
        join ${users} qa on qa.id = q.user_id and ${sql.raw(ACTIVE_USER_SQL('qa'))}
    )
    select id from candidates order by created_at desc, id desc limit ${P('limit')} offset ${P('offset')}`;
}

@Injectable()
export class PostService {
  // The feed, likes and comments are hot paths: prepared once with placeholders (building a drizzle query per call costs more than SQLite's work).
  private readonly reviewKeyQuery;
  private readonly recentQuery;
  private readonly recentAfterQuery;
  private readonly imagesQuery;
  private readonly likeCountsQuery;
  private readonly visiblePostQuery;
  private readonly likeCountQuery;
  private readonly isLikedQuery;
  private readonly addLikeQuery;
  private readonly removeLikeQuery;
  private readonly commentsQuery;
  private readonly byIdQuery;
  private readonly placeExistsQuery;
  private readonly byEstablishmentQuery;
  private readonly followingQuery;
  private readonly commentOwnersQuery;
  private readonly followsCountQuery;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly rateLimit: RateLimitService,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly blocks: BlockService,
  ) {
    this.reviewKeyQuery = db.prepared('post.reviewKey', (orm) =>
      orm
        .select({ establishmentId: posts.establishmentId, authorUsername: users.username })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(eq(posts.id, P('postId'))),
    );
    this.recentQuery = twin((hidden, variant) =>
      db.prepared(`post.recent.${variant}`, (orm) => this.postRows(orm, and(isActiveUser, hidden)).limit(P('limit')).offset(P('offset'))),
    );
    // Row-value comparison walks posts_recent_idx (created_at, id) backwards from the cursor.
    this.recentAfterQuery = twin((hidden, variant) =>
      db.prepared(`post.recentAfter.${variant}`, (orm) =>
        this.postRows(orm, and(isActiveUser, hidden, sql`(${posts.createdAt}, ${posts.id}) < (${P('createdAt')}, ${P('id')})`)).limit(P('limit')),
      ),
    );
    this.byIdQuery = twin((hidden, variant) => db.prepared(`post.byId.${variant}`, (orm) => this.postRows(orm, and(eq(posts.id, P('postId')), isActiveUser, hidden))));
    this.placeExistsQuery = db.prepared('post.placeExists', (orm) => orm.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, P('id'))));
    this.byEstablishmentQuery = twin((hidden, variant) =>
      db.prepared(`post.byEstablishment.${variant}`, (orm) =>
        this.postRows(orm, and(eq(posts.establishmentId, P('id')), isActiveUser, hidden)).limit(POSTS_BY_ESTABLISHMENT_MAX),
      ),
    );
    this.followingQuery = twin((hidden, variant) =>
      db.prepared(`post.following.${variant}`, (orm) => this.postRows(orm, and(sql`${posts.id} in (${followingPageIds(hidden)})`, isActiveUser))),
    );
    const reviewAuthors = alias(users, 'review_authors');
    this.commentOwnersQuery = db.prepared('post.commentOwners', (orm) =>
      orm
        .select({ postId: comments.postId, authorId: comments.userId, reviewAuthorId: posts.userId })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .innerJoin(posts, eq(posts.id, comments.postId))
        .innerJoin(reviewAuthors, eq(reviewAuthors.id, posts.userId))
        .where(and(eq(comments.id, P('commentId')), isActiveUser, isNull(reviewAuthors.deactivatedAt), isNull(reviewAuthors.suspendedAt))),
    );
    this.followsCountQuery = db.prepared('post.followsCount', (orm) =>
      orm
        .select({
          value: sql`(select count(*) from ${userFollows} where ${userFollows.followerId} = ${P('me')}) + (select count(*) from ${placeFollows} where ${placeFollows.userId} = ${P('me')})`.mapWith(Number),
        })
        .from(sql`(select 1) as one`),
    );
    this.imagesQuery = db.prepared('post.images', (orm) =>
      orm
        .select({ postId: postImages.postId, fileName: postImages.fileName })
        .from(postImages)
        .where(inPostIds(postImages.postId))
        .orderBy(asc(postImages.postId), asc(postImages.position)),
    );
    this.likeCountsQuery = db.prepared('post.likeCounts', (orm) =>
      orm
        .select({ postId: postLikes.postId, value: count() })
        .from(postLikes)
        .innerJoin(users, eq(users.id, postLikes.userId))
        .where(and(inPostIds(postLikes.postId), isActiveUser))
        .groupBy(postLikes.postId),
    );
    // A deactivated person's review is out of sight, so it cannot be liked or commented on either.
    this.visiblePostQuery = db.prepared('post.visiblePost', (orm) =>
      orm
        .select({ authorId: posts.userId })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(eq(posts.id, P('postId')), isActiveUser)),
    );
    this.likeCountQuery = db.prepared('post.likeCount', (orm) =>
      orm
        .select({ value: count() })
        .from(postLikes)
        .innerJoin(users, eq(users.id, postLikes.userId))
        .where(and(eq(postLikes.postId, P('postId')), isActiveUser)),
    );
    this.isLikedQuery = db.prepared('post.isLiked', (orm) =>
      orm
        .select({ postId: postLikes.postId })
        .from(postLikes)
        .where(and(eq(postLikes.postId, P('postId')), eq(postLikes.userId, P('userId')))),
    );
    this.addLikeQuery = db.prepared('post.addLike', (orm) => orm.insert(postLikes).values({ postId: P('postId'), userId: P('userId') }).onConflictDoNothing());
    this.removeLikeQuery = db.prepared('post.removeLike', (orm) =>
      orm.delete(postLikes).where(and(eq(postLikes.postId, P('postId')), eq(postLikes.userId, P('userId')))),
    );
    this.commentsQuery = twin(
      (hidden, variant) =>
        db.prepared(`post.comments.${variant}`, (orm) =>
          orm
            .select({ id: comments.id, userId: comments.userId, username: users.username, comment: comments.body, createdAt: comments.createdAt })
            .from(comments)
            .innerJoin(users, eq(users.id, comments.userId))
            .where(and(eq(comments.postId, P('postId')), isActiveUser, hidden))
            .orderBy(asc(comments.createdAt), asc(comments.id)),
        ),
      comments.userId,
    );
  }

  /** The recent feed by the spec's limit/skip (REST), newest first; deactivated people's reviews stay out of sight. */
  async recent(client: ClientInfo, limit: number, skip: number, viewer: AuthUser | null = null): Promise<{ posts: PostView[] }> {
    if (skip > FEED_SKIP_FREE) await this.rateLimit.consume('deepFeedPageByIp', client.ip);
    const hidden = await this.blocks.hiddenFor(viewer);
    return { posts: await this.toViews(await pick(this.recentQuery, hidden).all({ limit, offset: skip, hidden: hiddenParam(hidden) }), hidden) };
  }

  /**
   * The recent feed as the web app pages it: after the last post it has, so reviews posted while someone scrolls
   * neither repeat a post nor skip one. `nextCursor` is null once a page comes back short.
   */
  async recentPage(limit: number, cursor?: string | null, viewer: AuthUser | null = null): Promise<{ posts: PostView[]; nextCursor: string | null }> {
    const hidden = await this.blocks.hiddenFor(viewer);
    let rows;
    if (cursor) {
      rows = await pick(this.recentAfterQuery, hidden).all({ limit, ...parseCursor(cursor), hidden: hiddenParam(hidden) });
    } else {
      rows = await pick(this.recentQuery, hidden).all({ limit, offset: 0, hidden: hiddenParam(hidden) });
    }
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
    const rows = await pick(this.followingQuery, hidden).all({ me: actor.id, ...FEED_START, take: skip + limit, limit, offset: skip, hidden: hiddenParam(hidden) });
    return { posts: await this.toViews(rows, hidden) };
  }

  /**
   * The Following feed as the web app pages it, after the last review it has (see recentPage), with how many people
   * and places the caller follows (the web app opens on this feed when they follow anyone).
   */
  async followingPage(actor: AuthUser, limit: number, cursor?: string | null): Promise<{ posts: PostView[]; nextCursor: string | null; follows: number }> {
    const hidden = await this.blocks.hiddenFor(actor);
    const page = await this.toViews(
      await pick(this.followingQuery, hidden).all({ me: actor.id, ...parseCursor(cursor), take: limit, limit, offset: 0, hidden: hiddenParam(hidden) }),
      hidden,
    );
    const last = page.at(-1);
    const follows = (await this.followsCountQuery.get({ me: actor.id }))?.value ?? 0;
    return { posts: page, nextCursor: last && page.length === limit ? cursorOf(last) : null, follows };
  }

  /** One review (the full post and its own URL); a deactivated person's review is out of sight: 404. */
  async byId(postId: number, viewer: AuthUser | null = null): Promise<{ post: PostView }> {
    const hidden = await this.blocks.hiddenFor(viewer);
    const row = await pick(this.byIdQuery, hidden).get({ postId, hidden: hiddenParam(hidden) });
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
    if (!(await this.placeExistsQuery.get({ id: establishmentId }))) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.notFound);
    const hidden = await this.blocks.hiddenFor(viewer);
    return { posts: await this.toViews(await pick(this.byEstablishmentQuery, hidden).all({ id: establishmentId, hidden: hiddenParam(hidden) }), hidden) };
  }

  /** Every review of one person, newest first, whether or not they are deactivated (the admin's Load Posts). */
  async allByUser(userId: number): Promise<PostView[]> {
    return this.toViews(await this.postRows(this.db, eq(posts.userId, userId)));
  }

  /** Idempotent: liking twice (or twice at once) is one like. */
  async like(actor: AuthUser, postId: number, claimedEmail?: string): Promise<LikeState> {
    assertActingUser(actor, { email: claimedEmail });
    const state = await this.db.transaction(async () => {
      await this.assertInteractable(actor, postId);
      const added = await this.addLikeQuery.run({ postId, userId: actor.id });
      if (added > 0) await this.notifications.liked(actor, postId);
      return { status: 200 as const, liked: true, likes: await this.likeCount(postId) };
    });
    await this.cache.changed(...(await this.publicTagsOf(postId)));
    return state;
  }

  /** Idempotent: unliking what is not liked changes nothing. */
  async unlike(actor: AuthUser, postId: number, claimedEmail?: string): Promise<LikeState> {
    assertActingUser(actor, { email: claimedEmail });
    const state = await this.db.transaction(async () => {
      // Taking a like back stays possible after a block (it only removes).
      await this.assertVisible(postId);
      await this.removeLikeQuery.run({ postId, userId: actor.id });
      await this.notifications.unliked(actor, postId);
      return { status: 200 as const, liked: false, likes: await this.likeCount(postId) };
    });
    await this.cache.changed(...(await this.publicTagsOf(postId)));
    return state;
  }

  /** The public answers a change to this review (its text, likes, presence) shows in; see public-cache.tags.ts. */
  async publicTagsOf(postId: number): Promise<string[]> {
    const review = await this.reviewKeyQuery.get({ postId });
    return review ? reviewTags({ postId, ...review }) : [postTag(postId)];
  }

  async isLiked(actor: AuthUser, postId: number, claimedUsername?: string): Promise<{ liked: boolean }> {
    assertActingUser(actor, { username: claimedUsername });
    await this.assertVisible(postId, actor);
    return { liked: (await this.isLikedQuery.get({ postId, userId: actor.id })) !== undefined };
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
    const rows = await pick(this.commentsQuery, shown).all({ postId, hidden: hiddenParam(shown) });
    const mentions = await this.notifications.mentionNames('comment', rows.map((row) => row.id), hidden);
    return { comments: rows.map((row) => toCommentView(row, mentions.get(row.id) ?? [], blockedByAuthor.includes(row.userId))) };
  }

  /** The comment arrives trimmed and within LIMITS.commentMax (contracts); it is stored and answered as the text it is. */
  async addComment(actor: AuthUser, postId: number, text: string, claimedEmail?: string): Promise<{ status: 200; comment: CommentView }> {
    assertActingUser(actor, { email: claimedEmail });
    await this.rateLimit.consume('comment', String(actor.id));
    const row = await this.db.transaction(async () => {
      await this.assertInteractable(actor, postId);
      const added = (await this.db.insert(comments).values({ postId, userId: actor.id, body: text }).returning())[0]!;
      await this.notifications.commented(actor, postId, added.id, text);
      return added;
    });
    // Comments show only in the post's own comment list.
    await this.cache.changed(postTag(postId));
    const mentions = (await this.notifications.mentionNames('comment', [row.id])).get(row.id) ?? [];
    return { status: 200, comment: toCommentView({ id: row.id, username: actor.username, comment: row.body, createdAt: row.createdAt }, mentions) };
  }

  /**
   * The comment's author or the review's author deletes a comment (its notifications and mentions go with it). A
   * comment nobody can see (its author or its review's author deactivated) is 404, as an unknown one.
   */
  async deleteComment(actor: AuthUser, commentId: number): Promise<{ status: 200 }> {
    const comment = await this.commentOwnersQuery.get({ commentId });
    if (!comment) throw new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);
    if (comment.authorId !== actor.id && comment.reviewAuthorId !== actor.id) throw new AppError('FORBIDDEN', POST_MESSAGES.notCommentAuthor);
    // Asked first: the comment's notifications go with it, and leave the bells of those who had them unread.
    const audience = await this.notifications.unreadAudience({ commentId });
    await this.db.delete(comments).where(eq(comments.id, commentId));
    this.notifications.countsChanged(audience);
    await this.cache.changed(postTag(comment.postId));
    return { status: 200 };
  }

  /** A deactivated person's reviews stay out of sight with their profile. */
  private async ordersOf(username: string, limit: number, { fiveStarOnly, viewer }: { fiveStarOnly: boolean; viewer: AuthUser | null }): Promise<{ orders: PostView[] }> {
    const [user] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), isActiveUser))
      .limit(1);
    const hidden = await this.blocks.hiddenFor(viewer);
    if (!user || hidden.includes(user.id)) return { orders: [] };
    const where = fiveStarOnly ? and(eq(posts.userId, user.id), eq(posts.rating, 5)) : eq(posts.userId, user.id);
    return { orders: await this.toViews(await this.postRows(this.db, where).limit(limit), hidden) };
  }

  /** 404 for a review out of sight: its author deactivated or suspended, or hidden from the viewer by a block. Answers its author's id. */
  private async assertVisible(postId: number, viewer: AuthUser | null = null, hiddenIds?: readonly number[]): Promise<number> {
    const hidden = hiddenIds ?? (await this.blocks.hiddenFor(viewer));
    const post = await this.visiblePostQuery.get({ postId });
    if (!post || hidden.includes(post.authorId)) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    return post.authorId;
  }

  /** A review one may like or comment on: in sight, and its author and the actor not blocked either way (403). */
  private async assertInteractable(actor: AuthUser, postId: number): Promise<void> {
    const post = await this.visiblePostQuery.get({ postId });
    if (!post) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    await this.blocks.assertCanInteract(actor, post.authorId);
  }

  private async likeCount(postId: number): Promise<number> {
    return (await this.likeCountQuery.get({ postId }))?.value ?? 0;
  }

  /** Posts matching `where`, newest first, with their place; limit (and offset) left to the caller. */
  private postRows(orm: Pick<Orm, 'select'>, where: SQL | undefined) {
    return orm
      .select(postColumns)
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .innerJoin(establishments, eq(establishments.id, posts.establishmentId))
      .where(where)
      .orderBy(...newestFirst)
      .$dynamic();
  }

  /** Rows in the spec's post shape, with images and like counts (of active people) in two more queries. */
  /** `hidden`: people blocked either way by the reader, whose names are not linked as mentions. */
  private async toViews(rows: Array<PostRow>, hidden: readonly number[] = []): Promise<PostView[]> {
    if (rows.length === 0) return [];
    const ids = JSON.stringify(rows.map((row) => row.id));
    const [imageRows, likeRows, mentions] = await Promise.all([
      this.imagesQuery.all({ ids }),
      this.likeCountsQuery.all({ ids }),
      this.notifications.mentionNames('post', rows.map((row) => row.id), hidden),
    ]);
    const images = new Map<number, string[]>();
    for (const image of imageRows) {
      images.set(image.postId, [...(images.get(image.postId) ?? []), image.fileName]);
    }
    const likes = new Map(likeRows.map((row) => [row.postId, row.value]));
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

type PostRow = {
  [K in keyof typeof postColumns]: (typeof postColumns)[K]['_']['notNull'] extends true
    ? (typeof postColumns)[K]['_']['data']
    : (typeof postColumns)[K]['_']['data'] | null;
};

function toCommentView(row: { id: number; username: string; comment: string; createdAt: Date }, mentions: string[], blocked = false): CommentView {
  return { comment_id: row.id, username: row.username, comment: row.comment, comment_date: row.createdAt.toISOString(), mentions, ...(blocked && { blocked: true as const }) };
}
