import { Inject, Injectable } from '@nestjs/common';
import type { Database, Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** The PostgreSQL channel every node listens on. */
export const EVENTS_CHANNEL = 'siplog_events';
/** The sequence numbering announced events (drizzle-pg migration 0007). */
const CLOCK = 'event_clock';

/**
 * The events' SQL, PostgreSQL's only (nodes share a database there; on SQLite the bus never calls it): an
 * announcement numbered and sent in one statement, and the clock of numbers handed out.
 */
@Injectable()
export class EventClockRepository {
  private readonly statements: { announce: Statement<unknown>; clock: Statement<{ value: string | number }> };

  constructor(@Inject(DATABASE) db: Database) {
    this.statements = {
      // One statement, so the number and the NOTIFY go together (in the caller's transaction when there is one). Named:
      // it and the clock run on nearly every write and signed-in request, and are parsed once per connection so.
      announce: db.statement(
        `select pg_notify('${EVENTS_CHANNEL}', json_build_object('topic', cast(:topic as text), 'data', cast(:data as json),
            'from', cast(:from as text), 'seq', nextval('${CLOCK}'), 'along', cast(:along as json))::text)`,
        { name: 'events.announce' },
      ),
      clock: db.statement<{ value: string | number }>(`select case when is_called then last_value else 0 end as value from ${CLOCK}`, { name: 'events.clock' }),
    };
  }

  /**
   * Sends `data` (JSON) on `topic` to every node with the next number of the clock, and in the same NOTIFY the events
   * `along` (a JSON array of {topic, data}, or null) that were waiting to go.
   */
  async announce(topic: string, data: string, from: string, along: string | null = null): Promise<void> {
    await this.statements.announce.run({ topic, data, from, along });
  }

  /** The last number handed out (0 before the first). */
  async clock(): Promise<number> {
    const row = await this.statements.clock.get();
    return Number(row?.value ?? 0);
  }
}
