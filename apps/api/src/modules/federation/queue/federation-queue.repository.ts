import { Inject, Injectable } from '@nestjs/common';
import type { Database, Statement } from '@siplog/db';
import { DATABASE } from '../../database/database.module';

/** A message taken from the queue to handle. */
export interface ClaimedMessage {
  id: number;
  kind: string;
  targetHost: string | null;
  message: string;
  attempts: number;
}

/** A queued message as the admin sees it. */
export interface QueueEntry {
  id: number;
  kind: string;
  targetHost: string | null;
  activityType: string | null;
  attempts: number;
  runAt: number;
  failedAt: number | null;
  lastError: string | null;
  createdAt: number;
}

export interface NewQueueMessage {
  kind: string;
  message: string;
  orderingKey: string | null;
  targetHost: string | null;
  runAt: number;
}

/** Every read and write of federation_queue, Fedify's message queue on the app's database (both engines). */
@Injectable()
export class FederationQueueRepository {
  private readonly statements: {
    enqueue: Statement<never>;
    claim: Statement<ClaimedMessage>;
    done: Statement<never>;
    retryLater: Statement<never>;
    giveUp: Statement<never>;
    depth: Statement<{ ready: number; delayed: number; failed: number }>;
    list: Statement<QueueEntry>;
    retry: Statement<never>;
    drop: Statement<never>;
    release: Statement<never>;
  };

  constructor(@Inject(DATABASE) private readonly db: Database) {
    // The oldest due message nobody holds, unless an earlier message with its ordering key is still waiting or running
    // (a Delete never overtakes its Create), or a delivery to the same server is in hand (one at a time per server:
    // a slow server holds one worker, not all). On PostgreSQL the subquery locks the row it picks and skips rows
    // another node's claim has locked, so each message goes to one worker; SQLite has one writer.
    const claim = (lock: string) => `update federation_queue set claimed_until = :until where id = (
        select q.id from federation_queue q
        where q.failed_at is null and q.run_at <= :now and (q.claimed_until is null or q.claimed_until <= :now)
          and (q.ordering_key is null or not exists (
            select 1 from federation_queue e where e.ordering_key = q.ordering_key and e.id < q.id and e.failed_at is null))
          and (q.target_host is null or not exists (
            select 1 from federation_queue h where h.target_host = q.target_host and h.claimed_until > :now))
        order by q.run_at, q.id limit 1${lock})
      returning id, kind, target_host as "targetHost", message, attempts`;
    const activityType = { sqlite: `json_extract(message, '$.activityType')`, pg: `(message::json ->> 'activityType')` };
    const list = (type: string) => `select id, kind, target_host as "targetHost", ${type} as "activityType", attempts,
        run_at as "runAt", failed_at as "failedAt", last_error as "lastError", created_at as "createdAt"
      from federation_queue where kind <> 'inbox' order by (failed_at is null), id desc limit :limit`;
    this.statements = {
      enqueue: db.statement(`insert into federation_queue (kind, message, ordering_key, target_host, run_at, created_at)
        values (:kind, :message, :orderingKey, :targetHost, :runAt, :now)`),
      claim: db.statement<ClaimedMessage>({ sqlite: claim(''), pg: claim(' for update skip locked') }),
      done: db.statement(`delete from federation_queue where id = :id`),
      retryLater: db.statement(
        `update federation_queue set attempts = attempts + 1, run_at = :runAt, claimed_until = null, last_error = :error where id = :id`,
      ),
      giveUp: db.statement(
        `update federation_queue set attempts = attempts + 1, failed_at = :now, claimed_until = null, last_error = :error where id = :id`,
      ),
      depth: db.statement(`select
          count(case when failed_at is null and run_at <= :now then 1 end) as ready,
          count(case when failed_at is null and run_at > :now then 1 end) as delayed,
          count(failed_at) as failed
        from federation_queue`),
      list: db.statement<QueueEntry>({ sqlite: list(activityType.sqlite), pg: list(activityType.pg) }),
      retry: db.statement(`update federation_queue set failed_at = null, attempts = 0, run_at = :now, last_error = null where id = :id and failed_at is not null`),
      drop: db.statement(`delete from federation_queue where id = :id and kind <> 'inbox'`),
      release: db.statement(`update federation_queue set claimed_until = null where claimed_until is not null`),
    };
  }

  async enqueue(messages: NewQueueMessage[], now: number): Promise<void> {
    if (messages.length === 1) {
      await this.statements.enqueue.run({ ...messages[0], now });
      return;
    }
    await this.db.transaction(async () => {
      for (const message of messages) await this.statements.enqueue.run({ ...message, now });
    });
  }

  /**
   * On SQLite this process is the queue's only worker, so a claim found at start is a dead process's (a kill -9
   * mid-delivery): its messages are due again at once. Elsewhere a dead node's claims run out after their lease.
   */
  async releaseClaimsOfDeadWorkers(): Promise<number> {
    if (this.db.spansNodes) return 0;
    return this.statements.release.run();
  }

  claim(now: number, until: number): Promise<ClaimedMessage | undefined> {
    return this.statements.claim.get({ now, until });
  }

  async done(id: number): Promise<void> {
    await this.statements.done.run({ id });
  }

  async retryLater(id: number, runAt: number, error: string): Promise<void> {
    await this.statements.retryLater.run({ id, runAt, error });
  }

  async giveUp(id: number, now: number, error: string): Promise<void> {
    await this.statements.giveUp.run({ id, now, error });
  }

  async depth(now: number): Promise<{ ready: number; delayed: number; failed: number }> {
    const row = (await this.statements.depth.get({ now }))!;
    return { ready: Number(row.ready), delayed: Number(row.delayed), failed: Number(row.failed) };
  }

  /** Deliveries and fan-outs, failed ones first, newest first. */
  list(limit: number): Promise<QueueEntry[]> {
    return this.statements.list.all({ limit });
  }

  /** Puts a failed message back in line, now; answers whether there was one. */
  async retry(id: number, now: number): Promise<boolean> {
    return (await this.statements.retry.run({ id, now })) > 0;
  }

  /** Forgets a delivery or fan-out; answers whether there was one. */
  async drop(id: number): Promise<boolean> {
    return (await this.statements.drop.run({ id })) > 0;
  }
}
