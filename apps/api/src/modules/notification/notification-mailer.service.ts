import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Database } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DATABASE } from '../database/database.module';
import { MailQueue } from '../mail/mail-queue.service';
import { composeNotificationEmail } from './notification-mail';
import { NotificationRepository } from './notification.repository';
import { NotificationService } from './notification.service';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/** At most one notification e-mail per person per this long: what happens meanwhile goes into the next one. */
export const NOTIFICATION_EMAIL_GAP_MS = 15 * 60_000;
/** How often the mailer looks for e-mail to write and mail to send. */
export const MAILER_TICK_MS = 10_000;
/** People written to per tick, so one tick stays short however many wait. */
const DIGESTS_PER_TICK = 200;
/** Every node runs the mailer; on PostgreSQL one at a time holds this lock for a round, and the others skip theirs. */
export const MAILER_LOCK = 'siplog:mailer';

/**
 * Off the request path: turns notifications waiting for e-mail into one message per person (at most one per
 * NOTIFICATION_EMAIL_GAP_MS), queued in the database in the same transaction that clears them, then sends the queue.
 * A restart, even a kill -9, loses nothing: what was not queued is still pending, what was queued is still queued.
 */
@Injectable()
export class NotificationMailer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NotificationMailer.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly repository: NotificationRepository,
    private readonly notifications: NotificationService,
    private readonly queue: MailQueue,
    private readonly tokens: UnsubscribeTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), MAILER_TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * One round, after any under way (never two at once, nor two nodes at once: a node that finds another's round under
   * way skips this one): write the e-mails that are due, then send the queue.
   */
  async tick(now = Date.now()): Promise<void> {
    while (this.running) await this.running;
    this.running = this.round(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(now: number): Promise<void> {
    try {
      await this.db.tryLock(MAILER_LOCK, async () => {
        if (this.config.notificationEmail) await this.writeDue(now);
        await this.queue.sendDue(now);
      });
    } catch (error) {
      this.logger.error(`Notification mail round failed: ${(error as Error).message}`);
    }
  }

  /** Queues one e-mail per person due (nothing e-mailed within the gap), with what waited and is still unread. */
  async writeDue(now: number): Promise<number> {
    let written = 0;
    const sentBefore = now - NOTIFICATION_EMAIL_GAP_MS;
    for (const userId of await this.repository.dueForEmail(sentBefore, DIGESTS_PER_TICK)) {
      await this.repository.transaction(async () => {
        // Checked again in the person's transaction: another round may have written to them since the list was read.
        if (!(await this.repository.holdDigest(userId, sentBefore))) return;
        const { settings } = await this.notifications.emailSettings(userId);
        // Read on the site meanwhile, gone, or a kind turned off since: not worth an e-mail.
        const rows = (await this.repository.pendingEmail(userId)).filter((row) => settings[row.kind]);
        if (rows.length === 0) {
          await this.repository.clearPendingEmail(userId);
          return;
        }
        await this.queue.enqueue(composeNotificationEmail(rows, this.config.publicUrl, (scope) => this.tokens.sign(userId, scope)), now);
        await this.repository.emailed(userId, now);
        written++;
      });
    }
    return written;
  }
}
