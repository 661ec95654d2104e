import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { PublicCacheService } from '../../public-cache/public-cache.service';
import { STALE_AFTER } from '../../public-cache/public-cache.tags';
import { PlaceHoursService } from './place-hours.service';

/** How often the hours' intervals are rolled forward and the pins' hours clock bumped. */
export const HOURS_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** How often each place's kept open interval moves on once ended: Open now is right to within this. */
export const OPEN_NOW_EVERY_MS = 60 * 1000;
/** Places evaluated per batch: each is a few milliseconds of CPU, so batches yield between them. */
const BATCH = 200;

/**
 * Keeps every place's open intervals reaching HOURS_LIMITS.refreshBelowDays or more ahead, ages the pins' hours
 * (HOURS_CLOCK) as time passes, and by the minute moves each place's kept open interval (Open now) on once it ends. On every node: a refresh is idempotent (it rewrites the same intervals, and only for
 * hours unchanged since it read them) and a clock bump merely recomputes pins once more.
 */
@Injectable()
export class PlaceHoursSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PlaceHoursSweeper.name);
  private timer?: NodeJS.Timeout;
  private openTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private advancing?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly hours: PlaceHoursService,
    private readonly cache: PublicCacheService,
  ) {}

  onApplicationBootstrap(): void {
    this.startSweep();
    this.timer = setInterval(() => this.startSweep(), HOURS_SWEEP_EVERY_MS);
    this.timer.unref();
    this.openTimer = setInterval(() => this.startAdvance(), OPEN_NOW_EVERY_MS);
    this.openTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    clearInterval(this.openTimer);
    await Promise.all([this.running, this.advancing]);
  }

  /** Refreshes every place due, batch by batch, then bumps the clock. */
  async sweep(now = Date.now()): Promise<number> {
    let refreshed = 0;
    for (;;) {
      const batch = await this.hours.refreshDue(BATCH, now);
      refreshed += batch.refreshed;
      if (!batch.more || this.stopping || batch.refreshed === 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.cache.changed(STALE_AFTER.hoursClock());
    if (refreshed > 0) this.logger.log(`Opening hours rolled forward for ${refreshed} places`);
    return refreshed;
  }

  /** One statement, cheap when nothing ended (an index on open_until): every node may run it. */
  private startAdvance(): void {
    if (this.advancing || this.running || this.stopping) return;
    this.advancing = this.hours
      .advanceOpen()
      .catch((error: unknown) => this.logger.error(`Open now could not move on: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.advancing = undefined));
  }

  private startSweep(): void {
    if (this.running || this.stopping) return;
    this.running = this.sweep()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error(`Opening hours sweep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.running = undefined));
  }
}
