import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/**
 * The budgets' one query of our own: rate-limiter-flexible reads and writes `rate_limits` itself (through the pool
 * `Database.nodes` lends it) and leaves the sweeping of expired rows to us.
 */
@Injectable()
export class RateLimitRepository {
  private readonly sweepStatement;

  constructor(@Inject(DATABASE) db: Database) {
    this.sweepStatement = db.statement(`delete from rate_limits where expire < :before`);
  }

  /** Removes budgets that expired before `before` (epoch ms); answers how many. */
  sweepExpired(before: number): Promise<number> {
    return this.sweepStatement.run({ before });
  }
}
