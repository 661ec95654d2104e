import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AuthRepository } from './auth.repository';

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Expired or revoked sessions and spent or expired join codes are dead rows: a token or code that has
 * no row is refused the same way, so they are deleted at start-up and every six hours.
 */
@Injectable()
export class AccountHousekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AccountHousekeeping.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly accounts: AuthRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.purge();
    this.timer = setInterval(() => void this.purgeQuietly(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(now = new Date()): Promise<{ sessions: number; codes: number }> {
    const deletedSessions = await this.accounts.purgeDeadSessions(now);
    const deletedCodes = await this.accounts.purgeDeadVerificationCodes(now);
    if (deletedSessions + deletedCodes > 0) {
      this.logger.log(`Purged ${deletedSessions} dead sessions and ${deletedCodes} dead join codes`);
    }
    return { sessions: deletedSessions, codes: deletedCodes };
  }

  /** The timer's purge: a failure is logged and the next one tries again. */
  private async purgeQuietly(): Promise<void> {
    try {
      await this.purge();
    } catch (error) {
      this.logger.error(`Purge failed: ${(error as Error).message}`);
    }
  }
}
