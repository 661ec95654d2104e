import { Inject, Injectable } from '@nestjs/common';
import { and, asc, between, count, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import { MAP_KIND_BITS, MAP_KIND_NAME_WORDS, MAP_TOP_RATING_MIN, PLACE_LIMITS, type MapKindFilter } from '@siplog/contracts';
import {
  establishments,
  isActiveUser,
  jsonIds,
  placeFollows,
  postImages,
  posts,
  slugForNewPlace,
  users,
  WORKING_PLACES_SQL,
  type Database,
  type EstablishmentRow,
  type Orm,
} from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { Box } from '../../common/geo';
import { placeSearchQuery, type PlaceSearchQuery } from './place-search-query';
import { establishmentsFts, establishmentsRtree } from './place.tables';

export type { EstablishmentRow } from '@siplog/db';
export type NewEstablishment = Omit<typeof establishments.$inferInsert, 'id' | 'slug' | 'postCount' | 'ratingSum' | 'lastPostAt' | 'createdAt'> & {
  slug: string;
};

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
  openingHours: establishments.openingHours,
  timeZone: establishments.timeZone,
  hoursUntil: establishments.hoursUntil,
  openFrom: establishments.openFrom,
  openUntil: establishments.openUntil,
  nextFrom: establishments.nextFrom,
  nextUntil: establishments.nextUntil,
  amenitiesYes: establishments.amenitiesYes,
  amenitiesNo: establishments.amenitiesNo,
};

/*
 * Bounds, nearness and text search differ by engine: SQLite has the R*Tree and FTS5 (virtual tables, migration 0002),
 * PostgreSQL their twins on establishments itself (drizzle-pg 0001): the GiST index on point(lng, lat) and the GIN
 * index on establishment_search(name, street, city). Each query below is built for the Database's engine, under the
 * same name; everything else in this repository is one text for both.
 */

/** The R*Tree's candidates for the box (the R*Tree stores 32-bit floats, rounded outward, so a few lie just outside). */
const inRtreeBox = and(
  gte(establishmentsRtree.maxLat, P('south')),
  lte(establishmentsRtree.minLat, P('north')),
  gte(establishmentsRtree.maxLng, P('west')),
  lte(establishmentsRtree.minLng, P('east')),
);

/** The real columns decide; `+lat`, `+lng` keep any index on them out of the plan. */
const inRealBox = and(
  sql`+${establishments.lat} >= ${P('south')}`,
  sql`+${establishments.lat} <= ${P('north')}`,
  sql`+${establishments.lng} >= ${P('west')}`,
  sql`+${establishments.lng} <= ${P('east')}`,
);
/**
 * Points inside the box, for `rtree CROSS JOIN establishments`: the R*Tree narrows, the real columns decide. The
 * R*Tree must lead (SCAN r VIRTUAL TABLE INDEX 2, then each candidate by primary key), and CROSS JOIN keeps that
 * order whatever statistics say (with a lat/lng index, SQLite walked it and probed the R*Tree once per row).
 */
const inBox = and(eq(establishments.id, establishmentsRtree.id), inRtreeBox, inRealBox);

/**
 * Points inside the box on PostgreSQL: `<@` walks establishments_geo_idx, the betweens decide (box() would swap the
 * corners of a box whose west lies east of its east, where SQLite answers nothing).
 */
const inPgBox = and(
  sql`point(${establishments.lng}, ${establishments.lat}) <@ box(point(${P('west')}, ${P('south')}), point(${P('east')}, ${P('north')}))`,
  between(establishments.lat, P('south'), P('north')),
  between(establishments.lng, P('west'), P('east')),
);

/** The map's filters (issue 19): a kind, or none, and whether only 4.5+ places. */
export interface PinFilter {
  kind?: MapKindFilter;
  top?: boolean;
  /** Open at this instant (epoch ms). */
  openAt?: number;
  working?: boolean;
}

/** A kind's places: at least a third of their reviews with drink details are of it (drink_mix), or their name says so. */
function ofKind(kind: MapKindFilter): SQL {
  const nameWords = MAP_KIND_NAME_WORDS[kind].map((word) => sql`(' ' || lower(${establishments.name})) like ${`% ${word}%`}`);
  return sql`((${establishments.drinkMix} & ${sql.raw(String(MAP_KIND_BITS[kind]))}) <> 0 or ${sql.join(nameWords, sql` or `)})`;
}

/**
 * The 4.5+ filter: places whose rating shows as MAP_TOP_RATING_MIN or more (one decimal, so from 4.45), in integers
 * over the trigger-kept totals. `:top` is 0 or 1, so one statement serves both.
 */
const TOP_TWENTIETHS = Math.round((MAP_TOP_RATING_MIN - 0.05) * 20);
const topRatedOrAll = sql`(${P('top')} = 0 or (${establishments.postCount} > 0 and ${establishments.ratingSum} * 20 >= ${sql.raw(String(TOP_TWENTIETHS))} * ${establishments.postCount}))`;

/**
 * Open now (issue 31): `:open` is the instant (cast: PostgreSQL would type it int4), within the place's current-or-next
 * open interval as kept on its row (PlaceHoursRepository moves it on by the minute). `open_until > …` also lets a dense
 * box walk establishments_open_rank_idx, which holds only places with hours.
 */
const openAt = sql`cast(${P('open')} as bigint)`;
const openNow = sql`(${establishments.openFrom} <= ${openAt} and ${establishments.openUntil} > ${openAt})`;

/**
 * Good for working (GOOD_FOR_WORKING over the answer-kept amenity bits), in the very words of the partial index
 * establishments_working_rank_idx (WORKING_PLACES_SQL), so a dense box walks only such places.
 */
const goodForWorking = sql.raw(WORKING_PLACES_SQL);

/** The map's filters as one statement each: a kind or none, Open now or not, Good for working or not (4.5+ a parameter). */
interface PinVariant {
  kind: MapKindFilter | 'any';
  open: boolean;
  working: boolean;
}

/** The variant's condition. */
function pinFilter(variant: PinVariant): SQL {
  return and(
    topRatedOrAll,
    variant.kind === 'any' ? undefined : ofKind(variant.kind),
    variant.open ? openNow : undefined,
    variant.working ? goodForWorking : undefined,
  )!;
}

const PIN_VARIANTS: PinVariant[] = (['any', 'coffee', 'tea', 'boba'] as const).flatMap((kind) =>
  [false, true].flatMap((open) => [false, true].map((working) => ({ kind, open, working }))),
);
const variantKey = (variant: PinVariant) => `${variant.kind}.${variant.open ? 'open' : 'any'}.${variant.working ? 'working' : 'any'}`;

/**
 * Above this many places in a box, ranking them all costs more than walking the most-reviewed index until
 * the cap is filled (measured at 50k places: a state-sized box held ~7k).
 */
const DENSE_BOX_PLACES = 2000;

/** `column IN` the ids passed as one JSON array: one prepared statement serves any number of places. */
const inIds = (column: typeof posts.establishmentId | typeof placeFollows.establishmentId) =>
  sql`${column} in (${jsonIds(P('ids'))})`;

/** Name matches weigh most, then street, then city. */
const ftsRank = sql<number>`bm25(establishments_fts, 10.0, 2.0, 1.0)`;

/** PostgreSQL's twin of FTS5: the indexed expression exactly as drizzle-pg 0001 indexes it, and the query typed. */
const pgSearchDocument = sql`establishment_search(${establishments.name}, ${establishments.street}, ${establishments.city})`;
const pgSearchQuery = sql`to_tsquery('simple', f_unaccent(${P('match')}))`;
/** Weights D, C, B, A: name 1.0, street 0.2, city 0.1, as bm25's 10, 2, 1; the best match first, then the oldest place. */
const pgRankOrder = [sql`ts_rank('{0, 0.1, 0.2, 1.0}', ${pgSearchDocument}, ${pgSearchQuery}) desc`, asc(establishments.id)];
const pgTextMatch = sql`${pgSearchDocument} @@ ${pgSearchQuery}`;

/** Pins matching the text, ranked, on PostgreSQL; `where` narrows them (a box). */
function pgTextQuery(orm: Orm, where?: SQL) {
  return orm
    .select(pinColumns)
    .from(establishments)
    .where(and(pgTextMatch, where))
    .orderBy(...pgRankOrder)
    .limit(P('limit'));
}

/**
 * The place module's data access. The hot reads (bounds, one place, search) are prepared once with
 * placeholders: a drizzle query built per call costs several times the SQLite work it asks for.
 */
@Injectable()
export class PlaceRepository {
  private readonly byIdQuery;
  private readonly byPlaceIdQuery;
  private readonly bySlugQuery;
  private readonly followerCountQuery;
  private readonly followerCountsQuery;
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
  /** PostgreSQL only: see writeTransaction. */
  private readonly creationLock;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.byIdQuery = db.prepared('place.byId', (orm) => orm.select().from(establishments).where(eq(establishments.id, P('id'))));
    this.byPlaceIdQuery = db.prepared('place.byPlaceId', (orm) => orm.select().from(establishments).where(eq(establishments.placeId, P('placeId'))));
    this.bySlugQuery = db.prepared('place.bySlug', (orm) => orm.select().from(establishments).where(eq(establishments.slug, P('slug'))));
    this.followerCountQuery = db.prepared('place.followerCount', (orm) =>
      orm
        .select({ value: count() })
        .from(placeFollows)
        .innerJoin(users, eq(users.id, placeFollows.userId))
        .where(and(eq(placeFollows.establishmentId, P('id')), isActiveUser)),
    );
    this.followerCountsQuery = db.prepared('place.followerCounts', (orm) =>
      orm
        .select({ id: placeFollows.establishmentId, value: count() })
        .from(placeFollows)
        .innerJoin(users, eq(users.id, placeFollows.userId))
        .where(and(inIds(placeFollows.establishmentId), isActiveUser))
        .groupBy(placeFollows.establishmentId),
    );
    this.imagesQuery = db.prepared('place.images', (orm) => {
      // Each place's newest review photos, numbered per place so the cap applies to each, not to the batch.
      const numbered = orm
        .select({
          id: posts.establishmentId,
          fileName: postImages.fileName,
          n: sql<number>`row_number() over (partition by ${posts.establishmentId} order by ${posts.createdAt} desc, ${posts.id} desc, ${postImages.position} asc)`.as('n'),
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .innerJoin(postImages, eq(postImages.postId, posts.id))
        .where(and(inIds(posts.establishmentId), isActiveUser))
        .as('numbered');
      return orm
        .select({ id: numbered.id, fileName: numbered.fileName })
        .from(numbered)
        .where(sql`"numbered"."n" <= ${PLACE_LIMITS.establishmentImagesMax}`)
        .orderBy(numbered.id, sql`"numbered"."n"`);
    });
    const onPg = db.dialect === 'pg';
    this.creationLock = onPg ? db.statement(`select pg_advisory_xact_lock(hashtext('place.create'))`) : null;
    // One statement per kind filter (the name words differ); the 4.5+ filter is a parameter of each.
    this.inBoundsQuery = byVariant((variant) =>
      db.prepared(`place.inBounds.${variantKey(variant)}`, (orm) =>
        (onPg
          ? orm.select(pinColumns).from(establishments).where(and(inPgBox, pinFilter(variant)))
          : orm.select(pinColumns).from(establishmentsRtree).crossJoin(establishments).where(and(inBox, pinFilter(variant)))
        )
          .orderBy(desc(establishments.postCount), desc(establishments.id))
          .limit(P('limit')),
      ),
    );
    this.boxCountQuery = db.prepared('place.boxCount', (orm) =>
      orm
        .select({ value: count() })
        .from(
          (onPg
            ? orm.select({ id: establishments.id }).from(establishments).where(inPgBox)
            : orm.select({ id: establishmentsRtree.id }).from(establishmentsRtree).where(inRtreeBox)
          )
            .limit(P('probe'))
            .as('probe'),
        ),
    );
    // `+lat`, `+lng`: no index on them, so SQLite walks establishments_rank_idx (already in order) and stops at the cap;
    // PostgreSQL (no index on them either) walks it too, its betweens estimated from the columns' statistics.
    this.denseBoundsQuery = byVariant((variant) =>
      db.prepared(`place.denseBounds.${variantKey(variant)}`, (orm) =>
        orm
          .select(pinColumns)
          .from(establishments)
          .where(
            and(
              onPg
                ? and(between(establishments.lat, P('south'), P('north')), between(establishments.lng, P('west'), P('east')))
                : and(
                    sql`+${establishments.lat} >= ${P('south')}`,
                    sql`+${establishments.lat} <= ${P('north')}`,
                    sql`+${establishments.lng} >= ${P('west')}`,
                    sql`+${establishments.lng} <= ${P('east')}`,
                  ),
              pinFilter(variant),
            ),
          )
          .orderBy(desc(establishments.postCount), desc(establishments.id))
          .limit(P('limit')),
      ),
    );
    this.nearQuery = db.prepared('place.near', (orm) =>
      onPg
        ? orm.select(getTableColumns(establishments)).from(establishments).where(inPgBox)
        : orm.select(getTableColumns(establishments)).from(establishmentsRtree).crossJoin(establishments).where(inBox),
    );
    // Rank inside FTS5 first and join only the winners: joining every match before sorting costs several times more.
    // Equal ranks go oldest place first, as on PostgreSQL.
    this.textQuery = db.prepared('place.text', (orm) => {
      if (onPg) return pgTextQuery(orm);
      const hits = orm
        .select({ id: establishmentsFts.rowid, rank: ftsRank.as('rank') })
        .from(establishmentsFts)
        .where(sql`establishments_fts MATCH ${P('match')}`)
        .orderBy(ftsRank, establishmentsFts.rowid)
        .limit(P('limit'))
        .as('hits');
      return orm.select(pinColumns).from(hits).innerJoin(establishments, eq(establishments.id, hits.id)).orderBy(sql`"hits"."rank"`, hits.id);
    });
    // The same rank-first plan within the box: FTS5 walks its matches and keeps those in the R*Tree's box (a list
    // built once), ranks only them, then joins the winners. `+rowid` stops SQLite handing the list to FTS5 as
    // one rowid lookup (a full MATCH) per place in the box, which costs a hundred times more.
    this.textInBoxQuery = db.prepared('place.textInBox', (orm) => {
      if (onPg) return pgTextQuery(orm, inPgBox);
      const boxIds = orm.select({ id: establishmentsRtree.id }).from(establishmentsRtree).where(inRtreeBox);
      const hitsInBox = orm
        .select({ id: establishmentsFts.rowid, rank: ftsRank.as('rank') })
        .from(establishmentsFts)
        .where(and(sql`establishments_fts MATCH ${P('match')}`, sql`+${establishmentsFts.rowid} in ${boxIds}`))
        .orderBy(ftsRank, establishmentsFts.rowid)
        .limit(P('limit'))
        .as('hits_in_box');
      return orm
        .select(pinColumns)
        .from(hitsInBox)
        .innerJoin(establishments, eq(establishments.id, hitsInBox.id))
        .where(inRealBox)
        .orderBy(sql`"hits_in_box"."rank"`, hitsInBox.id);
    });
    this.feedQuery = db.prepared('place.feed', (orm) =>
      orm
        .select()
        .from(establishments)
        // Most recently reviewed first (the index on last_post_at, id read backwards); never-reviewed places last.
        .orderBy(sql`${establishments.lastPostAt} desc nulls last`, desc(establishments.id))
        .limit(P('limit'))
        .offset(P('offset')),
    );
    this.isFollowingQuery = db.prepared('place.isFollowing', (orm) =>
      orm
        .select({ userId: placeFollows.userId })
        .from(placeFollows)
        .where(and(eq(placeFollows.userId, P('userId')), eq(placeFollows.establishmentId, P('id')))),
    );
    this.followerNamesQuery = db.prepared('place.followerNames', (orm) =>
      orm
        .select({ id: users.id, username: users.username })
        .from(placeFollows)
        .innerJoin(users, eq(users.id, placeFollows.userId))
        .where(and(eq(placeFollows.establishmentId, P('id')), isActiveUser))
        .orderBy(asc(users.username)),
    );
  }

  async byId(id: number): Promise<EstablishmentRow | undefined> {
    return this.byIdQuery.get({ id });
  }

  async byPlaceId(placeId: string): Promise<EstablishmentRow | undefined> {
    return this.byPlaceIdQuery.get({ placeId });
  }

  async bySlug(slug: string): Promise<EstablishmentRow | undefined> {
    return this.bySlugQuery.get({ slug });
  }

  async followerCount(id: number): Promise<number> {
    return (await this.followerCountQuery.get({ id }))?.value ?? 0;
  }

  /** Active followers of each place, in one query (places nobody follows are absent). */
  async followerCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    return new Map((await this.followerCountsQuery.all({ ids: JSON.stringify(ids) })).map((row) => [row.id, row.value]));
  }

  /** Each place's review photos by active people, newest first, at most PLACE_LIMITS.establishmentImagesMax each, in one query. */
  async imagesOf(ids: number[]): Promise<Map<number, string[]>> {
    const images = new Map<number, string[]>();
    if (ids.length === 0) return images;
    for (const row of await this.imagesQuery.all({ ids: JSON.stringify(ids) })) {
      const own = images.get(row.id);
      if (own) own.push(row.fileName);
      else images.set(row.id, [row.fileName]);
    }
    return images;
  }

  /** The most reviewed places in the box (newest first among equals) that pass the filter, at most `limit`. */
  async inBounds(box: Box, limit: number, filter: PinFilter = {}) {
    const inside = (await this.boxCountQuery.get({ ...box, probe: DENSE_BOX_PLACES }))?.value ?? 0;
    const queries = inside < DENSE_BOX_PLACES ? this.inBoundsQuery : this.denseBoundsQuery;
    const variant = variantKey({ kind: filter.kind ?? 'any', open: filter.openAt !== undefined, working: filter.working === true });
    return queries.get(variant)!.all({ ...box, limit, top: filter.top ? 1 : 0, ...(filter.openAt === undefined ? {} : { open: filter.openAt }) });
  }

  /** Every place in the box, whole rows (callers keep boxes small: a few hundred metres to a few kilometres). */
  async near(box: Box): Promise<EstablishmentRow[]> {
    return this.nearQuery.all({ ...box });
  }

  /** The words typed as this engine's text search takes them (see placeSearchQuery); null when nothing is searchable. */
  searchQuery(text: string, options: { nameOnly?: boolean } = {}): PlaceSearchQuery | null {
    return placeSearchQuery(this.db.dialect, text, options);
  }

  /** The places best matching `match`, best first (equal matches oldest place first). */
  async searchText(match: PlaceSearchQuery, limit: number) {
    return this.textQuery.all({ match, limit });
  }

  async searchTextInBox(match: PlaceSearchQuery, box: Box, limit: number) {
    return this.textInBoxQuery.all({ match, ...box, limit });
  }

  async feed(limit: number, offset: number): Promise<EstablishmentRow[]> {
    return this.feedQuery.all({ limit, offset });
  }

  /** Inserts unless the place_id exists (insert-or-ignore on its unique index): the row, or undefined when ignored. */
  async insertIfNew(values: NewEstablishment): Promise<EstablishmentRow | undefined> {
    return (await this.db.insert(establishments).values(values).onConflictDoNothing({ target: establishments.placeId }).returning())[0];
  }

  async setPlaceId(id: number, placeId: string): Promise<void> {
    await this.db.update(establishments).set({ placeId }).where(eq(establishments.id, id));
  }

  /** The one slug rule (contracts' slugify, `-2`, `-3` on collision), shared with the seed through @siplog/db. */
  slugFor(place: { name: string; city: string }): Promise<string> {
    return slugForNewPlace(this.db, place);
  }

  /**
   * Write transactions take the lock up front, so a check-then-insert (a place within 30 m by the same name has no
   * unique index to catch it) cannot interleave with another: SQLite's begin immediate, on PostgreSQL a lock on
   * creating places held to the end of the transaction (each statement after it sees what the previous holder wrote).
   */
  writeTransaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      await this.creationLock?.run();
      return work();
    });
  }

  async isFollowing(userId: number, id: number): Promise<boolean> {
    return (await this.isFollowingQuery.get({ userId, id })) !== undefined;
  }

  /** Idempotent: the primary key keeps one row per person and place. */
  async follow(userId: number, id: number): Promise<void> {
    await this.db.insert(placeFollows).values({ userId, establishmentId: id }).onConflictDoNothing();
  }

  async unfollow(userId: number, id: number): Promise<void> {
    await this.db.delete(placeFollows).where(and(eq(placeFollows.userId, userId), eq(placeFollows.establishmentId, id)));
  }

  /** The place's active followers' usernames, leaving out the ids in `hidden` (people blocked either way by the reader). */
  async followerNames(id: number, hidden: readonly number[] = []): Promise<string[]> {
    return (await this.followerNamesQuery.all({ id })).filter((row) => !hidden.includes(row.id)).map((row) => row.username);
  }
}

/** One prepared statement per variant of the filters, by variantKey. */
function byVariant<T>(prepare: (variant: PinVariant) => T): Map<string, T> {
  return new Map(PIN_VARIANTS.map((variant) => [variantKey(variant), prepare(variant)]));
}

export type PinRow = Awaited<ReturnType<PlaceRepository['inBounds']>>[number];
