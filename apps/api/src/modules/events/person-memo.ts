import { LRUCache } from 'lru-cache';
import type { Database } from '@siplog/db';
import type { EventBus } from './event-bus.service';

/** Past this many people with a version, the versions start again from empty (and everything remembered goes). */
const MAX_VERSIONS = 200_000;

interface Remembered<V> {
  value: V;
  person: number;
  /** The clock when the value began to be computed: current while nothing about its person was announced since. */
  since: number;
}

/**
 * What this node remembers about people between their requests (a verified session token, whom they block), so a
 * signed-in read does not ask the database again. A write that makes it wrong announces the people it touched on the
 * `people` topic (`announcePeopleChanged`) before it is acknowledged, and from then on nothing remembered about them
 * before it is answered.
 *
 * The rule is the public cache's: a value is kept with the clock as it was *before* it was computed, and is answered
 * only while nothing about its person was announced since, so a value computed while such a write landed is stale
 * when stored. On several nodes (PostgreSQL) `ready()` first waits until this node has heard every announcement made
 * before the request (EventBus.caughtUp, one shared read of the clock); a lost connection to the database drops
 * everything. Another process writing the SQLite file (PRAGMA data_version) drops everything too.
 */
export class PersonMemo<V> {
  private readonly entries: LRUCache<string, Remembered<V>>;
  private readonly versions = new Map<number, number>();
  /** Versions only ever grow; `everything` is the clock of the last announcement that touched everyone. */
  private clock = 0;
  private everything = 0;
  private readonly dataVersion: () => number;
  private lastDataVersion: number;
  private readonly waitsForOtherNodes: boolean;

  constructor(
    private readonly events: EventBus,
    db: Pick<Database, 'dataVersion'>,
    maxEntries: number,
  ) {
    this.entries = new LRUCache<string, Remembered<V>>({ max: maxEntries });
    this.waitsForOtherNodes = events.spansNodes;
    this.dataVersion = db.dataVersion ?? (() => 0);
    this.lastDataVersion = this.dataVersion();
    events.subscribe('people', (people) => this.forget(people));
    events.onGap(() => this.forget(null));
  }

  /**
   * Whether what is remembered may be answered now: at once on one node (true); on several, once every announcement
   * made before the call has been heard (false when that cannot be told: then compute afresh).
   */
  ready(): true | Promise<boolean> {
    this.noticeOtherWriters();
    return this.waitsForOtherNodes ? this.events.caughtUp() : true;
  }

  /** The value remembered for `key`, if nothing about its person was announced since it was computed. Ask after ready(). */
  get(key: string): V | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    if (!this.isCurrent(kept.person, kept.since)) {
      this.entries.delete(key);
      return undefined;
    }
    return kept.value;
  }

  /**
   * Where `person` stands: a number that grows with every announcement about them (or everyone) this node hears, so
   * what was computed for them under one version is never taken for what holds under a later one. Ask after ready().
   */
  versionOf(person: number): number {
    return Math.max(this.everything, this.versions.get(person) ?? 0);
  }

  /** The clock to pass to `set`: take it (after ready()) before reading what will be remembered. */
  start(): number {
    return this.clock;
  }

  /** Remembers `value` about `person`, computed after `since = start()`; not if an announcement about them overtook it. */
  set(key: string, person: number, value: V, since: number): void {
    if (this.isCurrent(person, since)) this.entries.set(key, { value, person, since });
  }

  /**
   * The value for `key`: remembered (and `usable`), else read afresh and remembered. `read` names the person the
   * value is about (known only once read, for a token); null is answered and not remembered.
   */
  async readThrough(key: string, read: () => Promise<{ person: number; value: V } | null>, usable: (value: V) => boolean = () => true): Promise<V | null> {
    const ready = this.ready();
    if (ready === true || (await ready)) {
      const kept = this.get(key);
      if (kept !== undefined && usable(kept)) return kept;
    }
    const since = this.start();
    const fresh = await read();
    if (fresh === null) return null;
    this.set(key, fresh.person, fresh.value, since);
    return fresh.value;
  }

  private isCurrent(person: number, since: number): boolean {
    return this.versionOf(person) <= since;
  }

  /** Announced: these people (null: everyone) changed; nothing remembered about them before now is answered. */
  private forget(people: readonly number[] | null): void {
    if (people === null || this.versions.size + people.length > MAX_VERSIONS) {
      this.versions.clear();
      this.everything = ++this.clock;
      this.entries.clear();
      return;
    }
    for (const person of people) this.versions.set(person, ++this.clock);
  }

  private noticeOtherWriters(): void {
    const version = this.dataVersion();
    if (version === this.lastDataVersion) return;
    this.lastDataVersion = version;
    this.forget(null);
  }
}

/**
 * Tells every node that what it remembers about these people (PersonMemo) is stale: their sessions, their blocks.
 * Await it after the write commits and before acknowledging it.
 */
export function announcePeopleChanged(events: EventBus, people: readonly number[]): Promise<void> {
  return events.announce('people', [...people]);
}
