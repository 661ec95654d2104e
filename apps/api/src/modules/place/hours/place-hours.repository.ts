import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { OpenInterval } from '@siplog/contracts';
import { establishments, jsonIds, placeHoursChanges, placeHoursIntervals, users, type Database } from '@siplog/db';
import { DATABASE } from '../../database/database.module';

const P = sql.placeholder;

/** A place's hours as stored, with what evaluating them needs. */
export interface HoursSource {
  id: number;
  openingHours: string | null;
  timeZone: string | null;
  lat: number;
  lng: number;
  country: string;
  state: string;
}

export interface HoursChangeRow {
  id: number;
  establishmentId: number;
  userId: number;
  username: string;
  before: string | null;
  after: string | null;
  revertsId: number | null;
  revertedAt: number | null;
  createdAt: number;
}

/** The hours a change sets, with the intervals they open (computed by the service). */
export interface NewHours {
  openingHours: string | null;
  timeZone: string | null;
  intervals: OpenInterval[];
  /** Epoch ms the intervals reach; null with no hours. */
  until: number | null;
}

/** The intervals ending first after `now` (the current or next one, and the one after): what the row keeps. */
export function keptIntervals(intervals: readonly OpenInterval[], now: number) {
  const coming = intervals.filter(([, end]) => end > now);
  return { openFrom: coming[0]?.[0] ?? null, openUntil: coming[0]?.[1] ?? null, nextFrom: coming[1]?.[0] ?? null, nextUntil: coming[1]?.[1] ?? null };
}

/** The `nth` (0 or 1) interval of the place ending after `:now`: a seek on the primary key. */
const comingColumn = (column: 'starts_at' | 'ends_at', nth: 0 | 1) =>
  sql`(select ${sql.raw(`i.${column}`)} from ${placeHoursIntervals} i where i.establishment_id = ${establishments.id} and i.ends_at > ${P('now')} order by i.ends_at limit 1 offset ${sql.raw(String(nth))})`;

const changeColumns = {
  id: placeHoursChanges.id,
  establishmentId: placeHoursChanges.establishmentId,
  userId: placeHoursChanges.userId,
  username: users.username,
  before: placeHoursChanges.before,
  after: placeHoursChanges.after,
  revertsId: placeHoursChanges.revertsId,
  revertedAt: placeHoursChanges.revertedAt,
  createdAt: placeHoursChanges.createdAt,
};

/** Intervals of the places in `:ids` still running after `:after` and starting before `:before`, in order. */
const intervalsAmong = and(
  sql`${placeHoursIntervals.establishmentId} in (${jsonIds(P('ids'))})`,
  gt(placeHoursIntervals.endsAt, P('after')),
  lt(placeHoursIntervals.startsAt, P('before')),
);

/**
 * Opening hours' data (issue 31): the hours on the place's row, their open intervals (place_hours_intervals, what
 * "open now" asks) and every change (place_hours_changes). One text for both databases.
 */
@Injectable()
export class PlaceHoursRepository {
  private readonly intervalsQuery;
  private readonly lastChangesQuery;
  private readonly openAmongQuery;
  private readonly advanceOpenQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.intervalsQuery = db.prepared('placeHours.intervals', (orm) =>
      orm
        .select({ id: placeHoursIntervals.establishmentId, startsAt: placeHoursIntervals.startsAt, endsAt: placeHoursIntervals.endsAt })
        .from(placeHoursIntervals)
        .where(intervalsAmong)
        .orderBy(placeHoursIntervals.establishmentId, placeHoursIntervals.endsAt),
    );
    this.lastChangesQuery = db.prepared('placeHours.lastChanges', (orm) =>
      orm
        .select(changeColumns)
        .from(placeHoursChanges)
        .innerJoin(users, eq(users.id, placeHoursChanges.userId))
        .where(
          sql`${placeHoursChanges.id} in (select max(c.id) from place_hours_changes c where c.establishment_id in (${jsonIds(P('ids'))}) group by c.establishment_id)`,
        ),
    );
    this.advanceOpenQuery = db.prepared('placeHours.advanceOpen', (orm) =>
      orm
        .update(establishments)
        .set({
          openFrom: comingColumn('starts_at', 0),
          openUntil: comingColumn('ends_at', 0),
          nextFrom: comingColumn('starts_at', 1),
          nextUntil: comingColumn('ends_at', 1),
        })
        .where(lte(establishments.openUntil, P('now'))),
    );
    this.openAmongQuery = db.prepared('placeHours.openAmong', (orm) =>
      orm
        .selectDistinct({ id: placeHoursIntervals.establishmentId })
        .from(placeHoursIntervals)
        .where(and(sql`${placeHoursIntervals.establishmentId} in (${jsonIds(P('ids'))})`, gt(placeHoursIntervals.endsAt, P('now')), sql`${placeHoursIntervals.startsAt} <= ${P('now')}`)),
    );
  }

  /** Each place's intervals running after `after` and starting before `before`, in order (places without any absent). */
  async intervalsOf(ids: number[], after: number, before: number): Promise<Map<number, OpenInterval[]>> {
    const byPlace = new Map<number, OpenInterval[]>();
    if (ids.length === 0) return byPlace;
    for (const row of await this.intervalsQuery.all({ ids: JSON.stringify(ids), after, before })) {
      const interval: OpenInterval = [Number(row.startsAt), Number(row.endsAt)];
      const own = byPlace.get(row.id);
      if (own) own.push(interval);
      else byPlace.set(row.id, [interval]);
    }
    return byPlace;
  }

  /** Of these places, those open at `now`. */
  async openAmong(ids: number[], now: number): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    return new Set((await this.openAmongQuery.all({ ids: JSON.stringify(ids), now })).map((row) => row.id));
  }

  /** Each place's newest change (who set its hours last), in one query. */
  async lastChangesOf(ids: number[]): Promise<Map<number, HoursChangeRow>> {
    if (ids.length === 0) return new Map();
    return new Map((await this.lastChangesQuery.all({ ids: JSON.stringify(ids) })).map((row) => [row.establishmentId, numbered(row)]));
  }

  async source(id: number): Promise<HoursSource | undefined> {
    return (await this.db.select(sourceColumns).from(establishments).where(eq(establishments.id, id)))[0];
  }

  /** The place's changes, newest first, at most `limit`. */
  async history(id: number, limit: number): Promise<HoursChangeRow[]> {
    const rows = await this.db
      .select(changeColumns)
      .from(placeHoursChanges)
      .innerJoin(users, eq(users.id, placeHoursChanges.userId))
      .where(eq(placeHoursChanges.establishmentId, id))
      .orderBy(desc(placeHoursChanges.id))
      .limit(limit);
    return rows.map(numbered);
  }

  async change(id: number): Promise<HoursChangeRow | undefined> {
    const row = (
      await this.db.select(changeColumns).from(placeHoursChanges).innerJoin(users, eq(users.id, placeHoursChanges.userId)).where(eq(placeHoursChanges.id, id))
    )[0];
    return row && numbered(row);
  }

  /**
   * Sets the place's hours and their intervals and records the change, in one transaction, provided the hours are
   * still `expected` (a concurrent change wins; this one answers false and writes nothing). `reverts`: the change
   * this one reverts, marked reverted with it.
   */
  async applyChange(change: { establishmentId: number; userId: number; expected: string | null; hours: NewHours; reverts?: number; now: number }): Promise<number | null> {
    return this.db.transaction(async () => {
      const current = (await this.db.select({ openingHours: establishments.openingHours }).from(establishments).where(eq(establishments.id, change.establishmentId)))[0];
      if (!current || current.openingHours !== change.expected) return null;
      await this.db
        .update(establishments)
        .set({
          openingHours: change.hours.openingHours,
          timeZone: change.hours.timeZone,
          hoursUntil: change.hours.until,
          ...keptIntervals(change.hours.intervals, change.now),
        })
        .where(eq(establishments.id, change.establishmentId));
      await this.writeIntervals(change.establishmentId, change.hours.intervals);
      if (change.reverts !== undefined) {
        await this.db.update(placeHoursChanges).set({ revertedAt: change.now }).where(eq(placeHoursChanges.id, change.reverts));
      }
      const inserted = await this.db
        .insert(placeHoursChanges)
        .values({
          establishmentId: change.establishmentId,
          userId: change.userId,
          before: change.expected,
          after: change.hours.openingHours,
          revertsId: change.reverts ?? null,
          createdAt: change.now,
        })
        .returning({ id: placeHoursChanges.id });
      return inserted[0].id;
    });
  }

  /** Places whose intervals run out before `before`, soonest first, at most `limit`. */
  async dueForRefresh(before: number, limit: number): Promise<HoursSource[]> {
    return this.db
      .select(sourceColumns)
      .from(establishments)
      .where(and(isNotNull(establishments.hoursUntil), lt(establishments.hoursUntil, before)))
      .orderBy(asc(establishments.hoursUntil))
      .limit(limit);
  }

  /** New intervals for hours unchanged since `openingHours` was read (a change meanwhile wrote its own): false if so. */
  async refreshIntervals(id: number, openingHours: string, intervals: OpenInterval[], until: number, now: number): Promise<boolean> {
    return this.db.transaction(async () => {
      const updated = await this.db
        .update(establishments)
        .set({ hoursUntil: until, ...keptIntervals(intervals, now) })
        .where(and(eq(establishments.id, id), eq(establishments.openingHours, openingHours)))
        .returning({ id: establishments.id });
      if (updated.length === 0) return false;
      await this.writeIntervals(id, intervals);
      return true;
    });
  }

  /** Moves every place whose kept interval has ended on to the next two (none: null until its hours are rolled forward). */
  async advanceOpen(now: number): Promise<void> {
    await this.advanceOpenQuery.run({ now });
  }

  private async writeIntervals(id: number, intervals: OpenInterval[]): Promise<void> {
    await this.db.delete(placeHoursIntervals).where(eq(placeHoursIntervals.establishmentId, id));
    if (intervals.length > 0) {
      await this.db.insert(placeHoursIntervals).values(intervals.map(([startsAt, endsAt]) => ({ establishmentId: id, startsAt, endsAt })));
    }
  }
}

const sourceColumns = {
  id: establishments.id,
  openingHours: establishments.openingHours,
  timeZone: establishments.timeZone,
  lat: establishments.lat,
  lng: establishments.lng,
  country: establishments.country,
  state: establishments.state,
};

/** PostgreSQL's bigints may arrive as text through some paths: numbers here. */
function numbered(row: HoursChangeRow): HoursChangeRow {
  return { ...row, createdAt: Number(row.createdAt), revertedAt: row.revertedAt === null ? null : Number(row.revertedAt) };
}
