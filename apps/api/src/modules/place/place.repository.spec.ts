import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type DB } from '@siplog/db';
import { PlaceRepository } from './place.repository';

type Prepared = { getQuery(): { sql: string; params: unknown[] } };

/** The plan SQLite picks for one of the repository's prepared queries, one step a line. */
function planOf(db: DB, repository: PlaceRepository, query: string): string[] {
  const { sql, params } = (repository as unknown as Record<string, Prepared>)[query].getQuery();
  const values = params.map((param) => (typeof param === 'object' && param !== null ? 1 : param));
  return db.$client
    .prepare(`explain query plan ${sql}`)
    .all(...values)
    .map((row) => (row as { detail: string }).detail);
}

describe('place queries: the plans the design relies on', () => {
  let dir: string;
  let db: DB;
  let repository: PlaceRepository;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-place-plans-'));
    db = openMigratedDatabase(path.join(dir, 'app.db'));
    repository = new PlaceRepository(db);
  });
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets the R*Tree drive bounds and nearness queries, each candidate then read by primary key', () => {
    for (const query of ['inBoundsQuery', 'nearQuery']) {
      const plan = planOf(db, repository, query);
      expect(plan[0], query).toMatch(/^SCAN \S+ VIRTUAL TABLE INDEX 2:/);
      expect(plan[1], query).toMatch(/^SEARCH \S+ USING INTEGER PRIMARY KEY/);
    }
  });

  it('ranks text matches inside FTS5 before joining, with the box as a list rather than a lookup per place', () => {
    const plan = planOf(db, repository, 'textInBoxQuery').join(' | ');
    expect(plan).toMatch(/SCAN establishments_fts VIRTUAL TABLE INDEX 0:M/);
    expect(plan).not.toMatch(/INDEX 0:=M/);
    expect(plan).toMatch(/LIST SUBQUERY/);
  });
});
