import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, mailQueue, PgDatabase } from '@siplog/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { MAIL_CLAIM_MS, MailQueue } from './mail-queue.service';
import { MailQueueRepository } from './mail-queue.repository';
import { MailService } from './mail.service';

/** Due a day from now: the app's own mailer (at the real time) never takes these, only the claims the tests make. */
const DUE = Date.now() + 24 * 60 * 60_000;

const message = (n: number) => ({ to: `reader${n}@example.com`, subject: `Message ${n}`, text: 'Hello', headers: {} });

/**
 * Several API nodes send from one queue: each message goes to exactly one of them. On SQLite one node is both senders
 * (the claims run one after the other); on PostgreSQL the second sender is a second node, with its own pool.
 */
describe('the mail queue with two senders', () => {
  let app: TestApp;
  let node: MailQueue;
  let otherNode: MailQueue;
  let otherDatabase: PgDatabase | undefined;

  beforeAll(async () => {
    app = await startTestApp();
    node = app.get(MailQueue);
    otherDatabase = DIALECT === 'pg' ? new PgDatabase(app.config.databaseUrl!) : undefined;
    otherNode = otherDatabase ? new MailQueue(new MailQueueRepository(otherDatabase), app.get(MailService)) : node;
  });
  afterAll(async () => {
    await otherDatabase?.close();
    await app.close();
  });

  it('gives a due message to one of two claims made at once', async () => {
    await app.data.delete(mailQueue);
    for (let round = 1; round <= 20; round++) {
      await node.enqueue(message(round), DUE);
      const claims = await Promise.all([node.claim(DUE), otherNode.claim(DUE)]);
      expect(claims.filter((claim) => claim !== undefined).map((claim) => claim.subject), `round ${round}`).toEqual([`Message ${round}`]);
    }
    // Each stays claimed (for MAIL_CLAIM_MS) by the one that took it.
    expect(await Promise.all([node.claim(DUE), otherNode.claim(DUE)])).toEqual([undefined, undefined]);
  });

  // Only PostgreSQL has two connections to hold a row between: SQLite runs one claim whole before the next.
  it.skipIf(DIALECT !== 'pg')('passes over a message another node is taking, neither waiting for it nor taking it too', async () => {
    await app.data.delete(mailQueue);
    await node.enqueue(message(1), DUE);
    await node.enqueue(message(2), DUE);
    await app.data.transaction(async () => {
      // This node's claim of message 1 is not committed yet: its row stays locked until the transaction ends.
      expect((await node.claim(DUE))?.subject).toBe('Message 1');
      expect((await otherNode.claim(DUE))?.subject).toBe('Message 2');
      expect(await otherNode.claim(DUE)).toBeUndefined();
    });
    expect(await otherNode.claim(DUE)).toBeUndefined();
    const rows = await app.data.select().from(mailQueue).orderBy(mailQueue.id);
    expect(rows.map((row) => row.claimedUntil?.getTime())).toEqual([DUE + MAIL_CLAIM_MS, DUE + MAIL_CLAIM_MS]);
  });
});

/** The Message-IDs in an outbox, as the .eml files carry them. */
function outboxMessageIds(app: TestApp): string[] {
  return fs.readdirSync(app.config.outboxDir).map((file) => /^Message-ID: (.+)$/m.exec(fs.readFileSync(path.join(app.config.outboxDir, file), 'utf8'))![1]);
}

/** Issue 26: a Message-ID never comes again, not even from a reset or restored database whose row ids start over. */
describe('the Message-ID of queued mail', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('differs between two fresh databases whose first messages have the same row id, and is stored with the row', async () => {
    for (const round of [1, 2]) {
      const app = await startTestApp({ PUBLIC_URL: 'https://siplog.example' });
      apps.push(app);
      const queue = app.get(MailQueue);
      await queue.enqueue(message(round), DUE);
      expect(await queue.sendDue(DUE)).toBe(1);
    }
    const rows = await Promise.all(apps.map(async (app) => (await app.data.select().from(mailQueue))[0]!));
    expect(rows.map((row) => row.id)).toEqual([rows[0].id, rows[0].id]);
    const ids = apps.map(outboxMessageIds);
    expect(ids.map((list) => list.length)).toEqual([1, 1]);
    expect(ids[0][0]).not.toBe(ids[1][0]);
    // The row keeps it, so a retry (or a resend after a crash) says the same.
    for (const [index, row] of rows.entries()) expect(ids[index][0]).toBe(`<mail-${row.messageId}@siplog.example>`);
  });
});
