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
import { BLOCKED_BETWEEN_SQL } from '../block/block.repository';
import { hiddenParam } from '../block/block.service';
import { RECORDED_BY_ID, RECORDED_WITH_WRITES } from '../notification/notification.repository';
import { SPEND_BUDGET_SQL } from '../rate-limit/rate-limit.repository';
import type { BudgetSpend, BudgetState } from '../rate-limit/rate-limit.service';

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

/** The review a like, an unlike or a comment reached, with what its rules and the public cache need; none when there is no such review. */
export interface ReviewReached {
  /** Its author is active: a deactivated or suspended person's review is out of sight. */
  visible: boolean;
  /** A block stands between the actor and its author, either way (never on one's own review). */
  blocked: boolean;
  establishmentId: number;
  authorUsername: string;
}

/** A like or an unlike, done when the review was in sight (and, for a like, no block stood in the way). */
export interface LikeChange {
  review: ReviewReached | undefined;
  /** Likes of active people here and elsewhere, counted after the change. */
  likes: number;
  /** Whose notifications it wrote or took back (their bells change). */
  told: number[];
}

/** A comment, written when the review was in sight, no block stood in the way and the budget was not spent. */
export interface CommentWrite {
  review: ReviewReached | undefined;
  /** The budget as the statement left it (null: spent before, in memory). */
  budget: BudgetState | null;
  comment: { id: number; body: string; createdAt: Date } | undefined;
  /** The active people it names, as its mention links read. */
  mentions: string[];
  told: number[];
}

/** The options of a comment: whom it names (@usernames), whether e-mail is on, and its budget's point (null: spent already). */
export interface CommentOptions {
  names: string[];
  mail: boolean;
  budget: BudgetSpend | null;
}

/** What the service decides a like, an unlike or a comment by (:postId, :actor): see ReviewReached. */
const REVIEW_REACHED = `select p.id, p.user_id, p.establishment_id as "establishmentId", a.username as "authorUsername",
    (${ACTIVE_USER_SQL('a')}) as visible,
    (p.user_id <> :actor and ${BLOCKED_BETWEEN_SQL(':actor', 'p.user_id')}) as blocked
  from posts p join users a on a.id = p.user_id where p.id = :postId`;

/**
 * The likes of :postId by active people other than :actor, here and elsewhere (remote_likes, issue 30). A statement
 * that writes the actor's like reads the others' from its snapshot and adds the actor's own: counting them all would
 * miss its own write, or count one a concurrent unlike took away.
 */
const LIKES_BY_OTHERS = `(select count(*) from post_likes l join users u on u.id = l.user_id
    where l.post_id = :postId and l.user_id <> :actor and ${ACTIVE_USER_SQL('u')})
  + (select count(*) from remote_likes r where r.post_id = :postId)`;

/** The actor's own like counts when they are active. */
const ACTOR_ACTIVE = `(select count(*) from users me where me.id = :actor and ${ACTIVE_USER_SQL('me')})`;

/** PostgreSQL's JSON array of whom a CTE of RECORDED_WITH_WRITES told, or null. */
const TOLD_BY = (...ctes: string[]) => `(select json_agg("userId") from (${ctes.map((cte) => `select "userId" from ${cte}`).join(' union all ')}) people)`;

/**
 * A like, its notification, the count and the review's key in one statement: on PostgreSQL each statement is a round
 * trip (issue 32), and a lone statement needs no BEGIN and COMMIT. The like is written only for a review in sight with
 * no block between; the author is told only of a new like.
 */
const PG_LIKE = `with review as (${REVIEW_REACHED}),
  added as (insert into post_likes (post_id, user_id) select r.id, cast(:actor as integer) from review r where r.visible and not r.blocked
    on conflict do nothing returning post_id),
  told as (${RECORDED_WITH_WRITES.like('(select id, user_id from review where exists (select 1 from added))')})
  select r.visible, r.blocked, r."establishmentId", r."authorUsername", ${LIKES_BY_OTHERS} + ${ACTOR_ACTIVE} as likes, ${TOLD_BY('told')} as told
  from review r`;

/**
 * An unlike, the unread notification it takes back, the count and the review's key in one statement (see PG_LIKE);
 * PostgreSQL runs every data-modifying CTE, read or not.
 */
const PG_UNLIKE = `with review as (${REVIEW_REACHED}),
  removed as (delete from post_likes where post_id = :postId and user_id = :actor and exists (select 1 from review where visible) returning post_id),
  untold as (${RECORDED_WITH_WRITES.unlike('(select user_id from review where visible)')})
  select r.visible, r.blocked, r."establishmentId", r."authorUsername", ${LIKES_BY_OTHERS} as likes, ${TOLD_BY('untold')} as told
  from review r`;

/**
 * A comment in one statement (see PG_LIKE): its budget's point spent first (SPEND_BUDGET_SQL), then, for a review in
 * sight with no block between and the budget not spent, the comment, its mentions and the notifications of the author,
 * the people named and the earlier commenters. Always one row, so a spent budget is told for any review.
 */
const PG_COMMENT = `with budget as (${SPEND_BUDGET_SQL}),
  review as (${REVIEW_REACHED}),
  added as (insert into comments (post_id, user_id, body) select r.id, cast(:actor as integer), cast(:body as text) from review r
    where r.visible and not r.blocked and coalesce((select points from budget), 0) <= cast(:budgetPoints as integer)
    returning id, body, created_at),
  mentioned as (${RECORDED_WITH_WRITES.mentions('added')}),
  commented as (select r.id, r.user_id, c.id as comment_id from review r cross join added c),
  told_mentioned as (${RECORDED_WITH_WRITES.mentioned('commented', 'mentioned')}),
  told_author as (${RECORDED_WITH_WRITES.comment('commented')}),
  told_repliers as (${RECORDED_WITH_WRITES.reply('commented', 'mentioned')})
  select r.visible, r.blocked, r."establishmentId", r."authorUsername", b.points as "budgetPoints", b.expire as "budgetExpire",
    c.id, c.body, c.created_at as "createdAt",
    (select json_agg(u.username order by m.id) from mentioned m join users u on u.id = m.user_id) as mentions,
    ${TOLD_BY('told_mentioned', 'told_author', 'told_repliers')} as told
  from (select 1) one left join review r on true left join budget b on true left join added c on true`;

interface PgLikeRow extends ReviewReached {
  likes: number;
  told: number[] | null;
}

interface PgCommentRow extends Partial<ReviewReached> {
  budgetPoints: number | null;
  budgetExpire: number | null;
  id: number | null;
  body: string | null;
  createdAt: number | null;
  mentions: string[] | null;
  told: number[] | null;
}

/** The SQLite twins' steps, one transaction a call (in-process, each statement costs microseconds). */
function sqliteInteractionSteps(db: Database) {
  const told = (text: string) => db.statement<{ userId: number }>(text);
  return {
    review: db.statement<ReviewReached>(REVIEW_REACHED, { booleans: ['visible', 'blocked'] }),
    likeNotification: told(RECORDED_WITH_WRITES.like(RECORDED_BY_ID.review)),
    unlikeNotification: told(RECORDED_WITH_WRITES.unlike(RECORDED_BY_ID.author)),
    addComment: db.statement<{ id: number; body: string; createdAt: number }>(
      `insert into comments (post_id, user_id, body) values (:postId, :actor, :body) returning id, body, created_at as "createdAt"`,
    ),
    mentions: db.statement(RECORDED_WITH_WRITES.mentions(RECORDED_BY_ID.comment)),
    mentionNames: db.statement<{ username: string }>(`select u.username from mentions m join users u on u.id = m.user_id
      where m.comment_id = :commentId order by m.id`),
    mentionedNotifications: told(RECORDED_WITH_WRITES.mentioned(RECORDED_BY_ID.commented, RECORDED_BY_ID.mentioned)),
    commentNotification: told(RECORDED_WITH_WRITES.comment(RECORDED_BY_ID.commented)),
    replyNotifications: told(RECORDED_WITH_WRITES.reply(RECORDED_BY_ID.commented, RECORDED_BY_ID.mentioned)),
  };
}

const userIds = (rows: Array<{ userId: number }>) => rows.map((row) => row.userId);

/** A comment's parameters when its budget was spent already (in memory): the statement spends nothing. */
const NO_BUDGET: Record<keyof BudgetSpend, null | 0> = { budgetKey: null, budgetNow: 0, budgetExpire: 0, budgetPoints: 0 };

function reachedOf(row: ReviewReached): ReviewReached {
  return { visible: row.visible, blocked: row.blocked, establishmentId: row.establishmentId, authorUsername: row.authorUsername };
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
  /** Likes, unlikes and comments with their checks and effects, one statement each on PostgreSQL (null on SQLite). */
  private readonly inOneStatement: { like: Statement<PgLikeRow>; unlike: Statement<PgLikeRow>; comment: Statement<PgCommentRow> } | null;
  /** Their SQLite twins' steps (null on PostgreSQL). */
  private readonly inSteps: ReturnType<typeof sqliteInteractionSteps> | null;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.inOneStatement =
      db.dialect === 'pg'
        ? {
            like: db.statement<PgLikeRow>(PG_LIKE, { name: 'post.likeWithEffects' }),
            unlike: db.statement<PgLikeRow>(PG_UNLIKE, { name: 'post.unlikeWithEffects' }),
            comment: db.statement<PgCommentRow>(PG_COMMENT, { name: 'post.commentWithEffects' }),
          }
        : null;
    this.inSteps = this.inOneStatement ? null : sqliteInteractionSteps(db);
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

  /**
   * The actor likes the review, if it is in sight and no block stands between them; idempotent (the primary key keeps
   * one like a person), and its author is told of a new like only. Answers the review reached, the count and whom it told.
   */
  async like(postId: number, actor: number, mail: boolean): Promise<LikeChange> {
    if (this.inOneStatement) {
      const row = await this.inOneStatement.like.get({ postId, actor, mail });
      return { review: row && reachedOf(row), likes: row?.likes ?? 0, told: row?.told ?? [] };
    }
    const steps = this.inSteps!;
    return this.db.transaction(async () => {
      const review = await steps.review.get({ postId, actor });
      if (!review?.visible || review.blocked) return { review: review && reachedOf(review), likes: 0, told: [] };
      const added = (await this.addLikeQuery.run({ postId, userId: actor })) > 0;
      const told = added ? userIds(await steps.likeNotification.all({ actor, postId, mail })) : [];
      return { review: reachedOf(review), likes: await this.likeCount(postId), told };
    });
  }

  /**
   * The actor's like goes, if the review is in sight (a block does not stop it: it only removes), and with it its unread
   * notification; idempotent. Answers the review reached, the count and whose notification it took back.
   */
  async unlike(postId: number, actor: number): Promise<LikeChange> {
    if (this.inOneStatement) {
      const row = await this.inOneStatement.unlike.get({ postId, actor });
      return { review: row && reachedOf(row), likes: row?.likes ?? 0, told: row?.told ?? [] };
    }
    const steps = this.inSteps!;
    return this.db.transaction(async () => {
      const review = await steps.review.get({ postId, actor });
      if (!review?.visible) return { review: review && reachedOf(review), likes: 0, told: [] };
      await this.removeLikeQuery.run({ postId, userId: actor });
      const told = userIds(await steps.unlikeNotification.all({ actor, postId }));
      return { review: reachedOf(review), likes: await this.likeCount(postId), told };
    });
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

  /**
   * The actor's comment, written if the review is in sight, no block stands between them and the budget (when given) is
   * not spent; with it the mentions of the active people `names` names and the notifications of the review's author,
   * those people and the review's earlier commenters. The budget's point is spent whatever happens.
   */
  async addComment(postId: number, actor: number, body: string, { names, mail, budget }: CommentOptions): Promise<CommentWrite> {
    if (this.inOneStatement) {
      const row = (await this.inOneStatement.comment.get({ postId, actor, body, names: JSON.stringify(names), mail, ...(budget ?? NO_BUDGET) }))!;
      return {
        review: row.visible == null ? undefined : reachedOf(row as ReviewReached),
        budget: row.budgetPoints === null || row.budgetExpire === null ? null : { points: row.budgetPoints, expire: row.budgetExpire },
        comment: row.id === null ? undefined : { id: row.id, body: row.body!, createdAt: new Date(row.createdAt!) },
        mentions: row.mentions ?? [],
        told: row.told ?? [],
      };
    }
    const steps = this.inSteps!;
    return this.db.transaction(async () => {
      const review = await steps.review.get({ postId, actor });
      if (!review?.visible || review.blocked) return { review: review && reachedOf(review), budget: null, comment: undefined, mentions: [], told: [] };
      const comment = (await steps.addComment.get({ postId, actor, body }))!;
      const ids = { actor, postId, commentId: comment.id, mail };
      const mentioned = names.length > 0 && (await steps.mentions.all({ commentId: comment.id, names: JSON.stringify(names) })).length > 0;
      const told = [
        ...(mentioned ? userIds(await steps.mentionedNotifications.all(ids)) : []),
        ...userIds(await steps.commentNotification.all(ids)),
        ...userIds(await steps.replyNotifications.all(ids)),
      ];
      const mentions = mentioned ? (await steps.mentionNames.all({ commentId: comment.id })).map((row) => row.username) : [];
      return { review: reachedOf(review), budget: null, comment: { id: comment.id, body: comment.body, createdAt: new Date(comment.createdAt) }, mentions, told };
    });
  }

  /** A comment by an active person on a review by an active person: its review and both authors. */
  async commentOwners(commentId: number): Promise<{ postId: number; authorId: number; reviewAuthorId: number } | undefined> {
    return this.commentOwnersQuery.get({ commentId });
  }

  async deleteComment(commentId: number): Promise<void> {
    await this.db.delete(comments).where(eq(comments.id, commentId));
  }
}
