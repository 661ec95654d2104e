import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PgDatabase, type Database, type PgListener } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** What nodes tell each other: public answers gone stale (their tags), and notifications for people (their ids). */
export interface EventTopics {
  cache: string[];
  notification: number[];
}
export type EventTopic = keyof EventTopics;

/** The PostgreSQL channel every node listens on. */
const CHANNEL = 'siplog_events';
/** NOTIFY payloads must stay under 8000 bytes; a larger event goes out as "everything" (null data). */
const MAX_PAYLOAD = 7_900;

interface Envelope {
  topic: EventTopic;
  /** null: too large to send; subscribers treat it as touching everything. */
  data: unknown;
  from: string;
}

/**
 * Events between the API nodes. Published after the current transaction commits; delivered to this node's
 * subscribers at once and, on PostgreSQL, to every other node through LISTEN/NOTIFY (a few ms later). On SQLite there
 * is one process and the events stay in it. After a lost connection to the database a node cannot know what it
 * missed: `onGap` subscribers then drop what they hold.
 */
@Injectable()
export class EventBus implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EventBus.name);
  private readonly local = new EventEmitter();
  private readonly node = randomBytes(6).toString('hex');
  private listener: PgListener | null = null;

  /** Whether other nodes may be listening (PostgreSQL); on SQLite everything happens in this one process. */
  readonly spansNodes: boolean;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.local.setMaxListeners(0);
    this.spansNodes = db instanceof PgDatabase;
  }

  async onModuleInit(): Promise<void> {
    if (!(this.db instanceof PgDatabase)) return;
    this.listener = await this.db.listen(CHANNEL, {
      onMessage: (payload) => this.received(payload),
      onGap: () => {
        this.logger.warn('Reconnected to PostgreSQL for events: what other nodes announced meanwhile was missed');
        this.local.emit('gap');
      },
      onError: (error) => this.logger.warn(`Events connection: ${error.message}`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  /** Announces `data` on `topic` once the current transaction (if any) has committed. */
  publish<T extends EventTopic>(topic: T, data: EventTopics[T]): void {
    this.db.afterCommit(() => {
      this.local.emit(topic, data);
      if (this.db instanceof PgDatabase) {
        let payload = JSON.stringify({ topic, data, from: this.node } satisfies Envelope);
        if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ topic, data: null, from: this.node } satisfies Envelope);
        this.db.notify(CHANNEL, payload).catch((error: Error) => this.logger.warn(`Could not tell the other nodes (${topic}): ${error.message}`));
      }
    });
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
    // This node delivered its own events when it published them.
    if (envelope.from === this.node) return;
    this.local.emit(envelope.topic, envelope.data);
  }
}
