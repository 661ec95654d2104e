import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, SqliteDatabase } from '@siplog/db';
import { EventBus } from './event-bus.service';
import { EventClockRepository } from './event-clock.repository';
import { announcePeopleChanged, PersonMemo } from './person-memo';

describe('PersonMemo', () => {
  let dir: string;
  let db: SqliteDatabase;
  let events: EventBus;
  let memo: PersonMemo<string>;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-person-memo-'));
    db = new SqliteDatabase(openDatabase(path.join(dir, 'app.db')));
    events = new EventBus(db, new EventClockRepository(db));
    memo = new PersonMemo<string>(events, db, 3);
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** As the services use it: remembered, or computed from `read` and remembered. */
  const readThrough = (key: string, person: number, read: () => string) => memo.readThrough(key, async () => ({ person, value: read() }));

  it('answers what it remembers until something about that person is announced', async () => {
    // One node (SQLite): nothing to wait for.
    expect(memo.ready()).toBe(true);
    expect(await readThrough('a', 1, () => 'first')).toBe('first');
    expect(await readThrough('a', 1, () => 'second')).toBe('first');
    expect(await readThrough('b', 2, () => 'other')).toBe('other');
    await announcePeopleChanged(events, [1]);
    expect(await readThrough('a', 1, () => 'second')).toBe('second');
    // Someone else's announcement leaves it alone.
    expect(await readThrough('b', 2, () => 'changed')).toBe('other');
  });

  it('does not keep a value an announcement overtook while it was being read', async () => {
    const since = memo.start();
    await announcePeopleChanged(events, [7]);
    memo.set('late', 7, 'stale', since);
    expect(memo.get('late')).toBeUndefined();
    // Another person's announcement meanwhile does not matter.
    const again = memo.start();
    await announcePeopleChanged(events, [8]);
    memo.set('late', 7, 'fresh', again);
    expect(memo.get('late')).toBe('fresh');
  });

  it("gives each person a version that only grows, with announcements about them or about everyone", async () => {
    const first = memo.versionOf(1);
    await announcePeopleChanged(events, [2]);
    expect(memo.versionOf(1)).toBe(first);
    await announcePeopleChanged(events, [1]);
    const second = memo.versionOf(1);
    expect(second).toBeGreaterThan(first);
    (events as unknown as { local: { emit(name: string): void } }).local.emit('gap');
    expect(memo.versionOf(1)).toBeGreaterThan(second);
    expect(memo.versionOf(2)).toBe(memo.versionOf(1));
  });

  it('forgets everything after a gap in what other nodes said', async () => {
    await readThrough('a', 1, () => 'kept');
    (events as unknown as { local: { emit(name: string): void } }).local.emit('gap');
    expect(await readThrough('a', 1, () => 'read again')).toBe('read again');
  });

  it('forgets everything when another process writes the database file', async () => {
    await readThrough('a', 1, () => 'kept');
    expect(await readThrough('a', 1, () => 'unused')).toBe('kept');
    const other = openDatabase(path.join(dir, 'app.db'));
    try {
      other.$client.exec('create table written_elsewhere (x); insert into written_elsewhere values (1)');
    } finally {
      other.$client.close();
    }
    expect(await readThrough('a', 1, () => 'read again')).toBe('read again');
  });

  it('keeps at most its number of entries, the least recently used going first', async () => {
    for (const [key, person] of [['a', 1], ['b', 2], ['c', 3]] as const) await readThrough(key, person, () => key);
    await readThrough('a', 1, () => 'unused');
    await readThrough('d', 4, () => 'd');
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe('a');
  });
});
