import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { PLACE_LIMITS } from '@siplog/contracts';
import { establishments, isActiveUser, placeFollows, postImages, posts, users, type DB } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { Box } from './geo';
import { establishmentsFts, establishmentsRtree } from './place.tables';

export type EstablishmentRow = typeof establishments.$inferSelect;
export type NewEstablishment = Omit<typeof establishments.$inferInsert, 'id' | 'postCount' | 'ratingSum' | 'lastPostAt' | 'createdAt'>;

const P = sql.placeholder;

/** What pins, search hits and distance checks need of a place (no details, no counts of people). */
const pinColumns = {
  id: establishments.id,
  placeId: establishments.placeId,
  name: establishments.name,
  street: establishments.street,
  city: establishments.city,
  state: establishments.state,
  zip: establishments.zip,
  lat: establishments.lat,
  lng: establishments.lng,
  postCount: establishments.postCount,
  ratingSum: establishments.ratingSum,
};

/** Points inside the box: the R*Tree narrows, the real columns decide (the R*Tree stores 32-bit floats, rounded outward). */
const inBox = and(
  gte(establishmentsRtree.maxLat, P('south')),
  lte(establishmentsRtree.minLat, P('north')),
  gte(establishmentsRtree.maxLng, P('west')),
  lte(establishmentsRtree.minLng, P('east')),
  gte(establishments.lat, P('south')),
  lte(establishments.lat, P('north')),
  gte(establishments.lng, P('west')),
  lte(establishments.lng, P('east')),
);

/** The R*Tree part of inBox alone: enough to count candidates. */
const inRtreeBox = and(
  gte(establishmentsRtree.maxLat, P('south')),
  lte(establishmentsRtree.minLat, P('north')),
  gte(establishmentsRtree.maxLng, P('west')),
  lte(establishmentsRtree.minLng, P('east')),
);

/**
 * Above this many places in a box, ranking them all costs more than walking the most-reviewed index until
 * the cap is filled (measured at 50k places: a state-sized box held ~7k).
 */
const DENSE_BOX_PLACES = 2000;

/** Name matches weigh most, then street, then city. */
const ftsRank = sql<number>`bm25(establishments_fts, 10.0, 2.0, 1.0)`;

/**
 * The place module's data access. The hot reads (bounds, one place, search) are prepared once with
 * placeholders: a drizzle query built per call costs several times the SQLite work it asks for.
 */
@Injectable()
export class PlaceRepository {
  private readonly byIdQuery;
  private readonly byPlaceIdQuery;
  private readonly bySlugQuery;
  private readonly activeStatsQuery;
  private readonly followerCountQuery;
  private readonly imagesQuery;
  private readonly inBoundsQuery;
  private readonly boxCountQuery;
  private readonly denseBoundsQuery;
  private readonly nearQuery;
  private readonly textQuery;
  private readonly textInBoxQuery;
  private readonly feedQuery;
  private readonly isFollowingQuery;
  private readonly followerNamesQuery;

  constructor(@Inject(DATABASE) private readonly db: DB) {
    this.byIdQuery = db.select().from(establishments).where(eq(establishments.id, P('id'))).prepare();
    this.byPlaceIdQuery = db.select().from(establishments).where(eq(establishments.placeId, P('placeId'))).prepare();
    this.bySlugQuery = db.select().from(establishments).where(eq(establishments.slug, P('slug'))).prepare();
    this.activeStatsQuery = db
      .select({ posts: count(), ratingSum: sql<number>`coalesce(sum(${posts.rating}), 0)` })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.establishmentId, P('id')), isActiveUser))
      .prepare();
    this.followerCountQuery = db
      .select({ value: count() })
      .from(placeFollows)
      .innerJoin(users, eq(users.id, placeFollows.userId))
      .where(and(eq(placeFollows.establishmentId, P('id')), isActiveUser))
      .prepare();
    this.imagesQuery = db
      .select({ fileName: postImages.fileName })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .innerJoin(postImages, eq(postImages.postId, posts.id))
      .where(and(eq(posts.establishmentId, P('id')), isActiveUser))
      .orderBy(desc(posts.createdAt), desc(posts.id), asc(postImages.position))
      .limit(PLACE_LIMITS.establishmentImagesMax)
      .prepare();
    this.inBoundsQuery = db
      .select(pinColumns)
      .from(establishmentsRtree)
      .innerJoin(establishments, eq(establishments.id, establishmentsRtree.id))
      .where(inBox)
      .orderBy(desc(establishments.postCount), desc(establishments.id))
      .limit(P('limit'))
      .prepare();
    this.boxCountQuery = db
      .select({ value: count() })
      .from(db.select({ id: establishmentsRtree.id }).from(establishmentsRtree).where(inRtreeBox).limit(P('probe')).as('probe'))
      .prepare();
    // `+lat`, `+lng`: no index on them, so SQLite walks establishments_rank_idx (already in order) and stops at the cap.
    this.denseBoundsQuery = db
      .select(pinColumns)
      .from(establishments)
      .where(
        and(
          sql`+${establishments.lat} >= ${P('south')}`,
          sql`+${establishments.lat} <= ${P('north')}`,
          sql`+${establishments.lng} >= ${P('west')}`,
          sql`+${establishments.lng} <= ${P('east')}`,
        ),
      )
      .orderBy(desc(establishments.postCount), desc(establishments.id))
      .limit(P('limit'))
      .prepare();
    this.nearQuery = db
      .select(pinColumns)
      .from(establishmentsRtree)
      .innerJoin(establishments, eq(establishments.id, establishmentsRtree.id))
      .where(inBox)
      .prepare();
    // Rank inside FTS5 first and join only the winners: joining every match before sorting costs several times more.
    const hits = db
      .select({ id: establishmentsFts.rowid, rank: ftsRank.as('rank') })
      .from(establishmentsFts)
      .where(sql`establishments_fts MATCH ${P('match')}`)
      .orderBy(ftsRank)
      .limit(P('limit'))
      .as('hits');
    this.textQuery = db
      .select(pinColumns)
      .from(hits)
      .innerJoin(establishments, eq(establishments.id, hits.id))
      .orderBy(sql`"hits"."rank"`)
      .prepare();
    this.textInBoxQuery = db
      .select(pinColumns)
      .from(establishmentsRtree)
      .innerJoin(establishments, eq(establishments.id, establishmentsRtree.id))
      .innerJoin(establishmentsFts, eq(establishmentsFts.rowid, establishmentsRtree.id))
      .where(and(inBox, sql`establishments_fts MATCH ${P('match')}`))
      .orderBy(ftsRank)
      .limit(P('limit'))
      .prepare();
    this.feedQuery = db
      .select()
      .from(establishments)
      // Most recently reviewed first (the index on last_post_at, id read backwards); never-reviewed places last.
      .orderBy(desc(establishments.lastPostAt), desc(establishments.id))
      .limit(P('limit'))
      .offset(P('offset'))
      .prepare();
    this.isFollowingQuery = db
      .select({ userId: placeFollows.userId })
      .from(placeFollows)
      .where(and(eq(placeFollows.userId, P('userId')), eq(placeFollows.establishmentId, P('id'))))
      .prepare();
    this.followerNamesQuery = db
      .select({ username: users.username })
      .from(placeFollows)
      .innerJoin(users, eq(users.id, placeFollows.userId))
      .where(and(eq(placeFollows.establishmentId, P('id')), isActiveUser))
      .orderBy(asc(users.username))
      .prepare();
  }

  byId(id: number): EstablishmentRow | undefined {
    return this.byIdQuery.get({ id });
  }

  byPlaceId(placeId: string): EstablishmentRow | undefined {
    return this.byPlaceIdQuery.get({ placeId });
  }

  bySlug(slug: string): EstablishmentRow | undefined {
    return this.bySlugQuery.get({ slug });
  }

  /** Reviews and their rating sum, counting only people who have not deactivated (their reviews are out of sight). */
  activeStats(id: number): { posts: number; ratingSum: number } {
    return this.activeStatsQuery.get({ id }) ?? { posts: 0, ratingSum: 0 };
  }

  followerCount(id: number): number {
    return this.followerCountQuery.get({ id })?.value ?? 0;
  }

  imagesOf(id: number): string[] {
    return this.imagesQuery.all({ id }).map((row) => row.fileName);
  }

  /** The most reviewed places in the box (newest first among equals), at most `limit`. */
  inBounds(box: Box, limit: number) {
    const inside = this.boxCountQuery.get({ ...box, probe: DENSE_BOX_PLACES })?.value ?? 0;
    return (inside < DENSE_BOX_PLACES ? this.inBoundsQuery : this.denseBoundsQuery).all({ ...box, limit });
  }

  /** Every place in the box (callers keep boxes small: a few hundred metres to a few kilometres). */
  near(box: Box) {
    return this.nearQuery.all({ ...box });
  }

  /** `match` must be a safe FTS5 expression (see ftsMatchOf). */
  searchText(match: string, limit: number) {
    return this.textQuery.all({ match, limit });
  }

  searchTextInBox(match: string, box: Box, limit: number) {
    return this.textInBoxQuery.all({ match, ...box, limit });
  }

  feed(limit: number, offset: number): EstablishmentRow[] {
    return this.feedQuery.all({ limit, offset });
  }

  /** Inserts unless the place_id exists (insert-or-ignore on its unique index): the row, or undefined when ignored. */
  insertIfNew(values: NewEstablishment): EstablishmentRow | undefined {
    return this.db.insert(establishments).values(values).onConflictDoNothing({ target: establishments.placeId }).returning().get();
  }

  setPlaceId(id: number, placeId: string): void {
    this.db.update(establishments).set({ placeId }).where(eq(establishments.id, id)).run();
  }

  /** `base`, else `base-2`, `base-3`, ...: the first slug no place has. */
  freeSlug(base: string): string {
    if (!this.bySlug(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base}-${n}`;
      if (!this.bySlug(candidate)) return candidate;
    }
  }

  /** Write transactions take the lock up front, so a check-then-insert cannot interleave with another connection's. */
  writeTransaction<T>(work: () => T): T {
    return this.db.transaction(() => work(), { behavior: 'immediate' });
  }

  isFollowing(userId: number, id: number): boolean {
    return this.isFollowingQuery.get({ userId, id }) !== undefined;
  }

  /** Idempotent: the primary key keeps one row per person and place. */
  follow(userId: number, id: number): void {
    this.db.insert(placeFollows).values({ userId, establishmentId: id }).onConflictDoNothing().run();
  }

  unfollow(userId: number, id: number): void {
    this.db.delete(placeFollows).where(and(eq(placeFollows.userId, userId), eq(placeFollows.establishmentId, id))).run();
  }

  followerNames(id: number): string[] {
    return this.followerNamesQuery.all({ id }).map((row) => row.username);
  }
}

export type PinRow = ReturnType<PlaceRepository['inBounds']>[number];
