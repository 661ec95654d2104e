import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { MailQueueRepository, type QueuedRow } from './mail-queue.repository';
import { MailService, type OutgoingMail } from './mail.service';

/** How long a sender owns a message it took: longer than any SMTP exchange, so only a dead sender's claim runs out. */
export const MAIL_CLAIM_MS = 5 * 60_000;

/** Wait before attempt n + 1 after n failures: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000 * 2 ** (failures - 1), 6 * 60 * 60_000);
}

/**
 * Mail kept in the database until it is sent: enqueue inside the transaction that decides to send it, and
 * `sendDue` sends what is due, one message at a time, each claimed first so that two senders (or a restarted one)
 * never both send it. A failure is logged and retried with backoff. A process killed between handing a message to
 * SMTP and marking it sent sends it again when its claim runs out, with the same Message-ID (the outbox writes it
 * once): that window is the only way a message goes twice. The Message-ID is random, written with the row: row ids
 * come again after a restore or a reset, and some mail services drop a Message-ID they have seen.
 */
@Injectable()
export class MailQueue {
  private readonly logger = new Logger(MailQueue.name);

  constructor(
    private readonly repository: MailQueueRepository,
    private readonly mail: MailService,
  ) {}

  async enqueue(mail: Required<Pick<OutgoingMail, 'to' | 'subject' | 'text'>> & { headers: Record<string, string> }, now = Date.now()): Promise<void> {
    await this.repository.enqueue({ to: mail.to, subject: mail.subject, text: mail.text, headers: JSON.stringify(mail.headers), now, messageId: randomUUID() });
  }

  /** Takes the oldest message due at `now` for MAIL_CLAIM_MS, or answers undefined when none is left to take. */
  claim(now: number): Promise<QueuedRow | undefined> {
    return this.repository.claim(now, now + MAIL_CLAIM_MS);
  }

  /** Sends every message due now, one by one; how many went. */
  async sendDue(now = Date.now()): Promise<number> {
    let sent = 0;
    for (;;) {
      const row = await this.claim(now);
      if (!row) return sent;
      try {
        await this.mail.send({ to: row.toAddress, subject: row.subject, text: row.text, headers: JSON.parse(row.headers) as Record<string, string>, key: `mail-${row.messageId}` });
        await this.repository.markSent(row.id, Date.now());
        sent++;
      } catch (error) {
        const failures = row.attempts + 1;
        const delay = retryDelayMs(failures);
        await this.repository.markFailed(row.id, Date.now() + delay, String((error as Error).message ?? error).slice(0, 500));
        this.logger.error(`Mail ${row.id} to ${row.toAddress} failed (attempt ${failures}), next try in ${Math.round(delay / 60_000)} min: ${(error as Error).message}`);
      }
    }
  }
}
