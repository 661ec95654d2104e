import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Database, Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import { MailService, type OutgoingMail } from './mail.service';

/** How long a sender owns a message it took: longer than any SMTP exchange, so only a dead sender's claim runs out. */
export const MAIL_CLAIM_MS = 5 * 60_000;

/** Wait before attempt n + 1 after n failures: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000 * 2 ** (failures - 1), 6 * 60 * 60_000);
}

export interface QueuedRow {
  id: number;
  toAddress: string;
  subject: string;
  text: string;
  headers: string;
  attempts: number;
  /** The Message-ID's unique part, written with the row (migration 0010 gave the rows queued before one). */
  messageId: string;
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
  private readonly statements: { enqueue: Statement<never>; claim: Statement<QueuedRow>; sent: Statement<never>; failed: Statement<never> };

  constructor(
    @Inject(DATABASE) db: Database,
    private readonly mail: MailService,
  ) {
    // The oldest due message nobody holds. On PostgreSQL several nodes claim at once: the subquery locks the row it picks
    // and passes over rows another claim has locked, so each message goes to one sender (without it, two claims read
    // the same row and both update it). SQLite has one writer: a claim runs whole before the next.
    const claim = (lock: string) => `update mail_queue set claimed_until = :until where id = (
          select id from mail_queue where sent_at is null and next_attempt_at <= :now and (claimed_until is null or claimed_until <= :now)
          order by next_attempt_at, id limit 1${lock})
        returning id, to_address as "toAddress", subject, text, headers, attempts, message_id as "messageId"`;
    this.statements = {
      enqueue: db.statement(`insert into mail_queue (to_address, subject, text, headers, next_attempt_at, message_id)
        values (:to, :subject, :text, :headers, :now, :messageId)`),
      claim: db.statement<QueuedRow>({ sqlite: claim(''), pg: claim(' for update skip locked') }),
      sent: db.statement(`update mail_queue set sent_at = :now, claimed_until = null where id = :id`),
      failed: db.statement(`update mail_queue set attempts = attempts + 1, next_attempt_at = :next, claimed_until = null, last_error = :error where id = :id`),
    };
  }

  async enqueue(mail: Required<Pick<OutgoingMail, 'to' | 'subject' | 'text'>> & { headers: Record<string, string> }, now = Date.now()): Promise<void> {
    await this.statements.enqueue.run({ to: mail.to, subject: mail.subject, text: mail.text, headers: JSON.stringify(mail.headers), now, messageId: randomUUID() });
  }

  /** Takes the oldest message due at `now` for MAIL_CLAIM_MS, or answers undefined when none is left to take. */
  claim(now: number): Promise<QueuedRow | undefined> {
    return this.statements.claim.get({ now, until: now + MAIL_CLAIM_MS });
  }

  /** Sends every message due now, one by one; how many went. */
  async sendDue(now = Date.now()): Promise<number> {
    let sent = 0;
    for (;;) {
      const row = await this.claim(now);
      if (!row) return sent;
      try {
        await this.mail.send({ to: row.toAddress, subject: row.subject, text: row.text, headers: JSON.parse(row.headers) as Record<string, string>, key: `mail-${row.messageId}` });
        await this.statements.sent.run({ id: row.id, now: Date.now() });
        sent++;
      } catch (error) {
        const failures = row.attempts + 1;
        const delay = retryDelayMs(failures);
        await this.statements.failed.run({ id: row.id, next: Date.now() + delay, error: String((error as Error).message ?? error).slice(0, 500) });
        this.logger.error(`Mail ${row.id} to ${row.toAddress} failed (attempt ${failures}), next try in ${Math.round(delay / 60_000)} min: ${(error as Error).message}`);
      }
    }
  }
}
