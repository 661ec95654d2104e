import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Database, NodeLink } from '@siplog/db';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../common/app-error';
import { HOURS_LIMITS } from '@siplog/contracts';
import { DATABASE } from '../database/database.module';
import { RateLimitRepository } from './rate-limit.repository';

/** Named budgets: how many calls a key (usually the client IP) may make per window. */
export const RATE_LIMIT_POLICIES = {
  contact: { points: 5, duration: 10 * 60 },
  clientLog: { points: 30, duration: 60 },
  /** Per client IP and per e-mail: codes cost an e-mail each. */
  verificationCodeByIp: { points: 10, duration: 10 * 60 },
  verificationCodeByEmail: { points: 3, duration: 10 * 60 },
  register: { points: 10, duration: 10 * 60 },
  /**
   * Login attempts, taken up front and refunded on success: per IP, and per IP + account, so nobody can
   * lock a person out from elsewhere and a busy office is not locked out by its own successful logins.
   */
  loginAttemptsByIp: { points: 30, duration: 10 * 60 },
  loginAttemptsByAccount: { points: 8, duration: 10 * 60 },
  /** Per account: a stolen token must not become an unlimited guesser of the current password. */
  currentPasswordChecks: { points: 10, duration: 10 * 60 },
  imageUpload: { points: 30, duration: 10 * 60 },
  tempPasswordByIp: { points: 5, duration: 10 * 60 },
  tempPasswordByEmail: { points: 3, duration: 60 * 60 },
  usernameCheck: { points: 60, duration: 60 },
  search: { points: 60, duration: 60 },
  /** New places from a provider's search result (placeselected), per client IP. */
  placeCreateByIp: { points: 30, duration: 10 * 60 },
  /** Places a person adds by dropping a pin, per account. */
  placeAddByAccount: { points: 10, duration: 60 * 60 },
  /** Comments per account: enough for a lively thread, not for a flood. */
  comment: { points: 30, duration: 10 * 60 },
  /** Reports per account (issue 17): enough to flag a bad thread, not to flood the admins' queue. */
  report: { points: 20, duration: 60 * 60 },
  /** Reviews with photos cost real disk and CPU: plenty for a busy afternoon of tasting, not a flood. */
  postCreateByAccount: { points: 30, duration: 60 * 60 },
  /** REST feed pages past FEED_SKIP_FREE, per client IP: each walks thousands of reviews while the server waits. */
  deepFeedPageByIp: { points: 20, duration: 60 },
  /** Handles looked up on other servers (issue 30), per account: each asks a server elsewhere (WebFinger, actor). */
  remoteLookup: { points: 30, duration: 10 * 60 },
  /** Changes of a place's opening hours per account (issue 31), reverts included: fixing a few places, not vandalising many. */
  hoursChange: { points: HOURS_LIMITS.changesPerHour, duration: 60 * 60 },
} as const;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** One point of a budget for a write to spend in its own statement (SPEND_BUDGET_SQL's parameters, and the limit). */
export interface BudgetSpend {
  budgetKey: string;
  budgetNow: number;
  budgetExpire: number;
  /** The points the window allows. */
  budgetPoints: number;
}

/** A budget as the write's statement left it: the points spent in its window, and when the window ends (epoch ms). */
export interface BudgetState {
  points: number;
  expire: number;
}

/** How often expired budgets are swept from PostgreSQL, and how long past expiry they are kept (a few ms of clock skew between nodes). */
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_AFTER_MS = 60 * 60_000;

/**
 * Rate limiting lives in the service layer so REST and tRPC share one budget per caller. One process on SQLite keeps
 * the budgets in memory; on PostgreSQL every node counts in the shared `rate_limits` table (one atomic upsert per
 * call), with this node's memory as the fallback while the database cannot answer.
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<RateLimitPolicy, RateLimiterAbstract>();
  /** Set when several nodes share the database, so they count one budget per caller between them. */
  private readonly shared: NodeLink | null;
  private readonly sweeper: NodeJS.Timeout | null = null;

  constructor(@Inject(DATABASE) db: Database, repository: RateLimitRepository) {
    this.shared = db.nodes;
    if (this.shared) {
      this.sweeper = setInterval(() => {
        repository.sweepExpired(Date.now() - SWEEP_AFTER_MS).catch((error: Error) => {
          this.logger.warn(`Could not sweep expired rate limits: ${error.message}`);
        });
      }, SWEEP_EVERY_MS);
      this.sweeper.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  async consume(policy: RateLimitPolicy, key: string): Promise<void> {
    try {
      await this.limiterFor(policy).consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
      throw rejection;
    }
  }

  /**
   * One point for a write to spend in its own statement, a round trip fewer on a hot path: where the nodes share the
   * budgets in the database, what the statement spends (SPEND_BUDGET_SQL), to be checked after it with `assertWithin`
   * (the statement writes nothing when the budget is spent); kept in memory (one node), the point is spent here at once
   * (429 when spent) and the write spends nothing (null). Either way every call counts, as with `consume`.
   */
  async spendInWrite(policy: RateLimitPolicy, key: string): Promise<BudgetSpend | null> {
    if (!this.shared) {
      await this.consume(policy, key);
      return null;
    }
    const { points, duration } = RATE_LIMIT_POLICIES[policy];
    const now = Date.now();
    // The key as rate-limiter-flexible writes it (keyPrefix:key), so `consume` elsewhere counts the same budget.
    return { budgetKey: `${policy}:${key}`, budgetNow: now, budgetExpire: now + duration * 1000, budgetPoints: points };
  }

  /** 429 when the write's statement found the budget spent (and so wrote nothing). */
  assertWithin(spend: BudgetSpend | null, state: BudgetState | null): void {
    if (spend && state && state.points > spend.budgetPoints) throw tooManyRequests(Math.max(state.expire - Date.now(), 0));
  }

  /** Gives back one point taken by consume (a login that succeeded). */
  async refund(policy: RateLimitPolicy, key: string): Promise<void> {
    await this.limiterFor(policy).reward(key, 1);
  }

  async reset(policy: RateLimitPolicy, key: string): Promise<void> {
    await this.limiterFor(policy).delete(key);
  }

  private limiterFor(policy: RateLimitPolicy): RateLimiterAbstract {
    let limiter = this.limiters.get(policy);
    if (!limiter) {
      const options = { keyPrefix: policy, ...RATE_LIMIT_POLICIES[policy] };
      limiter = this.shared
        ? new RateLimiterPostgres({
            ...options,
            storeClient: this.shared.pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            // The table comes with the migrations (both schemas), and the sweep above replaces the library's timers.
            tableCreated: true,
            clearExpiredByTimeout: false,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(policy, limiter);
    }
    return limiter;
  }
}

function tooManyRequests(msBeforeNext: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', undefined, Math.ceil(msBeforeNext / 1000));
}
