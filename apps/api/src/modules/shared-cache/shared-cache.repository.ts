import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { sharedCache, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

const P = sql.placeholder;

/** Every read and write of shared_cache; reads and writes follow place searches, so they are prepared once. */
@Injectable()
export class SharedCacheRepository {
  private readonly valueQuery;
  private readonly putQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.valueQuery = db.prepared('sharedCache.value', (orm) =>
      orm
        .select({ value: sharedCache.value })
        .from(sharedCache)
        .where(and(eq(sharedCache.key, P('key')), gt(sharedCache.expiresAt, P('now')))),
    );
    this.putQuery = db.prepared('sharedCache.put', (orm) =>
      orm
        .insert(sharedCache)
        .values({ key: P('key'), value: P('value'), expiresAt: P('expiresAt') })
        // Drizzle's update set takes no bare placeholder: wrapped in sql, it binds the same parameter again.
        .onConflictDoUpdate({ target: sharedCache.key, set: { value: sql`${P('value')}`, expiresAt: sql`${P('expiresAt')}` } }),
    );
  }

  /** The value kept under `key` that has not expired by `now` (epoch ms), or null. */
  async findValue(key: string, now: number): Promise<string | null> {
    return (await this.valueQuery.get({ key, now }))?.value ?? null;
  }

  /** Keeps `value` under `key` until `expiresAt` (epoch ms), replacing what was kept. */
  async putValue(key: string, value: string, expiresAt: number): Promise<void> {
    await this.putQuery.run({ key, value, expiresAt });
  }

  /** Forgets every value expired before `now` (epoch ms): a sweep every few minutes, so a plain builder. */
  async deleteExpired(now: number): Promise<void> {
    await this.db.delete(sharedCache).where(lt(sharedCache.expiresAt, now));
  }
}
