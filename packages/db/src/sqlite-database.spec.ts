import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from './client';
import { SqliteDatabase, TransactionSpannedError } from './sqlite-database';

const opened: Array<{ dir: string; db: SqliteDatabase }> = [];
function freshDatabase(): SqliteDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-facade-'));
  const db = new SqliteDatabase(openMigratedDatabase(path.join(dir, 'app.db')));
  opened.push({ dir, db });
  db.sqlite.exec('create table items (id integer primary key, label text not null, flag integer not null default 0)');
  return db;
}
afterEach(async () => {
  for (const { dir, db } of opened.splice(0)) {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const labels = (db: SqliteDatabase) => db.statement<{ label: string }>('select label from items order by id').all();

describe('SqliteDatabase', () => {
  it('runs named statements, binding booleans as 1 and 0, and counts changed rows', async () => {
    const db = freshDatabase();
    const add = db.statement('insert into items (label, flag) values (:label, :flag)');
    expect(await add.run({ label: 'a', flag: true })).toBe(1);
    expect(await add.run({ label: 'b', flag: false })).toBe(1);
    expect(await db.statement<{ label: string }>('select label from items where flag = :flag').all({ flag: true })).toEqual([{ label: 'a' }]);
    expect(await db.statement('update items set flag = 1').run()).toBe(2);
    expect(await db.statement('select 1 from items where id = :id').get({ id: 9 })).toBeUndefined();
  });

  it('answers the columns named as booleans as booleans (SQLite stores 0/1), and the rest as stored', async () => {
    const db = freshDatabase();
    await db.statement('insert into items (label, flag) values (:label, :flag)').run({ label: 'a', flag: true });
    await db.statement('insert into items (label, flag) values (:label, :flag)').run({ label: 'b', flag: false });
    const rows = db.statement<{ label: string; flag: boolean }>('select label, flag from items order by id', { booleans: ['flag'] });
    expect(await rows.all()).toEqual([
      { label: 'a', flag: true },
      { label: 'b', flag: false },
    ]);
    expect(await rows.get()).toEqual({ label: 'a', flag: true });
    expect(await db.statement('select flag from items where id = 9', { booleans: ['flag'] }).get()).toBeUndefined();
    expect(await db.statement<{ flag: number }>('select flag from items order by id').all()).toEqual([{ flag: 1 }, { flag: 0 }]);
  });

  it('names what it can do: one process, a data version that moves when another connection commits, an online backup', async () => {
    const db = freshDatabase();
    expect(db.spansNodes).toBe(false);
    expect(db.nodes).toBeNull();
    const before = db.dataVersion();
    await db.statement('insert into items (label) values (:label)').run({ label: 'own write' });
    expect(db.dataVersion()).toBe(before);
    const other = new SqliteDatabase(openMigratedDatabase(db.sqlite.name));
    await other.statement('insert into items (label) values (:label)').run({ label: 'another process' });
    await other.close();
    expect(db.dataVersion()).not.toBe(before);
    const copy = path.join(path.dirname(db.sqlite.name), 'copy.db');
    expect(await db.onlineBackup(copy)).toEqual(['ok']);
    expect(fs.statSync(copy).size).toBeGreaterThan(0);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = freshDatabase();
    const add = db.statement('insert into items (label) values (:label)');
    await db.transaction(async () => {
      await add.run({ label: 'kept' });
    });
    await expect(
      db.transaction(async () => {
        await add.run({ label: 'lost' });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await labels(db)).toEqual([{ label: 'kept' }]);
  });

  it('nests as savepoints: an inner failure caught inside keeps the outer work', async () => {
    const db = freshDatabase();
    const add = db.statement('insert into items (label) values (:label)');
    await db.transaction(async () => {
      await add.run({ label: 'outer' });
      await db
        .transaction(async () => {
          await add.run({ label: 'inner' });
          throw new Error('inner fails');
        })
        .catch(() => undefined);
      await add.run({ label: 'after' });
    });
    expect(await labels(db)).toEqual([{ label: 'outer' }, { label: 'after' }]);
  });

  it('runs transactions started together one after the other', async () => {
    const db = freshDatabase();
    const add = db.statement('insert into items (label) values (:label)');
    const both = ['first', 'second'].map((label) =>
      db.transaction(async () => {
        await add.run({ label });
        await add.run({ label: `${label} again` });
      }),
    );
    await Promise.all(both);
    expect((await labels(db)).map((row) => row.label)).toEqual(['first', 'first again', 'second', 'second again']);
  });

  it('refuses and rolls back a transaction that waits for something other than the database', async () => {
    const db = freshDatabase();
    const add = db.statement('insert into items (label) values (:label)');
    await expect(
      db.transaction(async () => {
        await add.run({ label: 'waited' });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }),
    ).rejects.toBeInstanceOf(TransactionSpannedError);
    expect(await labels(db)).toEqual([]);
    expect(db.sqlite.inTransaction).toBe(false);
  });
});

describe('SqliteDatabase after a transaction', () => {
  it('leaves no transaction context behind: work a transaction set going runs as outside one once it is over', async () => {
    // Node 24's AsyncLocalStorage hands the transaction's store to this continuation even after `disable()`.
    const db = freshDatabase();
    let later: Promise<void> = Promise.resolve();
    let ran = false;
    await db.transaction(async () => {
      await db.statement('insert into items (label) values (:label)').run({ label: 'x' });
      later = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => db.afterCommit(() => (ran = true)));
    });
    await later;
    expect(ran).toBe(true);
  });
});
