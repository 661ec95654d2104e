import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, SqliteDatabase } from '@siplog/db';
import type { AppConfig } from '../../config/app.config';
import { EventBus } from '../events/event-bus.service';
import { EventClockRepository } from '../events/event-clock.repository';
import { PublicCacheService } from './public-cache.service';
import { ANY_POST, placeTag, STALE_AFTER } from './public-cache.tags';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-cache-'));
const db = openMigratedDatabase(path.join(dir, 'app.db'));
afterAll(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const database = new SqliteDatabase(db);
const cacheOf = (bytes: number) => new PublicCacheService({ publicCacheBytes: bytes } as AppConfig, database, new EventBus(database, new EventClockRepository(database)));
const answer = (size: number) => ({ headers: [], notModifiedHeaders: [], body: 'x'.repeat(size), bytes: size, etag: '"e"' });

describe('PublicCacheService', () => {
  it('stays under its byte cap, dropping the least recently used answers first', () => {
    const cache = cacheOf(100_000);
    for (let i = 0; i < 100; i += 1) {
      cache.set(`key${i}`, cache.snapshot([]), answer(9_000));
      if (i > 0) cache.get('key0'); // key0 stays in use
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get('key0')).toBeDefined();
    expect(cache.get('key1')).toBeUndefined();
    expect(cache.get('key99')).toBeDefined();
  });

  it('does not keep an answer a write overtook while it was computed, and drops one a later write made stale', async () => {
    const cache = cacheOf(1_000_000);
    const before = cache.snapshot([placeTag(1)]);
    await cache.changed([placeTag(1)]);
    expect(cache.set('place1', before, answer(10))).toBe(false);
    expect(cache.set('place1', cache.snapshot([placeTag(1)]), answer(10))).toBe(true);
    await cache.changed([placeTag(2), ANY_POST]);
    expect(cache.get('place1')).toBeDefined();
    await cache.changed([placeTag(1)]);
    expect(cache.get('place1')).toBeUndefined();
  });

  it('never matches an old answer again after forgetting its tags', async () => {
    const cache = cacheOf(1_000_000);
    await cache.changed([placeTag(7)]);
    cache.set('kept before', cache.snapshot([placeTag(8)]), answer(10));
    // 200,000 distinct tags later the versions start again from empty, and every answer goes with them.
    for (let i = 0; i < 200_001; i += 1) await cache.changed([placeTag(100 + i)]);
    expect(cache.get('kept before')).toBeUndefined();
  });

  it('hears of a write inside a transaction once it commits, through the events, and never of one rolled back', async () => {
    const cache = cacheOf(1_000_000);
    cache.set('place3', cache.snapshot([placeTag(3)]), answer(10));
    await expect(
      database.transaction(async () => {
        await cache.changed(STALE_AFTER.placeAdded(3));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(cache.get('place3')).toBeDefined();
    await database.transaction(async () => {
      await cache.changed(STALE_AFTER.placeAdded(3));
      // Not yet committed: a read in the meantime may still be answered from what was kept.
      expect(cache.get('place3')).toBeDefined();
    });
    expect(cache.get('place3')).toBeUndefined();
  });
});
