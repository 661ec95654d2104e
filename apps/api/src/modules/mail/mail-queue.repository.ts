import { Inject, Injectable } from '@nestjs/common';
import type { Database, Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

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

export interface NewQueuedMail {
  to: string;
  subject: string;
  text: string;
  /** The headers as JSON. */
  headers: string;
  messageId: string;
  /** Due from (epoch ms). */
  now: number;
}

/** Every read and write of mail_queue. */
@Injectable()
export class MailQueueRepository {
  private readonly statements: { enqueue: Statement<never>; claim: Statement<QueuedRow>; sent: Statement<never>; failed: Statement<never> };

  constructor(@Inject(DATABASE) db: Database) {
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

  async enqueue(mail: NewQueuedMail): Promise<void> {
    await this.statements.enqueue.run({ ...mail });
  }

  /** Takes the oldest message due at `now` until `until`, or answers undefined when none is left to take. */
  claim(now: number, until: number): Promise<QueuedRow | undefined> {
    return this.statements.claim.get({ now, until });
  }

  async markSent(id: number, now: number): Promise<void> {
    await this.statements.sent.run({ id, now });
  }

  /** One more failed attempt, retried from `next`. */
  async markFailed(id: number, next: number, error: string): Promise<void> {
    await this.statements.failed.run({ id, next, error });
  }
}
