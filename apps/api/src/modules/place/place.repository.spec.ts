import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, openMigratedDatabase, PgDatabase, type DB, type Orm, type Preparable } from '@siplog/db';
import { queryPlan, RecordingDatabase } from '../../test/recording-database';
import { dropTestDatabase, freshTestDatabaseUrl } from '../../test/test-database';
import { PlaceListsRepository } from './place-lists.repository';
import { PlaceRepository } from './place.repository';

/** The plan SQLite picks for one of the repository's prepared queries, one step a line. */
const planOf = (database: RecordingDatabase, name: string) => queryPlan(database, name);

// The R*Tree and FTS5 are SQLite's (PostgreSQL's twins are checked below).
describe.skipIf(DIALECT === 'pg')('place queries: the plans the design relies on', () => {
  let dir: string;
  let db: DB;
  let database: RecordingDatabase;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-place-plans-'));
    db = openMigratedDatabase(path.join(dir, 'app.db'));
    database = new RecordingDatabase(db);
    new PlaceRepository(database);
    new PlaceListsRepository(database);
  });
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets the R*Tree drive bounds and nearness queries, each candidate then read by primary key', () => {
    for (const query of ['place.inBounds.any.any.any', 'place.inBounds.boba.any.any', 'place.inBounds.any.open.working', 'place.near']) {
      const plan = planOf(database, query);
      expect(plan[0], query).toMatch(/^SCAN \S+ VIRTUAL TABLE INDEX 2:/);
      expect(plan[1], query).toMatch(/^SEARCH \S+ USING INTEGER PRIMARY KEY/);
    }
  });

  it('walks a partial rank index for a dense box filtered by Open now or Good for working, in order, rows unread until they pass', () => {
    const walks = (query: string, index: string) => {
      const plan = planOf(database, query).join(' | ');
      expect(plan, query).toMatch(new RegExp(`^SCAN establishments USING INDEX ${index}`));
      expect(plan, query).not.toMatch(/TEMP B-TREE/);
    };
    walks('place.denseBounds.any.any.any', 'establishments_rank_idx');
    walks('place.denseBounds.any.open.any', 'establishments_open_rank_idx');
    walks('place.denseBounds.tea.open.any', 'establishments_open_rank_idx');
    walks('place.denseBounds.any.any.working', 'establishments_working_rank_idx');
  });

  it("reads best orders from posts_best_orders_idx alone, newest first, without sorting", () => {
    const plan = planOf(database, 'placeLists.orders').join(' | ');
    expect(plan).toMatch(/SEARCH posts USING COVERING INDEX posts_best_orders_idx \(establishment_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('ranks text matches inside FTS5 before joining, with the box as a list rather than a lookup per place', () => {
    const plan = planOf(database, 'place.textInBox').join(' | ');
    expect(plan).toMatch(/SCAN establishments_fts VIRTUAL TABLE INDEX 0:M/);
    expect(plan).not.toMatch(/INDEX 0:=M/);
    expect(plan).toMatch(/LIST SUBQUERY/);
  });

  it('reads the place feed in the order of establishments_last_post_idx, never-reviewed places last', () => {
    expect(planOf(database, 'place.feed')).toEqual(['SCAN establishments USING INDEX establishments_last_post_idx']);
  });
});

/** The PostgreSQL Database keeping the SQL of each prepared query by name, as RecordingDatabase does on SQLite. */
class RecordingPgDatabase extends PgDatabase {
  readonly sources = new Map<string, string>();

  override prepared<Result>(name: string, build: (orm: Orm) => Preparable<Result>) {
    const statement = super.prepared(name, build);
    this.sources.set(name, statement.source);
    return statement;
  }
}

describe.skipIf(DIALECT !== 'pg')('place queries on PostgreSQL: the indexes that stand in for the R*Tree and FTS5', () => {
  let url: string;
  let database: RecordingPgDatabase;
  const box = { south: 41.8, north: 42, west: -87.7, east: -87.5 };

  beforeAll(async () => {
    url = (await freshTestDatabaseUrl())!;
    database = new RecordingPgDatabase(url, { max: 1 });
    new PlaceRepository(database);
  });
  afterAll(async () => {
    await database?.close();
    if (url) await dropTestDatabase(url);
  });

  /**
   * The plan of a prepared query for these values (in the order of its $n), with sequential scans priced out: the
   * test database is nearly empty, and the question is whether the query can use the index at all.
   */
  async function planOf(name: string, values: unknown[]): Promise<string> {
    return database.transaction(async () => {
      await database.statement('set local enable_seqscan = off').run();
      await database.statement(`prepare plan_check as ${database.sources.get(name)!}`).run();
      const placeholders = values.map((value) => (typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value)));
      const rows = await database.statement<{ 'QUERY PLAN': string }>(`explain execute plan_check(${placeholders.join(', ')})`).all();
      await database.statement('deallocate plan_check').run();
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('lets establishments_geo_idx drive bounds and nearness queries', async () => {
    // Each query's $n in order: the box's point corners, then the betweens (then the limit).
    const corners = [box.west, box.south, box.east, box.north, box.south, box.north, box.west, box.east];
    // Then the 4.5+ switch (and a kind's name words).
    expect(await planOf('place.inBounds.any.any.any', [...corners, 0, 301])).toContain('establishments_geo_idx');
    expect(await planOf('place.inBounds.boba.any.any', [...corners, 1, '% boba%', '% bubble%', '% pearl%', '% tapioca%', 301])).toContain('establishments_geo_idx');
    expect(await planOf('place.near', corners)).toContain('establishments_geo_idx');
    expect(await planOf('place.boxCount', [...corners, 2000])).toContain('establishments_geo_idx');
  });

  it('walks establishments_rank_idx for a dense box, already in order', async () => {
    expect(await planOf('place.denseBounds.any.any.any', [box.south, box.north, box.west, box.east, 0, 301])).toContain('Index Scan Backward using establishments_rank_idx');
    expect(await planOf('place.denseBounds.tea.any.any', [box.south, box.north, box.west, box.east, 1, '% tea%', '% matcha%', '% chai%', 301])).toContain(
      'Index Scan Backward using establishments_rank_idx',
    );
  });

  it('walks a partial rank index for a dense box filtered by Open now or Good for working', async () => {
    const betweens = [box.south, box.north, box.west, box.east];
    const now = Date.now();
    // Then the 4.5+ switch, the instant (once per comparison) and the limit.
    expect(await planOf('place.denseBounds.any.open.any', [...betweens, 0, now, now, 301])).toContain('Index Scan Backward using establishments_open_rank_idx');
    expect(await planOf('place.denseBounds.any.any.working', [...betweens, 0, 301])).toContain('Index Scan Backward using establishments_working_rank_idx');
  });

  it('finds text matches through establishments_search_idx', async () => {
    expect(await planOf('place.text', ["'grid':* & 'caf':*", "'grid':* & 'caf':*", 10])).toContain('establishments_search_idx');
  });

  it('reads the place feed backwards along establishments_last_post_idx, never-reviewed places last', async () => {
    expect(await planOf('place.feed', [10, 0])).toContain('Index Scan Backward using establishments_last_post_idx');
  });
});
