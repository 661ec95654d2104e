import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/**
 * Spends one point of a budget in `rate_limits` inside a write's own statement, as a CTE (PostgreSQL, where the nodes
 * share the budgets): the upsert rate-limiter-flexible runs for `consume`, so both count one row alike. Parameters:
 * :budgetKey (null: nothing to spend), :budgetNow and :budgetExpire (epoch ms, the window's end if it starts now).
 * Answers the points spent in the window and when it ends.
 */
export const SPEND_BUDGET_SQL = `insert into rate_limits (key, points, expire)
    select cast(:budgetKey as text), 1, cast(:budgetExpire as bigint) where cast(:budgetKey as text) is not null
  on conflict (key) do update set
    points = case when rate_limits.expire <= cast(:budgetNow as bigint) then 1 else rate_limits.points + 1 end,
    expire = case when rate_limits.expire <= cast(:budgetNow as bigint) then excluded.expire else rate_limits.expire end
  returning points, expire`;

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
