import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { FederationRepository } from './federation.repository';

/** How often each node sweeps, after the sweep at start-up. */
export const KV_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes Fedify's expired key-value rows (cached remote documents, activities already seen): reads skip them
 * already, so they are only dead weight. At start-up, so a server restarted more often than hourly still sweeps,
 * then hourly. Every node sweeps; two deleting the same rows is harmless.
 */
@Injectable()
export class FederationKvSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Federation');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly repository: FederationRepository) {}

  onModuleInit(): void {
    // Not awaited: a sweep must not hold up the start.
    this.startSweep();
    this.timer = setInterval(() => this.startSweep(), KV_SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Before the database closes: no new sweep, and the one under way finishes. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Deletes the rows that expired before `now` (epoch milliseconds). */
  async sweep(now = Date.now()): Promise<void> {
    await this.repository.kvDeleteExpired(now);
  }

  /** The timer's sweep: one at a time; a failure is logged and the next one tries again. */
  private startSweep(): void {
    if (this.running) return;
    this.running = this.sweep()
      .catch((error: unknown) => this.logger.warn(`Sweeping expired federation key-value rows failed: ${(error as Error).message}`))
      .finally(() => (this.running = undefined));
  }
}
