import { Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../common/app-error';

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
} as const;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** Rate limiting lives in the service layer so REST and tRPC share one budget per caller. */
@Injectable()
export class RateLimitService {
  private readonly limiters = new Map<RateLimitPolicy, RateLimiterMemory>();

  async consume(policy: RateLimitPolicy, key: string): Promise<void> {
    try {
      await this.limiterFor(policy).consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection);
      throw rejection;
    }
  }

  /** Gives back one point taken by consume (a login that succeeded). */
  async refund(policy: RateLimitPolicy, key: string): Promise<void> {
    await this.limiterFor(policy).reward(key, 1);
  }

  async reset(policy: RateLimitPolicy, key: string): Promise<void> {
    await this.limiterFor(policy).delete(key);
  }

  private limiterFor(policy: RateLimitPolicy): RateLimiterMemory {
    let limiter = this.limiters.get(policy);
    if (!limiter) {
      limiter = new RateLimiterMemory({ keyPrefix: policy, ...RATE_LIMIT_POLICIES[policy] });
      this.limiters.set(policy, limiter);
    }
    return limiter;
  }
}

function tooManyRequests(state: RateLimiterRes): AppError {
  return new AppError('TOO_MANY_REQUESTS', undefined, Math.ceil(state.msBeforeNext / 1000));
}
