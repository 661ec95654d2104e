import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { isNotNull, lt, or } from 'drizzle-orm';
import { sessions, verificationCodes, type DB } from '@siplog/db';
import { SQLITE_DB } from '../database/database.module';

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Expired or revoked sessions and spent or expired join codes are dead rows: a token or code that has
 * no row is refused the same way, so they are deleted at start-up and every six hours.
 */
@Injectable()
export class AccountHousekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AccountHousekeeping.name);
  private timer?: NodeJS.Timeout;

  constructor(@Inject(SQLITE_DB) private readonly db: DB) {}

  onApplicationBootstrap(): void {
    this.purge();
    this.timer = setInterval(() => this.purge(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  purge(now = new Date()): { sessions: number; codes: number } {
    const deletedSessions = this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
      .run().changes;
    const deletedCodes = this.db
      .delete(verificationCodes)
      .where(or(lt(verificationCodes.expiresAt, now), isNotNull(verificationCodes.consumedAt)))
      .run().changes;
    if (deletedSessions + deletedCodes > 0) {
      this.logger.log(`Purged ${deletedSessions} dead sessions and ${deletedCodes} dead join codes`);
    }
    return { sessions: deletedSessions, codes: deletedCodes };
  }
}
