import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federationKv } from '@siplog/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { FederationKvSweeper } from './federation-kv.sweeper';
import { DatabaseKvStore } from './federation-kv.store';
import { FederationRepository } from './federation.repository';

/** Fedify's key-value store over the app's database, on the engine under test. */
describe('DatabaseKvStore', () => {
  let app: TestApp;
  let store: DatabaseKvStore;

  beforeAll(async () => {
    app = await startTestApp();
    store = new DatabaseKvStore(app.get(FederationRepository));
  });
  afterAll(() => app.close());

  it('keeps JSON values under keys of several parts, replaces and deletes them', async () => {
    await store.set(['doc', 'https://remote.example/users/ann'], { name: 'Ann', tags: ['a'] });
    expect(await store.get(['doc', 'https://remote.example/users/ann'])).toEqual({ name: 'Ann', tags: ['a'] });
    await store.set(['doc', 'https://remote.example/users/ann'], 7);
    expect(await store.get(['doc', 'https://remote.example/users/ann'])).toBe(7);
    await store.delete(['doc', 'https://remote.example/users/ann']);
    expect(await store.get(['doc', 'https://remote.example/users/ann'])).toBeUndefined();
    await store.delete(['never', 'there']);
  });

  it('forgets a value once its time to live has passed', async () => {
    const ttl = { total: () => 40 } as never;
    await store.set(['short'], 'soon gone', { ttl });
    expect(await store.get(['short'])).toBe('soon gone');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.get(['short'])).toBeUndefined();
  });

  it('lists by a prefix of whole parts: ["a"] is not a prefix of ["ab"]', async () => {
    await store.set(['a', '1'], 1);
    await store.set(['a', '2', 'x'], 2);
    await store.set(['ab', '1'], 3);
    await store.set(['a'], 0);
    const listed = async (prefix?: readonly [string, ...string[]]) => {
      const keys: string[] = [];
      for await (const entry of store.list(prefix)) keys.push(JSON.stringify(entry.key));
      return keys.sort();
    };
    expect(await listed(['a'])).toEqual(['["a","1"]', '["a","2","x"]', '["a"]']);
    expect(await listed(['a', '2'])).toEqual(['["a","2","x"]']);
    expect((await listed()).length).toBeGreaterThanOrEqual(4);
  });

  it('sweeps the rows that have expired and keeps the live ones and those that never expire', async () => {
    const repository = app.get(FederationRepository);
    const now = Date.now();
    await repository.kvSet('["sweep","expired"]', '1', now - 1);
    await repository.kvSet('["sweep","live"]', '2', now + 60_000);
    await repository.kvSet('["sweep","forever"]', '3', null);
    await app.get(FederationKvSweeper).sweep(now);
    const rows = await app.data
      .select({ key: federationKv.key })
      .from(federationKv)
      .where(inArray(federationKv.key, ['["sweep","expired"]', '["sweep","live"]', '["sweep","forever"]']));
    expect(rows.map((row) => row.key).sort()).toEqual(['["sweep","forever"]', '["sweep","live"]']);
  });
});
