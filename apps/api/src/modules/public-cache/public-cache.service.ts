import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Database } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DATABASE } from '../database/database.module';
import { EventBus } from '../events/event-bus.service';
import { EVERYTHING } from './public-cache.tags';

/** An HTTP answer as it is sent again: flat name/value header lists for the 200 and for a 304. */
export interface KeptHttpAnswer {
  headers: string[];
  notModifiedHeaders: string[];
  /** UTF-8 text (JSON or HTML), so Node sends it in one write with the headers. */
  body: string;
  bytes: number;
  etag: string;
}

/** An answer kept ready, with the tags it depends on (EVERYTHING among them) and their versions before it was computed. */
export interface CachedAnswer extends KeptHttpAnswer {
  tags: string[];
  versions: number[];
}

/** What a caller takes before computing an answer: the versions it must still match when it is stored and read. */
export interface CacheSnapshot {
  tags: string[];
  versions: number[];
}

/** Past this many distinct tags (one per place, post and person ever written), the versions start again from empty. */
const MAX_TAGS = 200_000;
/** Header bytes and bookkeeping an entry costs beyond its body, as counted against the byte cap. */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * The signed-out answers of public reads (feed pages, places and their reviews, profiles and their order lists, pins,
 * a post with its comments, the map config, page HTML), kept ready until a write changes what they show.
 *
 * Invalidation is by tag: every answer names the tags it depends on (public-cache.tags.ts) and keeps their versions
 * as they were *before* it was computed; a write bumps the versions of the tags it touches once it has committed
 * and before it is acknowledged. An answer is served only while all its versions are current, so an answer computed
 * while a write landed is already stale when stored, and nothing older than an acknowledged write is ever sent.
 *
 * On several nodes (PostgreSQL) a write's tags are announced to the others before it is acknowledged (EventBus
 * announce: a numbered NOTIFY), and a node answers from what it keeps only once it has heard every announcement
 * numbered before the request arrived (`caughtUp`, one shared read of the clock): the same rule on any number of nodes.
 *
 * Other processes sharing the SQLite file commit behind this process's back: `PRAGMA data_version` tells, and then
 * everything is dropped (which tags they touched is unknown here). Memory is capped in bytes, least recently used out.
 */
@Injectable()
export class PublicCacheService {
  readonly enabled: boolean;
  /** Kept answers must wait for `caughtUp()` before they are sent: other nodes write too. */
  readonly waitsForOtherNodes: boolean;
  private readonly answers: LRUCache<string, CachedAnswer> | null;
  private readonly versions = new Map<string, number>();
  /** Versions only ever grow, so a tag that was forgotten (MAX_TAGS) and bumped again never matches an old answer. */
  private clock = 0;
  private readonly dataVersion: () => number;
  private lastDataVersion: number;
  private hits = 0;
  private misses = 0;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: Database,
    private readonly events: EventBus,
  ) {
    this.enabled = config.publicCacheBytes > 0;
    this.waitsForOtherNodes = this.enabled && events.spansNodes;
    this.answers = this.enabled
      ? new LRUCache<string, CachedAnswer>({
          maxSize: config.publicCacheBytes,
          sizeCalculation: (answer, key) => answer.bytes + key.length + ENTRY_OVERHEAD_BYTES,
        })
      : null;
    // PostgreSQL has no such counter; its other writers are other nodes, heard of through the database's notifications.
    this.dataVersion = db.dataVersion ?? (() => 0);
    this.lastDataVersion = this.dataVersion();
    // Writes, this node's once they commit (changed() below) and other nodes' a few ms after theirs (null: too many
    // to send, so everything): the events' one way of running code after a commit. caughtUp() makes a kept answer
    // wait for other nodes' writes.
    events.subscribe('cache', (tags) => this.bump(tags ?? [EVERYTHING]));
    events.onGap(() => this.bump([EVERYTHING]));
  }

  /** The current versions of these tags (and of EVERYTHING): take it before computing the answer to store. */
  snapshot(tags: readonly string[]): CacheSnapshot {
    this.noticeOtherWriters();
    const all = [EVERYTHING, ...tags];
    return { tags: all, versions: all.map((tag) => this.versions.get(tag) ?? 0) };
  }

  /**
   * Resolves once every write acknowledged before the call is known here (true), or false when that cannot be told
   * (the database does not answer): then nothing kept may be sent. At once on one node.
   */
  caughtUp(): Promise<boolean> {
    return this.events.caughtUp();
  }

  /** Whether an answer is kept for this key, current or not: a cheap first look before waiting on `caughtUp()`. */
  holds(key: string): boolean {
    return this.answers?.has(key) ?? false;
  }

  /**
   * The answer kept for this key, if every tag it depends on is unchanged since it was computed. With
   * `waitsForOtherNodes`, only as current as what this node has heard: ask again after `caughtUp()` before sending.
   */
  get(key: string): CachedAnswer | undefined {
    if (!this.answers) return undefined;
    const answer = this.answers.get(key);
    if (!answer) {
      this.misses += 1;
      return undefined;
    }
    // Only a found answer needs the other-writers check: assets, images and tiles pass here too and never hit.
    this.noticeOtherWriters();
    if (!this.isCurrent(answer)) {
      this.answers.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return answer;
  }

  /** Keeps an answer computed after `snapshot` was taken; one a write has overtaken meanwhile is not kept. */
  set(key: string, snapshot: CacheSnapshot, kept: KeptHttpAnswer): boolean {
    if (!this.answers || !this.isCurrent(snapshot)) return false;
    this.answers.set(key, { ...kept, ...snapshot });
    return true;
  }

  /**
   * A write has committed (or commits with the current transaction): answers depending on any of these tags (what
   * STALE_AFTER names for the write) are stale from then on, here and, once this resolves, on every other node.
   * Await it before acknowledging the write.
   */
  changed(tags: readonly string[]): Promise<void> {
    return this.events.announce('cache', [...tags]);
  }

  private bump(tags: readonly string[]): void {
    if (this.versions.size + tags.length > MAX_TAGS) {
      this.versions.clear();
      // Answers that kept version 0 of a tag bumped before the reset would match again: drop them all.
      this.answers?.clear();
    }
    for (const tag of tags) this.versions.set(tag, ++this.clock);
  }

  /** Counters for the bench and the tests. */
  stats(): { entries: number; bytes: number; hits: number; misses: number } {
    return { entries: this.answers?.size ?? 0, bytes: this.answers?.calculatedSize ?? 0, hits: this.hits, misses: this.misses };
  }

  private isCurrent(answer: CacheSnapshot): boolean {
    for (let i = 0; i < answer.tags.length; i += 1) {
      if ((this.versions.get(answer.tags[i]) ?? 0) !== answer.versions[i]) return false;
    }
    return true;
  }

  /** Another process committed to the database: what changed is unknown, so every answer goes. */
  private noticeOtherWriters(): void {
    const version = this.dataVersion();
    if (version === this.lastDataVersion) return;
    this.lastDataVersion = version;
    this.bump([EVERYTHING]);
  }
}
