import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, mailQueue, PgDatabase, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EventBus } from '../events/event-bus.service';
import { MailQueue } from '../mail/mail-queue.service';
import { MailQueueRepository } from '../mail/mail-queue.repository';
import { MailService } from '../mail/mail.service';
import { MAILER_LOCK, NOTIFICATION_EMAIL_GAP_MS, NotificationMailer } from './notification-mailer.service';
import { NotificationRepository } from './notification.repository';
import { NotificationService } from './notification.service';
import { NotificationAudienceRepository } from './notification-audience.repository';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/**
 * Every API node runs the notification mailer: however their rounds meet, a person gets one e-mail per batch. On
 * PostgreSQL the second node is a second mailer over its own pool; on SQLite there is one node, so it is the app's.
 */
describe('notification e-mail written by two nodes', () => {
  let app: TestApp;
  let mailer: NotificationMailer;
  let otherMailer: NotificationMailer;
  let otherDatabase: PgDatabase | undefined;
  let ann: TestAccount;
  let bob: TestAccount;
  let cat: TestAccount;
  let dan: TestAccount;

  const queuedTo = async (account: TestAccount) => (await app.data.select().from(mailQueue).where(eq(mailQueue.toAddress, account.email))).length;

  function mailerOver(database: Database): NotificationMailer {
    const repository = new NotificationRepository(database);
    const queue = new MailQueue(new MailQueueRepository(database), app.get(MailService));
    const notifications = new NotificationService(repository, app.config, app.get(EventBus), new NotificationAudienceRepository(database));
    return new NotificationMailer(repository, notifications, queue, app.get(UnsubscribeTokens), app.config, database);
  }

  beforeAll(async () => {
    app = await startTestApp();
    mailer = app.get(NotificationMailer);
    // The app's own rounds (on its timer) stop: only the rounds the tests run write e-mail.
    await mailer.onApplicationShutdown();
    otherDatabase = DIALECT === 'pg' ? new PgDatabase(app.config.databaseUrl!) : undefined;
    otherMailer = otherDatabase ? mailerOver(otherDatabase) : mailer;
    ann = await registerAccount(app, 'annnodes');
    bob = await registerAccount(app, 'bobnodes');
    cat = await registerAccount(app, 'catnodes');
    dan = await registerAccount(app, 'dannodes');
  });
  afterAll(async () => {
    await otherDatabase?.close();
    await app.close();
  });

  it('writes one e-mail per person when two rounds write at once', async () => {
    await app.post('/api/user/followuser', { targetusername: 'annnodes' }, bob.auth);
    await app.post('/api/user/followuser', { targetusername: 'annnodes' }, cat.auth);
    await app.post('/api/user/followuser', { targetusername: 'dannodes' }, ann.auth);
    const now = Date.now();
    const written = await Promise.all([mailer.writeDue(now), otherMailer.writeDue(now)]);
    expect(written[0] + written[1]).toBe(2);
    expect([await queuedTo(ann), await queuedTo(dan), await queuedTo(bob)]).toEqual([1, 1, 0]);
    // Due again once the gap has passed, and then one e-mail again.
    await app.post('/api/user/followuser', { targetusername: 'dannodes' }, bob.auth);
    const later = now + NOTIFICATION_EMAIL_GAP_MS;
    expect(await Promise.all([mailer.writeDue(later), otherMailer.writeDue(later)])).toContain(1);
    expect(await queuedTo(dan)).toBe(2);
  });

  // On SQLite one process runs the rounds, one after the other: there is no other node to skip for.
  it.skipIf(DIALECT !== 'pg')('skips a round while another node runs one', async () => {
    await app.post('/api/user/followuser', { targetusername: 'dannodes' }, cat.auth);
    const later = Date.now() + 2 * NOTIFICATION_EMAIL_GAP_MS;
    const ran = await otherDatabase!.tryLock(MAILER_LOCK, async () => {
      await mailer.tick(later);
      expect(await queuedTo(dan)).toBe(2);
    });
    expect(ran).toBe(true);
    await mailer.tick(later);
    expect(await queuedTo(dan)).toBe(3);
  });
});
