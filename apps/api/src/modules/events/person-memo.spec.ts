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

  /** As the services use it: remembered when missing, computed from `read` otherwise. */
  const readThrough = (key: string, person: number, read: () => string) => {
    expect(memo.ready()).toBe(true);
    const kept = memo.get(key);
    if (kept !== undefined) return kept;
    const since = memo.start();
    const value = read();
    memo.set(key, person, value, since);
    return value;
  };

  it('answers what it remembers until something about that person is announced', async () => {
    expect(readThrough('a', 1, () => 'first')).toBe('first');
    expect(readThrough('a', 1, () => 'second')).toBe('first');
    expect(readThrough('b', 2, () => 'other')).toBe('other');
    await announcePeopleChanged(events, [1]);
    expect(readThrough('a', 1, () => 'second')).toBe('second');
    // Someone else's announcement leaves it alone.
    expect(readThrough('b', 2, () => 'changed')).toBe('other');
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

  it('forgets everything after a gap in what other nodes said', () => {
    readThrough('a', 1, () => 'kept');
    (events as unknown as { local: { emit(name: string): void } }).local.emit('gap');
    expect(readThrough('a', 1, () => 'read again')).toBe('read again');
  });

  it('forgets everything when another process writes the database file', async () => {
    readThrough('a', 1, () => 'kept');
    expect(readThrough('a', 1, () => 'unused')).toBe('kept');
    const other = openDatabase(path.join(dir, 'app.db'));
    try {
      other.$client.exec('create table written_elsewhere (x); insert into written_elsewhere values (1)');
    } finally {
      other.$client.close();
    }
    expect(readThrough('a', 1, () => 'read again')).toBe('read again');
  });

  it('keeps at most its number of entries, the least recently used going first', () => {
    for (const [key, person] of [['a', 1], ['b', 2], ['c', 3]] as const) readThrough(key, person, () => key);
    readThrough('a', 1, () => 'unused');
    readThrough('d', 4, () => 'd');
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe('a');
  });
});
