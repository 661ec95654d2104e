import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type DB } from '../client';
import { migratePg } from '../pg-migrate';
import { startPgCluster, type PgCluster } from '../testing/pg-cluster';
import * as pgSchema from './pg';
import * as sqliteSchema from './sqlite';

/*
 * What SQLite's custom SQL does and PostgreSQL's twin (drizzle-pg 0001) must do alike: review totals, slug
 * guards, place search and bounds. The same code runs on both, written against the PostgreSQL tables as the app is.
 */

type AppDb = NodePgDatabase<typeof pgSchema>;
type Tables = typeof pgSchema;

let cluster: PgCluster;
let pool: Pool;
let pgDb: AppDb;
let dir: string;
let sqliteDb: DB;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-twins-'));
  cluster = await startPgCluster();
  const url = await cluster.newDatabase();
  await migratePg(url);
  pool = new Pool({ connectionString: url, max: 4 });
  pgDb = drizzle(pool, { schema: pgSchema });
  sqliteDb = openMigratedDatabase(path.join(dir, 'app.db'));
}, 60_000);

afterAll(async () => {
  sqliteDb?.$client.close();
  await pool?.end();
  await cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Both databases behind the PostgreSQL types, as app code sees them. */
function engines(): [string, AppDb, Tables][] {
  return [
    ['sqlite', sqliteDb as unknown as AppDb, sqliteSchema as unknown as Tables],
    ['pg', pgDb, pgSchema],
  ];
}

const T0 = new Date(1_700_000_000_000);
const T1 = new Date(T0.getTime() + 1000);
const T2 = new Date(T0.getTime() + 2000);
const T3 = new Date(T0.getTime() + 3000);

async function addUser(db: AppDb, t: Tables, username: string) {
  const [row] = await db
    .insert(t.users)
    .values({ email: `${username}@example.com`, username, passwordHash: 'x', firstName: username, lastName: 'T' })
    .returning();
  return row;
}

let places = 0;
async function addPlace(db: AppDb, t: Tables, values: Partial<typeof pgSchema.establishments.$inferInsert> = {}) {
  const n = ++places;
  const [row] = await db
    .insert(t.establishments)
    .values({ placeId: `test:${n}`, name: `Place ${n}`, lat: 0, lng: 0, slug: `place-${n}`, ...values })
    .returning();
  return row;
}

/** Every step of the review totals' life, on one database: the totals of two places after each. */
async function totalsScenario(db: AppDb, t: Tables) {
  const [alice, bob, carol] = [await addUser(db, t, 'alice'), await addUser(db, t, 'bob'), await addUser(db, t, 'carol')];
  const one = await addPlace(db, t);
  const two = await addPlace(db, t);
  const steps: { step: string; one: unknown; two: unknown }[] = [];
  const totalsOf = async (id: number) => {
    const [row] = await db
      .select({ posts: t.establishments.postCount, ratings: t.establishments.ratingSum, last: t.establishments.lastPostAt })
      .from(t.establishments)
      .where(eq(t.establishments.id, id));
    return { ...row, last: row.last?.getTime() ?? null };
  };
  const record = async (step: string) => steps.push({ step, one: await totalsOf(one.id), two: await totalsOf(two.id) });
  const review = async (userId: number, rating: number, createdAt: Date, establishmentId = one.id) =>
    (await db.insert(t.posts).values({ userId, establishmentId, orderText: 'tea', review: 'ok', rating, createdAt }).returning())[0];
  const setUser = (id: number, values: Partial<typeof pgSchema.users.$inferInsert>) => db.update(t.users).set(values).where(eq(t.users.id, id));

  const a = await review(alice.id, 4, T1);
  await record('alice reviews');
  const b = await review(bob.id, 2, T2);
  await record('bob reviews, later');
  await review(carol.id, 5, T0);
  await record('carol reviews, earlier');
  await db.update(t.posts).set({ rating: 3 }).where(eq(t.posts.id, a.id));
  await record('alice changes her rating');
  await setUser(bob.id, { deactivatedAt: new Date() });
  await record('bob deactivates');
  const d = await review(bob.id, 1, T3);
  await record('bob, deactivated, reviews');
  await setUser(bob.id, { deactivatedAt: null });
  await record('bob comes back');
  await db.delete(t.posts).where(eq(t.posts.id, b.id));
  await record("bob's first review is deleted");
  await setUser(carol.id, { suspendedAt: new Date(), suspensionReason: 'spam' });
  await record('carol is suspended');
  await setUser(carol.id, { suspendedAt: null, suspensionReason: null });
  await record('carol is unsuspended');
  await db.update(t.posts).set({ establishmentId: two.id }).where(eq(t.posts.id, d.id));
  await record("bob's review moves to the other place");
  await db.delete(t.users).where(eq(t.users.id, alice.id));
  await record('alice deletes her account');
  return steps;
}

describe('review totals', () => {
  it('follow the same rules on PostgreSQL as on SQLite', async () => {
    const [[, liteDb, liteTables], [, postgres, pgTables]] = engines();
    const onSqlite = await totalsScenario(liteDb, liteTables);
    const onPg = await totalsScenario(postgres, pgTables);
    expect(onPg).toEqual(onSqlite);
    // And those rules are the ones meant: only people who are neither deactivated nor suspended count.
    const at = (date: Date) => date.getTime();
    expect(onPg.map(({ step, one, two }) => [step, one, two])).toEqual([
      ['alice reviews', { posts: 1, ratings: 4, last: at(T1) }, { posts: 0, ratings: 0, last: null }],
      ['bob reviews, later', { posts: 2, ratings: 6, last: at(T2) }, { posts: 0, ratings: 0, last: null }],
      ['carol reviews, earlier', { posts: 3, ratings: 11, last: at(T2) }, { posts: 0, ratings: 0, last: null }],
      ['alice changes her rating', { posts: 3, ratings: 10, last: at(T2) }, { posts: 0, ratings: 0, last: null }],
      ['bob deactivates', { posts: 2, ratings: 8, last: at(T1) }, { posts: 0, ratings: 0, last: null }],
      ['bob, deactivated, reviews', { posts: 2, ratings: 8, last: at(T1) }, { posts: 0, ratings: 0, last: null }],
      ['bob comes back', { posts: 4, ratings: 11, last: at(T3) }, { posts: 0, ratings: 0, last: null }],
      ["bob's first review is deleted", { posts: 3, ratings: 9, last: at(T3) }, { posts: 0, ratings: 0, last: null }],
      ['carol is suspended', { posts: 2, ratings: 4, last: at(T3) }, { posts: 0, ratings: 0, last: null }],
      ['carol is unsuspended', { posts: 3, ratings: 9, last: at(T3) }, { posts: 0, ratings: 0, last: null }],
      ["bob's review moves to the other place", { posts: 2, ratings: 8, last: at(T1) }, { posts: 1, ratings: 1, last: at(T3) }],
      ['alice deletes her account', { posts: 1, ratings: 5, last: at(T0) }, { posts: 1, ratings: 1, last: at(T3) }],
    ]);
  });

  it('stay exact on PostgreSQL when reviews of one place are written at once', async () => {
    const place = await addPlace(pgDb, pgSchema);
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => addUser(pgDb, pgSchema, `crowd${i}`)));
    const write = (userId: number, rating: number) =>
      pgDb.insert(pgSchema.posts).values({ userId, establishmentId: place.id, orderText: 'x', review: 'y', rating }).returning();
    const written = (await Promise.all(people.flatMap((person, i) => [write(person.id, 1 + (i % 5)), write(person.id, 5)]))).flat();
    // Deletes, deactivations and inserts (some by the people deactivating) at once: each recount must see the others'
    // committed writes, and an insert must see a deactivation that commits first.
    await Promise.all([
      ...written.slice(0, 6).map((post) => pgDb.delete(pgSchema.posts).where(eq(pgSchema.posts.id, post.id))),
      ...people.slice(6).map((person) => pgDb.update(pgSchema.users).set({ deactivatedAt: new Date() }).where(eq(pgSchema.users.id, person.id))),
      ...people.slice(0, 3).map((person) => write(person.id, 2)),
      ...people.slice(5).map((person) => write(person.id, 4)),
    ]);
    const [expected] = (
      await pool.query<{ posts: string; ratings: string }>(
        `select count(*) as posts, coalesce(sum(p.rating), 0) as ratings from posts p join users u on u.id = p.user_id
         where p.establishment_id = $1 and u.deactivated_at is null and u.suspended_at is null`,
        [place.id],
      )
    ).rows;
    const [row] = await pgDb.select().from(pgSchema.establishments).where(eq(pgSchema.establishments.id, place.id));
    expect({ posts: row.postCount, ratings: row.ratingSum }).toEqual({ posts: Number(expected.posts), ratings: Number(expected.ratings) });
  });

  it('leave out on PostgreSQL a review written while its author deactivates', async () => {
    const place = await addPlace(pgDb, pgSchema);
    const author = await addUser(pgDb, pgSchema, 'leaving');
    const deactivation = await pool.connect();
    try {
      await deactivation.query('begin');
      await deactivation.query('update users set deactivated_at = $1 where id = $2', [Date.now(), author.id]);
      const review = pgDb.insert(pgSchema.posts).values({ userId: author.id, establishmentId: place.id, orderText: 'x', review: 'y', rating: 5 });
      let done = false;
      const settled = review.then(() => {
        done = true;
      });
      // SQLite would run one after the other; here the insert waits for the deactivation or else goes first.
      for (let tries = 0; !done; tries++) {
        const { rows } = await pool.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "posts"%'`);
        if (rows.length > 0) break;
        if (tries > 100) throw new Error('the review neither waited nor finished');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await deactivation.query('commit');
      await settled;
    } finally {
      deactivation.release();
    }
    const [row] = await pgDb.select().from(pgSchema.establishments).where(eq(pgSchema.establishments.id, place.id));
    expect({ posts: row.postCount, ratings: row.ratingSum, last: row.lastPostAt }).toEqual({ posts: 0, ratings: 0, last: null });
  });
});

/** The message of a failed query (drizzle wraps the driver's error as its cause). */
async function failure(promise: PromiseLike<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'no error';
}

/** Every step of a place's drink mix (the map's Coffee 1, Tea 2, Boba 4 filters), on one database. */
async function drinkMixScenario(db: AppDb, t: Tables) {
  const [dana] = [await addUser(db, t, 'dana')];
  const one = await addPlace(db, t);
  const two = await addPlace(db, t);
  const steps: [string, number, number][] = [];
  const mixOf = async (id: number) => (await db.select({ mix: t.establishments.drinkMix }).from(t.establishments).where(eq(t.establishments.id, id)))[0].mix;
  const record = async (step: string) => steps.push([step, await mixOf(one.id), await mixOf(two.id)]);
  const review = async (drinkGroup: string | null, establishmentId = one.id) =>
    (await db.insert(t.posts).values({ userId: dana.id, establishmentId, orderText: 'x', review: 'ok', rating: 4, drinkKind: drinkGroup && 'other', drinkGroup }).returning())[0];
  await record('no reviews');
  await review(null);
  await record('a review without details');
  const coffee = await review('coffee');
  await record('one coffee');
  await review('boba');
  await record('and one boba');
  await review('tea');
  await review('tea');
  await record('and two teas');
  await review('other');
  await review('other');
  await review('other');
  await record('and three others');
  await db.update(t.posts).set({ drinkGroup: 'boba' }).where(eq(t.posts.id, coffee.id));
  await record('the coffee was boba');
  await db.update(t.posts).set({ establishmentId: two.id }).where(eq(t.posts.id, coffee.id));
  await record('that boba moves to the other place');
  await db.delete(t.posts).where(eq(t.posts.id, coffee.id));
  await record('and is deleted');
  // Hidden people's reviews count toward a place's kind no more than toward its rating (issue 26).
  const erin = await addUser(db, t, 'erin');
  const hide = (values: { deactivatedAt?: Date | null; suspendedAt?: Date | null }) => db.update(t.users).set(values).where(eq(t.users.id, erin.id));
  const reviewByErin = (establishmentId: number) =>
    db.insert(t.posts).values({ userId: erin.id, establishmentId, orderText: 'x', review: 'ok', rating: 4, drinkKind: 'taro', drinkGroup: 'boba' });
  await reviewByErin(one.id);
  await reviewByErin(two.id);
  await record('erin reviews a boba at each');
  await hide({ deactivatedAt: T1 });
  await record('erin deactivates');
  await reviewByErin(two.id);
  await record('and is imported a boba while hidden');
  await hide({ deactivatedAt: null });
  await record('erin comes back');
  await hide({ suspendedAt: T2 });
  await record('erin is suspended');
  await hide({ deactivatedAt: T3 });
  await hide({ suspendedAt: null });
  await record('erin deactivates, then is unsuspended');
  await hide({ deactivatedAt: null });
  await record('erin comes back again');
  await db.delete(t.users).where(eq(t.users.id, erin.id));
  await record('erin is erased');
  return steps;
}

describe('drink mix', () => {
  it('is kept alike on both: a kind counts when a third of the reviews with details are of it', async () => {
    const [[, liteDb, liteTables], [, postgres, pgTables]] = engines();
    const onSqlite = await drinkMixScenario(liteDb, liteTables);
    const onPg = await drinkMixScenario(postgres, pgTables);
    expect(onPg).toEqual(onSqlite);
    expect(onPg).toEqual([
      ['no reviews', 0, 0],
      ['a review without details', 0, 0],
      ['one coffee', 1, 0],
      ['and one boba', 1 | 4, 0],
      ['and two teas', 2, 0],
      ['and three others', 0, 0],
      ['the coffee was boba', 0, 0],
      // Left at the first: a boba, two teas and three others; two of six is a third.
      ['that boba moves to the other place', 2, 4],
      ['and is deleted', 2, 0],
      // Then a boba, a boba, two teas and three others at the first (two of seven is less than a third).
      ['erin reviews a boba at each', 0, 4],
      ['erin deactivates', 2, 0],
      ['and is imported a boba while hidden', 2, 0],
      ['erin comes back', 0, 4],
      ['erin is suspended', 2, 0],
      ['erin deactivates, then is unsuspended', 2, 0],
      ['erin comes back again', 0, 4],
      ['erin is erased', 2, 0],
    ]);
  });
});

describe('columns and slug guards', () => {
  it.each(engines().map(([name]) => name))('round-trip dates, JSON and booleans, and default created_at to now in ms (%s)', async (name) => {
    const [, db, t] = engines().find(([engine]) => engine === name)!;
    const before = Date.now();
    const place = await addPlace(db, t, { details: { hours: ['8-18'], open: true } });
    const person = await addUser(db, t, `round_${name}`);
    expect(place.details).toEqual({ hours: ['8-18'], open: true });
    expect(place.lastPostAt).toBeNull();
    expect(person.verified).toBe(false);
    expect(place.createdAt).toBeInstanceOf(Date);
    expect(place.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(place.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5);
    const [queued] = await db
      .insert(t.mailQueue)
      .values({ toAddress: 'a@example.com', subject: 's', text: 't', headers: { 'List-Unsubscribe': '<x>' }, nextAttemptAt: T1 })
      .returning();
    expect(queued.headers).toEqual({ 'List-Unsubscribe': '<x>' });
    expect(queued.nextAttemptAt).toEqual(T1);
    // Hand-written SQL compares epoch milliseconds on both.
    const due = await db.select({ id: t.mailQueue.id }).from(t.mailQueue).where(sql`${t.mailQueue.nextAttemptAt} <= ${T1.getTime()}`);
    expect(due.map((row) => row.id)).toContain(queued.id);
  });

  it.each(engines().map(([name]) => name))('refuse a place without a slug, and a slug cleared (%s)', async (name) => {
    const [, db, t] = engines().find(([engine]) => engine === name)!;
    expect(await failure(db.insert(t.establishments).values({ placeId: `noslug:${name}`, name: 'X', lat: 0, lng: 0 }))).toContain(
      'establishments.slug is required: insert through insertEstablishment or pass slugify(name, city)',
    );
    const place = await addPlace(db, t);
    expect(await failure(db.update(t.establishments).set({ slug: null }).where(eq(t.establishments.id, place.id)))).toContain(
      'establishments.slug cannot be cleared',
    );
    await db.update(t.establishments).set({ slug: `renamed-${place.id}` }).where(eq(t.establishments.id, place.id));
  });
});

describe('place search on PostgreSQL', () => {
  const search = async (query: string) =>
    (
      await pool.query<{ name: string }>(
        `select name from establishments, to_tsquery('simple', f_unaccent($1)) q
         where establishment_search(name, street, city) @@ q
         order by ts_rank('{0, 0.1, 0.2, 1.0}', establishment_search(name, street, city), q) desc, id`,
        [query],
      )
    ).rows.map((row) => row.name);

  beforeAll(async () => {
    await addPlace(pgDb, pgSchema, { name: 'Café Olé', street: 'Rue de la Paix', city: 'Lyon' });
    await addPlace(pgDb, pgSchema, { name: 'Cafeteria Nord', street: 'Main St', city: 'Oslo' });
  });

  it('finds by word prefixes, with or without accents', async () => {
    expect(await search('caf:* & ole:*')).toEqual(['Café Olé']);
    expect(await search('cafe')).toEqual(['Café Olé']);
    expect(await search('café:*')).toEqual(['Café Olé', 'Cafeteria Nord']);
    expect(await search('olé:* & paix:*')).toEqual(['Café Olé']);
    expect(await search('nowhere')).toEqual([]);
  });

  it('ranks name over street over city, as FTS5 with bm25 weights 10, 2, 1 does', async () => {
    const rows = [
      { name: 'Bistro Zebra', street: 'Quai Sud', city: 'Zermatt' },
      { name: 'Bistro Uno', street: 'Zermatt Road', city: 'Bern' },
      { name: 'Zermatt Tea', street: 'Hill St', city: 'Basel' },
    ];
    for (const row of rows) {
      await addPlace(pgDb, pgSchema, row);
      await addPlace(sqliteDb as unknown as AppDb, sqliteSchema as unknown as Tables, row);
    }
    const onSqlite = sqliteDb.$client
      .prepare(
        `select e.name from establishments_fts f join establishments e on e.id = f.rowid
         where establishments_fts match 'zermatt*' order by bm25(establishments_fts, 10.0, 2.0, 1.0)`,
      )
      .pluck()
      .all();
    expect(onSqlite).toEqual(['Zermatt Tea', 'Bistro Uno', 'Bistro Zebra']);
    expect(await search('zermatt:*')).toEqual(onSqlite);
  });

  it('walks establishments_search_idx', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = (
        await client.query(
          `explain select id from establishments where establishment_search(name, street, city) @@ to_tsquery('simple', f_unaccent('caf:*'))`,
        )
      ).rows
        .map((row: Record<string, string>) => row['QUERY PLAN'])
        .join('\n');
      await client.query('rollback');
      expect(plan).toContain('establishments_search_idx');
    } finally {
      client.release();
    }
  });
});

describe('bounds queries on PostgreSQL', () => {
  const box = { south: 10, north: 11, west: 20, east: 21 };

  beforeAll(async () => {
    // A grid around and across the box's edges, points on the edges included; post counts tie often.
    let n = 0;
    for (let lat = 9.5; lat <= 11.5; lat += 0.25) {
      for (let lng = 19.5; lng <= 21.5; lng += 0.25) {
        const values = { name: `Grid ${++n}`, lat, lng };
        const onPg = await addPlace(pgDb, pgSchema, values);
        const onSqlite = await addPlace(sqliteDb as unknown as AppDb, sqliteSchema as unknown as Tables, values);
        await pool.query('update establishments set post_count = $1 where id = $2', [n % 4, onPg.id]);
        sqliteDb.$client.prepare('update establishments set post_count = ? where id = ?').run(n % 4, onSqlite.id);
      }
    }
  });

  const onPg = async (b: typeof box, limit: number) =>
    (
      await pool.query<{ name: string }>(
        `select name from establishments
         where point(lng, lat) <@ box(point($3, $1), point($4, $2))
           and lat between $1 and $2 and lng between $3 and $4
         order by post_count desc, id desc limit $5`,
        [b.south, b.north, b.west, b.east, limit],
      )
    ).rows.map((row) => row.name);

  const onSqlite = (b: typeof box, limit: number) =>
    sqliteDb.$client
      .prepare(
        `select e.name from establishments_rtree r cross join establishments e
         where e.id = r.id and r.max_lat >= @south and r.min_lat <= @north and r.max_lng >= @west and r.min_lng <= @east
           and +e.lat >= @south and +e.lat <= @north and +e.lng >= @west and +e.lng <= @east
         order by e.post_count desc, e.id desc limit @limit`,
      )
      .pluck()
      .all({ ...b, limit }) as string[];

  it('answer what the R*Tree answers on SQLite, edges included', async () => {
    const inside = onSqlite(box, 1000);
    expect(inside).toHaveLength(25);
    expect(await onPg(box, 1000)).toEqual(inside);
    expect(await onPg(box, 7)).toEqual(onSqlite(box, 7));
    const thin = { south: 10.25, north: 10.25, west: 19, east: 22 };
    expect(await onPg(thin, 100)).toEqual(onSqlite(thin, 100));
    // West east of east: nothing on SQLite, and the `between`s keep it so (box() alone would swap the corners).
    const reversed = { ...box, west: 21, east: 20 };
    expect(onSqlite(reversed, 100)).toEqual([]);
    expect(await onPg(reversed, 100)).toEqual([]);
  });

  it('walks establishments_geo_idx', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const plan = (
        await client.query(
          `explain select id from establishments
           where point(lng, lat) <@ box(point(20, 10), point(21, 11)) and lat between 10 and 11 and lng between 20 and 21
           order by post_count desc, id desc limit 10`,
        )
      ).rows
        .map((row: Record<string, string>) => row['QUERY PLAN'])
        .join('\n');
      await client.query('rollback');
      expect(plan).toContain('establishments_geo_idx');
    } finally {
      client.release();
    }
  });
});
