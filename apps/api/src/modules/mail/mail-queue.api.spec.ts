import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, mailQueue, PgDatabase } from '@siplog/db';
import { startTestApp, type TestApp } from '../../test/test-app';
import { MAIL_CLAIM_MS, MailQueue } from './mail-queue';
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
    otherNode = otherDatabase ? new MailQueue(otherDatabase, app.get(MailService)) : node;
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
