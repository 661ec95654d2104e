import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { and, eq, gt, lt } from 'drizzle-orm';
import { PgDatabase, sharedCache, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import { ExpiringCache } from './expiring-cache';

/** Bounds of what one node remembers on SQLite; PostgreSQL keeps rows until they expire and are swept. */
const MEMORY_ENTRIES = 5000;
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Short-lived remembered values every node must see alike (the place search provider's answers, which placeselected
 * may turn into places): in this process's memory on SQLite, in the `shared_cache` table on PostgreSQL.
 */
@Injectable()
export class SharedCacheService implements OnApplicationShutdown {
  private readonly logger = new Logger(SharedCacheService.name);
  private readonly memory = new Map<number, ExpiringCache<string>>();
  private readonly sweeper: NodeJS.Timeout | null = null;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    if (db instanceof PgDatabase) {
      this.sweeper = setInterval(() => {
        db.delete(sharedCache)
          .where(lt(sharedCache.expiresAt, Date.now()))
          .catch((error: Error) => this.logger.warn(`Could not sweep the shared cache: ${error.message}`));
      }, SWEEP_EVERY_MS);
      this.sweeper.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  async get(key: string, ttlMs: number): Promise<string | null> {
    if (!(this.db instanceof PgDatabase)) return this.memoryFor(ttlMs).get(key);
    const [row] = await this.db
      .select({ value: sharedCache.value })
      .from(sharedCache)
      .where(and(eq(sharedCache.key, key), gt(sharedCache.expiresAt, Date.now())));
    return row?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (!(this.db instanceof PgDatabase)) {
      this.memoryFor(ttlMs).set(key, value);
      return;
    }
    const expiresAt = Date.now() + ttlMs;
    await this.db
      .insert(sharedCache)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({ target: sharedCache.key, set: { value, expiresAt } });
  }

  /** One bounded memory per lifetime, so a short-lived kind never pushes out a long-lived one's entries early. */
  private memoryFor(ttlMs: number): ExpiringCache<string> {
    let cache = this.memory.get(ttlMs);
    if (!cache) {
      cache = new ExpiringCache<string>(MEMORY_ENTRIES, ttlMs);
      this.memory.set(ttlMs, cache);
    }
    return cache;
  }
}
