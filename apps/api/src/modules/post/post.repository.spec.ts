import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, openMigratedDatabase, type DB } from '@siplog/db';
import { queryPlan, RecordingDatabase } from '../../test/recording-database';
import { PostRepository } from './post.repository';

/** The plan SQLite picks for one of the repository's prepared queries, one step a line (`:hidden` is a JSON list). */
const planOf = (database: RecordingDatabase, name: string) => queryPlan(database, name, (placeholder) => (placeholder === 'hidden' ? '[]' : 1));

describe.skipIf(DIALECT === 'pg')('post queries: the plans the design relies on', () => {
  let dir: string;
  let db: DB;
  let database: RecordingDatabase;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-post-plans-'));
    db = openMigratedDatabase(path.join(dir, 'app.db'));
    // Statistics as a busy database has them (ANALYZE of following.bench's data): many reviews, few per person or place.
    db.$client.exec(`analyze; delete from sqlite_stat1;
      insert into sqlite_stat1 values
        ('posts', 'posts_recent_idx', '1000000 1 1'),
        ('posts', 'posts_user_recent_idx', '1000000 50 1 1'),
        ('posts', 'posts_best_orders_idx', '1000000 20 1 1'),
        ('users', null, '20000'),
        ('user_follows', 'sqlite_autoindex_user_follows_1', '4000000 200 1'),
        ('place_follows', 'sqlite_autoindex_place_follows_1', '400000 20 1');
      analyze sqlite_schema;`);
    database = new RecordingDatabase(db);
    new PostRepository(database);
  });
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads a Following page source by source, never walking every review by time nor indexing the sources on the fly", () => {
    for (const query of ['post.following.open', 'post.following.filtered']) {
      const plan = planOf(database, query).join(' | ');
      expect(plan, query).not.toMatch(/USING INDEX posts_recent_idx/);
      expect(plan, query).not.toMatch(/AUTOMATIC/);
      expect(plan, query).not.toMatch(/SCAN posts\b/);
    }
  });
});
