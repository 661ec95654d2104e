import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type DB } from '@siplog/db';
import { RecordingDatabase } from '../../test/recording-database';
import { PlaceRepository } from './place.repository';

/** The plan SQLite picks for one of the repository's prepared queries, one step a line. */
function planOf(database: RecordingDatabase, name: string): string[] {
  const { sql, params } = database.query(name);
  const values = params.map((param) => (typeof param === 'string' ? 1 : param));
  return database.sqlite
    .prepare(`explain query plan ${sql}`)
    .all(...values)
    .map((row) => (row as { detail: string }).detail);
}

describe('place queries: the plans the design relies on', () => {
  let dir: string;
  let db: DB;
  let database: RecordingDatabase;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-place-plans-'));
    db = openMigratedDatabase(path.join(dir, 'app.db'));
    database = new RecordingDatabase(db);
    new PlaceRepository(database);
  });
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets the R*Tree drive bounds and nearness queries, each candidate then read by primary key', () => {
    for (const query of ['place.inBounds', 'place.near']) {
      const plan = planOf(database, query);
      expect(plan[0], query).toMatch(/^SCAN \S+ VIRTUAL TABLE INDEX 2:/);
      expect(plan[1], query).toMatch(/^SEARCH \S+ USING INTEGER PRIMARY KEY/);
    }
  });

  it('ranks text matches inside FTS5 before joining, with the box as a list rather than a lookup per place', () => {
    const plan = planOf(database, 'place.textInBox').join(' | ');
    expect(plan).toMatch(/SCAN establishments_fts VIRTUAL TABLE INDEX 0:M/);
    expect(plan).not.toMatch(/INDEX 0:=M/);
    expect(plan).toMatch(/LIST SUBQUERY/);
  });
});
