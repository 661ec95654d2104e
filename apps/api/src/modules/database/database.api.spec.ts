import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, openAppDatabase, type Database } from '@siplog/db';
import { dropTestDatabase, freshTestDatabaseUrl } from '../../test/test-database';

/** The facade on the database this run is for: what it says it can do, and how a transaction ends. */
describe(`the Database facade on ${DIALECT}`, () => {
  let dir: string;
  let url: string | null;
  let db: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-facade-'));
    url = await freshTestDatabaseUrl();
    db = await openAppDatabase({ databaseUrl: url ?? undefined, databaseFile: path.join(dir, 'app.db') });
  });
  afterAll(async () => {
    await db.close();
    if (url) await dropTestDatabase(url);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names its capabilities, not its engine: nodes on PostgreSQL, a data version and an online backup on SQLite', () => {
    expect(db.spansNodes).toBe(DIALECT === 'pg');
    expect(db.nodes !== null).toBe(DIALECT === 'pg');
    expect(typeof db.dataVersion).toBe(DIALECT === 'pg' ? 'object' : 'function');
    expect(typeof db.onlineBackup).toBe(DIALECT === 'pg' ? 'object' : 'function');
  });

  it('answers the columns named as booleans as booleans', async () => {
    const rows = db.statement<{ yes: boolean; no: boolean; n: number }>('select (1 = 1) as yes, (1 = 2) as no, 2 as n', { booleans: ['yes', 'no'] });
    expect(await rows.get()).toEqual({ yes: true, no: false, n: 2 });
  });

  it('does not take a transaction whose statement failed (its error caught) for committed: on PostgreSQL it rejects', async () => {
    const add = db.statement('insert into app_settings (name, value) values (:name, :value)');
    const count = db.statement<{ n: number }>('select count(*) as n from app_settings where name like :prefix');
    const work = db.transaction(async () => {
      await add.run({ name: 'facade.first', value: 'a' });
      // A duplicate key: PostgreSQL aborts the whole transaction, SQLite only the statement.
      await add.run({ name: 'facade.first', value: 'b' }).catch(() => undefined);
      return 'done';
    });
    if (DIALECT === 'pg') {
      await expect(work).rejects.toThrow('The transaction was rolled back');
      expect((await count.get({ prefix: 'facade.%' }))?.n).toBe(0);
    } else {
      await expect(work).resolves.toBe('done');
      expect((await count.get({ prefix: 'facade.%' }))?.n).toBe(1);
    }
  });
});
