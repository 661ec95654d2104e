import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACTIVE_USER_SQL,
  comments,
  establishments,
  greatest,
  isActiveUser,
  JSON_IDS,
  jsonIds,
  placeFollows,
  postImages,
  remoteFollowing,
  postLikes,
  posts,
  userFollows,
  users,
  type Database,
  type Orm,
  type Statement,
} from '@siplog/db';
import { DATABASE } from '../database/database.module';
import { hiddenParam } from '../block/block.service';

const P = sql.placeholder;

/** A place page lists its reviews up to this many (newest first). */
export const POSTS_BY_ESTABLISHMENT_MAX = 100;

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

/** A review with its author's name and its place, as the feeds read it. */
export type PostRow = {
  [K in keyof typeof postColumns]: (typeof postColumns)[K]['_']['notNull'] extends true
    ? (typeof postColumns)[K]['_']['data']
    : (typeof postColumns)[K]['_']['data'] | null;
};

/** A comment as its review lists it, with its author. */
export interface CommentRow {
  id: number;
  userId: number;
  username: string;
  comment: string;
  createdAt: Date;
}

/** A feed's position: before the review made at `createdAt` (epoch ms) with this id. */
export interface FeedPosition {
  createdAt: number;
  id: number;
}

const newestFirst = [desc(posts.createdAt), desc(posts.id)] as const;

/** `post_id IN` the ids passed as one JSON array: one prepared statement serves any page. */
const inPostIds = (column: typeof postImages.postId | typeof postLikes.postId) =>
  sql`${column} in (${jsonIds(P('ids'))})`;

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

/** Posts matching `where`, newest first, with their place; limit (and offset) left to the caller. */
function postRows(orm: Pick<Orm, 'select'>, where: SQL | undefined) {
  return orm
    .select(postColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .innerJoin(establishments, eq(establishments.id, posts.establishmentId))
    .where(where)
    .orderBy(...newestFirst)
    .$dynamic();
}

/**
 * The ids of one page of someone's Following feed (`limit` after `offset`, before the cursor): reviews by the people
 * they follow, at the places they follow, and their own. One index seek per source finds its newest review; the
 * `take`-th newest of those times (take = limit + offset) is a floor the whole page lies on or above (at least `take`
 * distinct reviews are that new), so only the few sources with anything that new are read further, each at most its
 * own `take` newest, and only the page's rows are joined. The candidates are read source first (CROSS JOIN: SQLite
 * keeps that order), else its planner may walk every review by time and look each one's source up instead. The work is the same on the first page as 10,000 reviews
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
      select q.created_at, q.id from live s cross join ${posts} q
        where s.kind = 1 and q.user_id = s.id and q.created_at >= s.low and ${before('q')}
      union
      select q.created_at, q.id from live s cross join ${posts} q cross join ${users} qa
        where s.kind = 2 and q.establishment_id = s.id and q.created_at >= s.low and ${before('q')}${unhidden('q')}
          and qa.id = q.user_id and ${sql.raw(ACTIVE_USER_SQL('qa'))}
    )
    select id from candidates order by created_at desc, id desc limit ${P('limit')} offset ${P('offset')}`;
}

/**
 * Reading reviews, likes and comments. The feed, likes and comments are hot paths: prepared once with placeholders
 * (building a drizzle query per call costs more than SQLite's work). `hidden` is always the people blocked either
 * way by the reader, whose reviews and comments are left out.
 */
@Injectable()
export class PostRepository {
  private readonly reviewKeyQuery;
  private readonly recentQuery;
  private readonly recentAfterQuery;
  private readonly imagesQuery;
  private readonly likeCountsQuery;
  private readonly visiblePostQuery;
  private readonly likeCountQuery;
  private readonly addRemoteLikeQuery: Statement<never>;
  private readonly removeRemoteLikeQuery: Statement<never>;
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

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.reviewKeyQuery = db.prepared('post.reviewKey', (orm) =>
      orm
        .select({ establishmentId: posts.establishmentId, authorUsername: users.username })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(eq(posts.id, P('postId'))),
    );
    this.recentQuery = twin((hidden, variant) =>
      db.prepared(`post.recent.${variant}`, (orm) => postRows(orm, and(isActiveUser, hidden)).limit(P('limit')).offset(P('offset'))),
    );
    // Row-value comparison walks posts_recent_idx (created_at, id) backwards from the cursor.
    this.recentAfterQuery = twin((hidden, variant) =>
      db.prepared(`post.recentAfter.${variant}`, (orm) =>
        postRows(orm, and(isActiveUser, hidden, sql`(${posts.createdAt}, ${posts.id}) < (${P('createdAt')}, ${P('id')})`)).limit(P('limit')),
      ),
    );
    this.byIdQuery = twin((hidden, variant) => db.prepared(`post.byId.${variant}`, (orm) => postRows(orm, and(eq(posts.id, P('postId')), isActiveUser, hidden))));
    this.placeExistsQuery = db.prepared('post.placeExists', (orm) => orm.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, P('id'))));
    this.byEstablishmentQuery = twin((hidden, variant) =>
      db.prepared(`post.byEstablishment.${variant}`, (orm) =>
        postRows(orm, and(eq(posts.establishmentId, P('id')), isActiveUser, hidden)).limit(POSTS_BY_ESTABLISHMENT_MAX),
      ),
    );
    this.followingQuery = twin((hidden, variant) =>
      db.prepared(`post.following.${variant}`, (orm) => postRows(orm, and(sql`${posts.id} in (${followingPageIds(hidden)})`, isActiveUser))),
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
          value: sql`(select count(*) from ${userFollows} where ${userFollows.followerId} = ${P('me')}) + (select count(*) from ${placeFollows} where ${placeFollows.userId} = ${P('me')})
            + (select count(*) from ${remoteFollowing} where ${remoteFollowing.userId} = ${P('me')})`.mapWith(Number),
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
    // Likes of active people here and of people elsewhere (remote_likes, issue 30), counted together.
    this.likeCountsQuery = db.statement<{ postId: number; value: number }>(`select post_id as "postId", count(*) as value from (
        select l.post_id from post_likes l join users u on u.id = l.user_id where l.post_id in (${JSON_IDS(':ids')}) and ${ACTIVE_USER_SQL('u')}
        union all select r.post_id from remote_likes r where r.post_id in (${JSON_IDS(':ids')})
      ) likes group by post_id`);
    // A deactivated person's review is out of sight, so it cannot be liked or commented on either.
    this.visiblePostQuery = db.prepared('post.visiblePost', (orm) =>
      orm
        .select({ authorId: posts.userId })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(eq(posts.id, P('postId')), isActiveUser)),
    );
    this.likeCountQuery = db.statement<{ value: number }>(`select
        (select count(*) from post_likes l join users u on u.id = l.user_id where l.post_id = :postId and ${ACTIVE_USER_SQL('u')})
        + (select count(*) from remote_likes r where r.post_id = :postId) as value`);
    this.addRemoteLikeQuery = db.statement(`insert into remote_likes (post_id, actor_id, activity_uri, created_at)
      values (:postId, :actorId, :activityUri, :now) on conflict do nothing`);
    this.removeRemoteLikeQuery = db.statement(`delete from remote_likes where post_id = :postId and actor_id = :actorId`);
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

  /** What the public cache keys a review by: its place and its author's name (whether or not the author is active). */
  async reviewKey(postId: number): Promise<{ establishmentId: number; authorUsername: string } | undefined> {
    return this.reviewKeyQuery.get({ postId });
  }

  /** The recent feed by limit and offset, newest first, by active people. */
  async recent(limit: number, offset: number, hidden: readonly number[]): Promise<PostRow[]> {
    return pick(this.recentQuery, hidden).all({ limit, offset, hidden: hiddenParam(hidden) });
  }

  /** The recent feed's `limit` newest reviews before `position`. */
  async recentBefore(position: FeedPosition, limit: number, hidden: readonly number[]): Promise<PostRow[]> {
    return pick(this.recentAfterQuery, hidden).all({ limit, ...position, hidden: hiddenParam(hidden) });
  }

  /**
   * A page of someone's Following feed before `position`: `limit` reviews after `offset`, reading each source's
   * `take` newest (take ≥ limit + offset; see followingPageIds).
   */
  async followingPage(readerId: number, position: FeedPosition, page: { take: number; limit: number; offset: number }, hidden: readonly number[]): Promise<PostRow[]> {
    return pick(this.followingQuery, hidden).all({ me: readerId, ...position, ...page, hidden: hiddenParam(hidden) });
  }

  /** How many people (here and elsewhere) and places this person follows. */
  async followsCount(userId: number): Promise<number> {
    return (await this.followsCountQuery.get({ me: userId }))?.value ?? 0;
  }

  /** One review by an active person. */
  async byId(postId: number, hidden: readonly number[]): Promise<PostRow | undefined> {
    return pick(this.byIdQuery, hidden).get({ postId, hidden: hiddenParam(hidden) });
  }

  async placeExists(establishmentId: number): Promise<boolean> {
    return (await this.placeExistsQuery.get({ id: establishmentId })) !== undefined;
  }

  /** A place's reviews by active people, newest first, at most POSTS_BY_ESTABLISHMENT_MAX. */
  async byEstablishment(establishmentId: number, hidden: readonly number[]): Promise<PostRow[]> {
    return pick(this.byEstablishmentQuery, hidden).all({ id: establishmentId, hidden: hiddenParam(hidden) });
  }

  /** The id of an active person by username. */
  async activeUserIdByName(username: string): Promise<number | undefined> {
    const [user] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), isActiveUser))
      .limit(1);
    return user?.id;
  }

  /** A person's newest reviews, at most `limit`, or only their 5-star ones. */
  async byAuthor(userId: number, limit: number, { fiveStarOnly }: { fiveStarOnly: boolean }): Promise<PostRow[]> {
    const where = fiveStarOnly ? and(eq(posts.userId, userId), eq(posts.rating, 5)) : eq(posts.userId, userId);
    return postRows(this.db, where).limit(limit);
  }

  /** Every review of one person, newest first, whether or not they are active. */
  async allByAuthor(userId: number): Promise<PostRow[]> {
    return postRows(this.db, eq(posts.userId, userId));
  }

  /** Each review's photo file names, in their order (reviews without photos are absent). */
  async imagesOf(postIds: number[]): Promise<Map<number, string[]>> {
    const images = new Map<number, string[]>();
    for (const image of await this.imagesQuery.all({ ids: JSON.stringify(postIds) })) {
      images.set(image.postId, [...(images.get(image.postId) ?? []), image.fileName]);
    }
    return images;
  }

  /** Each review's likes by active people (reviews nobody likes are absent). */
  async likeCountsOf(postIds: number[]): Promise<Map<number, number>> {
    return new Map((await this.likeCountsQuery.all({ ids: JSON.stringify(postIds) })).map((row) => [row.postId, row.value]));
  }

  /** The author of a review by an active person (one in sight, before blocks). */
  async visibleAuthorOf(postId: number): Promise<number | undefined> {
    return (await this.visiblePostQuery.get({ postId }))?.authorId;
  }

  /** Likes of active people. */
  async likeCount(postId: number): Promise<number> {
    return (await this.likeCountQuery.get({ postId }))?.value ?? 0;
  }

  async isLiked(postId: number, userId: number): Promise<boolean> {
    return (await this.isLikedQuery.get({ postId, userId })) !== undefined;
  }

  /** Idempotent (the primary key keeps one like per person); true when the like is new. */
  async addLike(postId: number, userId: number): Promise<boolean> {
    return (await this.addLikeQuery.run({ postId, userId })) > 0;
  }

  async removeLike(postId: number, userId: number): Promise<void> {
    await this.removeLikeQuery.run({ postId, userId });
  }

  /** A like from someone elsewhere (a remote_actors id), kept once; true when it is new. */
  async addRemoteLike(postId: number, actorId: number, activityUri: string, now: number): Promise<boolean> {
    return (await this.addRemoteLikeQuery.run({ postId, actorId, activityUri, now })) > 0;
  }

  /** Answers whether there was one. */
  async removeRemoteLike(postId: number, actorId: number): Promise<boolean> {
    return (await this.removeRemoteLikeQuery.run({ postId, actorId })) > 0;
  }

  /** A review's comments by active people, oldest first. */
  async comments(postId: number, hidden: readonly number[]): Promise<CommentRow[]> {
    return pick(this.commentsQuery, hidden).all({ postId, hidden: hiddenParam(hidden) });
  }

  async addComment(postId: number, userId: number, body: string): Promise<{ id: number; body: string; createdAt: Date }> {
    return (await this.db.insert(comments).values({ postId, userId, body }).returning())[0]!;
  }

  /** A comment by an active person on a review by an active person: its review and both authors. */
  async commentOwners(commentId: number): Promise<{ postId: number; authorId: number; reviewAuthorId: number } | undefined> {
    return this.commentOwnersQuery.get({ commentId });
  }

  async deleteComment(commentId: number): Promise<void> {
    await this.db.delete(comments).where(eq(comments.id, commentId));
  }
}
