import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { MapRegionJob } from '@siplog/contracts';
import type { Database, PgListener } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import { EVENTS_CHANNEL as CHANNEL, EventClockRepository } from './event-clock.repository';
import { HeardWatermark } from './heard-watermark';

/**
 * What nodes tell each other: public answers gone stale (their tags), notifications for people (their ids), map
 * regions (a fetch's progress, a fetch over, the set changed), federation switched, and people whose remembered
 * sessions and blocks are stale.
 */
export interface EventTopics {
  cache: string[];
  notification: number[];
  mapRegions: { job?: MapRegionJob; done?: string; changed?: boolean };
  /** The admin switched federation on or off (issue 30). */
  federation: { enabled: boolean };
  /** What nodes remember about these people (their sessions, their blocks) is stale (person-memo.ts). */
  people: number[];
}
export type EventTopic = keyof EventTopics;

/** NOTIFY payloads must stay under 8000 bytes; a larger event goes out as "everything" (null data). */
const MAX_PAYLOAD = 7_900;
/**
 * How long a node waits to hear an announcement it knows was numbered before it gives it up as lost (its transaction
 * rolled back, or its connection died between numbering and commit) and treats the time as a gap. NOTIFY takes a few
 * ms; seconds only on a box overloaded far beyond its budget, where dropping what the node kept is the safe answer.
 */
const HEAR_TIMEOUT_MS = 1_000;

/** An event as it travels to the other nodes. */
interface Sent {
  topic: EventTopic;
  /** null: too large to send; subscribers treat it as touching everything. */
  data: unknown;
}

interface Envelope extends Sent {
  from: string;
  /** Announced events only: the number they took from the clock. */
  seq?: number;
  /** Announced events only: published events that were waiting to go, sent in the same NOTIFY. */
  along?: Sent[] | null;
}

/**
 * Events between the API nodes. Published after the current transaction commits; delivered to this node's
 * subscribers at once and, on PostgreSQL, to every other node through LISTEN/NOTIFY (a few ms later). On SQLite there
 * is one process and the events stay in it. After a lost connection to the database a node cannot know what it
 * missed: `onGap` subscribers then drop what they hold.
 *
 * `announce` is for what must be heard before anything is answered from it (the public cache's invalidations): the
 * event takes a number from a shared sequence in the same statement as its NOTIFY, and the writer waits for that
 * statement before acknowledging. A node that must not act on stale knowledge asks `caughtUp()`: it reads the
 * sequence (one round trip, shared by every request that arrived before it was sent) and waits until it has heard
 * every number up to it.
 */
@Injectable()
export class EventBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EventBus.name);
  private readonly local = new EventEmitter();
  private readonly node = randomBytes(6).toString('hex');
  private listener: PgListener | null = null;
  private readonly heard = new HeardWatermark();
  /** The clock's SQL, when other nodes may be listening. */
  private readonly clockRepository: EventClockRepository | null;
  /** The clock read in flight, and the one to be sent after it for the requests that arrived meanwhile. */
  private reading: Promise<boolean> | null = null;
  private nextReading: Promise<boolean> | null = null;
  /**
   * Events published here and committed whose NOTIFY has not gone yet: they go on the next turn of the event loop,
   * unless an announcement made before then takes them along (a like tells the author's bell and announces what it made
   * stale: one statement instead of two).
   */
  private unsent: Sent[] = [];

  /** Whether other nodes may be listening (PostgreSQL); on SQLite everything happens in this one process. */
  readonly spansNodes: boolean;

  constructor(@Inject(DATABASE) private readonly db: Database, clock: EventClockRepository) {
    this.local.setMaxListeners(0);
    this.spansNodes = db.spansNodes;
    this.clockRepository = this.spansNodes ? clock : null;
  }

  async onModuleInit(): Promise<void> {
    if (!this.db.nodes) return;
    this.listener = await this.db.nodes.listen(CHANNEL, {
      onMessage: (payload) => this.received(payload),
      onGap: () => {
        this.logger.warn('Reconnected to PostgreSQL for events: what other nodes announced meanwhile was missed');
        this.local.emit('gap');
        // Listening again: whatever was numbered before now was covered by the gap.
        this.clock().then(
          (value) => this.heard.settle(value),
          (error: Error) => this.logger.warn(`Could not read the event clock: ${error.message}`),
        );
      },
      onError: (error) => this.logger.warn(`Events connection: ${error.message}`),
    });
    // Listening: what was numbered before now is beside the point (this node keeps nothing yet).
    this.heard.settle(await this.clock());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  /** Announces `data` on `topic` once the current transaction (if any) has committed. */
  publish<T extends EventTopic>(topic: T, data: EventTopics[T]): void {
    this.db.afterCommit(() => {
      this.local.emit(topic, data);
      if (this.db.nodes) this.queue([{ topic, data }]);
    });
  }

  /** Queues events for the other nodes; a non-empty queue always has its sending scheduled. */
  private queue(events: Sent[]): void {
    if (events.length === 0) return;
    if (this.unsent.length === 0) setImmediate(() => this.sendUnsent());
    this.unsent.push(...events);
  }

  /** The published events no announcement took along, each in a NOTIFY of its own. */
  private sendUnsent(): void {
    const nodes = this.db.nodes!;
    for (const { topic, data } of this.unsent.splice(0)) {
      let payload = JSON.stringify({ topic, data, from: this.node } satisfies Envelope);
      if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ topic, data: null, from: this.node } satisfies Envelope);
      nodes.notify(CHANNEL, payload).catch((error: Error) => this.logger.warn(`Could not tell the other nodes (${topic}): ${error.message}`));
    }
  }

  /** As many waiting events, oldest first, as fit in `room` characters of JSON: taken out of the queue, as a JSON array. */
  private takeUnsent(room: number): { events: Sent[]; json: string | null } {
    const events: Sent[] = [];
    let length = 2;
    for (const event of this.unsent) {
      const size = JSON.stringify(event).length + 1;
      if (length + size > room) break;
      events.push(event);
      length += size;
    }
    if (events.length === 0) return { events, json: null };
    this.unsent.splice(0, events.length);
    return { events, json: JSON.stringify(events) };
  }

  /**
   * Announces `data` on `topic` so that no node answers from what it changes once this resolves (see `caughtUp`).
   * Called after the write commits (or inside its transaction, where the NOTIFY waits for the commit). Never throws
   * after a committed write: a failure is logged, and the nodes' next `caughtUp` still reads the clock.
   */
  async announce<T extends EventTopic>(topic: T, data: EventTopics[T]): Promise<void> {
    // Runs at once outside a transaction (afterCommit's contract), which is when waiting events may go along: inside
    // one, this NOTIFY waits for its commit, and would be lost with a rollback.
    let outsideTransaction = false;
    this.db.afterCommit(() => {
      outsideTransaction = true;
      this.local.emit(topic, data);
    });
    if (!this.clockRepository) return;
    let json = JSON.stringify(data);
    if (json.length > MAX_PAYLOAD - 200) json = 'null';
    const along = outsideTransaction ? this.takeUnsent(MAX_PAYLOAD - 200 - json.length) : { events: [], json: null };
    // Inside a transaction a failure aborts it, so the write is not acknowledged either.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.clockRepository.announce(topic, json, this.node, along.json);
        return;
      } catch (error) {
        if (attempt >= 3) {
          this.logger.error(`Could not announce ${topic} to the other nodes: ${(error as Error).message}`);
          // What came along still goes, on its own.
          this.queue(along.events);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  }

  /**
   * Resolves once this node has heard every event announced before the call (true), or could not tell (false: the
   * database did not answer). An announcement numbered but not heard within HEAR_TIMEOUT_MS is given up as lost and
   * `onGap` subscribers drop what they hold, so a true always means nothing announced before the call is unheard.
   * Requests arriving while a read of the clock is in flight share the next one (it is sent after they arrived).
   */
  caughtUp(): Promise<boolean> {
    if (!this.clockRepository) return Promise.resolve(true);
    if (!this.reading) {
      this.reading = this.readClockAndWait().finally(() => {
        this.reading = null;
      });
      return this.reading;
    }
    this.nextReading ??= this.reading.then(() => {
      this.nextReading = null;
      return this.caughtUp();
    });
    return this.nextReading;
  }

  private async readClockAndWait(): Promise<boolean> {
    let value: number;
    try {
      value = await this.clock();
    } catch {
      return false;
    }
    if (await this.heard.waitFor(value, HEAR_TIMEOUT_MS)) return true;
    this.logger.warn(`An announced event (up to ${value}) was not heard within ${HEAR_TIMEOUT_MS} ms: treated as missed`);
    this.local.emit('gap');
    this.heard.settle(value);
    return true;
  }

  private clock(): Promise<number> {
    return this.clockRepository!.clock();
  }

  /** `handler` gets each event on `topic` (null data: it touched everything). Answers the unsubscribe. */
  subscribe<T extends EventTopic>(topic: T, handler: (data: EventTopics[T] | null) => void): () => void {
    this.local.on(topic, handler);
    return () => this.local.off(topic, handler);
  }

  /** `handler` runs when events may have been missed. */
  onGap(handler: () => void): () => void {
    this.local.on('gap', handler);
    return () => this.local.off('gap', handler);
  }

  private received(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.logger.warn('Ignored an event that is not JSON');
      return;
    }
    // Its own announcements count toward what this node has heard; their events it delivered when it published them.
    if (typeof envelope.seq === 'number') this.heard.heard(envelope.seq);
    if (envelope.from === this.node) return;
    this.local.emit(envelope.topic, envelope.data);
    for (const event of envelope.along ?? []) this.local.emit(event.topic, event.data);
  }
}
