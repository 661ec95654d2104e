import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import { ExpiringCache } from './expiring-cache';
import { SharedCacheRepository } from './shared-cache.repository';

/** Bounds of what one node remembers on SQLite; PostgreSQL keeps rows until they expire and are swept. */
const MEMORY_ENTRIES = 5000;
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Short-lived remembered values every node must see alike (the place search provider's answers, which placeselected
 * may turn into places): in this process's memory when it is the database's only one (SQLite), in the `shared_cache`
 * table when several nodes share the database (PostgreSQL).
 */
@Injectable()
export class SharedCacheService implements OnApplicationShutdown {
  private readonly logger = new Logger(SharedCacheService.name);
  private readonly memory = new Map<number, ExpiringCache<string>>();
  private readonly sweeper: NodeJS.Timeout | null = null;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: SharedCacheRepository,
  ) {
    if (db.spansNodes) {
      this.sweeper = setInterval(() => {
        repository
          .deleteExpired(Date.now())
          .catch((error: Error) => this.logger.warn(`Could not sweep the shared cache: ${error.message}`));
      }, SWEEP_EVERY_MS);
      this.sweeper.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  async get(key: string, ttlMs: number): Promise<string | null> {
    if (!this.db.spansNodes) return this.memoryFor(ttlMs).get(key);
    return this.repository.findValue(key, Date.now());
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    if (!this.db.spansNodes) {
      this.memoryFor(ttlMs).set(key, value);
      return;
    }
    await this.repository.putValue(key, value, Date.now() + ttlMs);
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
