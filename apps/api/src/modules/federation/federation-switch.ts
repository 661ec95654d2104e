import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { FEDERATION_MESSAGES } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { EventBus } from '../events/event-bus.service';
import { FederationRepository } from './federation.repository';

/**
 * Whether this server speaks ActivityPub right now (issue 30): FEDERATION's default until the admin screen's switch
 * is used, then the switch (kept in app_settings, told to every node). Read in memory on every federation request;
 * never on when PUBLIC_URL is not https.
 */
@Injectable()
export class FederationSwitch implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Federation');
  private enabled = false;
  private readonly listeners = new Set<(enabled: boolean) => void>();
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: FederationRepository,
    private readonly events: EventBus,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.federation) return;
    await this.refresh();
    this.unsubscribe.push(
      this.events.subscribe('federation', () => void this.refresh()),
      this.events.onGap(() => void this.refresh()),
    );
  }

  onModuleDestroy(): void {
    for (const stop of this.unsubscribe) stop();
  }

  /** Null when federation can be switched on; else why it cannot. */
  get unavailable(): string | null {
    return this.config.federation ? null : FEDERATION_MESSAGES.unavailable;
  }

  get on(): boolean {
    return this.enabled;
  }

  /** Runs `listener` each time the switch turns (on this node). */
  onChange(listener: (enabled: boolean) => void): void {
    this.listeners.add(listener);
  }

  async set(enabled: boolean): Promise<void> {
    if (!this.config.federation) throw new AppError('BAD_REQUEST', FEDERATION_MESSAGES.unavailable);
    await this.repository.setSwitch(enabled);
    this.apply(enabled);
    this.events.publish('federation', { enabled });
  }

  private async refresh(): Promise<void> {
    try {
      const stored = await this.repository.switchState();
      this.apply(stored ?? this.config.federation?.onByDefault ?? false);
    } catch (error) {
      this.logger.error(`Could not read the federation switch: ${(error as Error).message}`);
    }
  }

  private apply(enabled: boolean): void {
    if (enabled === this.enabled) return;
    this.enabled = enabled;
    if (this.config.federation) this.logger.log(`Federation is ${enabled ? `on: people are @username@${new URL(this.config.federation.origin).host}` : 'off'}`);
    for (const listener of this.listeners) listener(enabled);
  }
}
