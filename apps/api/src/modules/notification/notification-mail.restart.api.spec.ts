import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment, mailQueue, openAppDatabase, posts, users, type Database } from '@siplog/db';
import { dropTestDatabase, freshTestDatabaseUrl } from '../../test/test-database';
import { hashPassword } from '../auth/password-hasher';

/** The built server, as `pnpm start` runs it (the API tests run after the build). */
const MAIN = path.resolve(__dirname, '..', '..', '..', 'dist', 'main.js');
const PASSWORD = 'Secret12';

interface Received {
  to: string;
  text: string;
}

/** A local SMTP server that turns every message away with a temporary failure (451) until told to accept. */
async function startSmtp(): Promise<{ port: number; received: Received[]; accept: (yes: boolean) => void; close: () => Promise<void> }> {
  const received: Received[] = [];
  let accepting = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (!accepting) return done(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), text: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, accept: (yes) => (accepting = yes), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `check` every 100 ms for at most `ms`; the last value. */
async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Queued notification mail survives a kill -9 of the server: none lost, none sent twice. */
describe('the mail queue across a kill -9', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-mailkill-'));
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: ChildProcess | undefined;
  let port: number;
  let postId: number;
  /** The server's database (a SQLite file in DATA_DIR, or a fresh PostgreSQL database), as this spec reads and writes it. */
  let db: Database;
  let databaseUrl: string | null;

  async function startServer(): Promise<void> {
    port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [MAIN], {
      env: {
        ...env,
        ...(databaseUrl && { DATABASE_URL: databaseUrl, JWT_SECRET: 'mail-kill-secret-shared-by-every-node-0123456789' }),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        LOG_TO_CONSOLE: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        PUBLIC_URL: 'https://siplog.example',
      },
      stdio: 'ignore',
    });
    const until = Date.now() + 20_000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
      if (up) return;
      if (Date.now() > until) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const queued = () => db.select().from(mailQueue);

  beforeAll(async () => {
    smtp = await startSmtp();
    databaseUrl = await freshTestDatabaseUrl();
    db = await openAppDatabase({ databaseUrl, databaseFile: path.join(dataDir, 'app.db') });
    const hash = await hashPassword(PASSWORD);
    const person = async (username: string) =>
      (await db.insert(users).values({ email: `${username}@example.com`, username, passwordHash: hash, firstName: username, lastName: 'Test', verified: true }).returning())[0]!.id;
    const ann = await person('annkill');
    await person('bobkill');
    const place = await insertEstablishment(db, { placeId: 'siplog:kill', name: 'Kill Cafe', lat: 30, lng: -97 });
    postId = (await db.insert(posts).values({ userId: ann, establishmentId: place.id, orderText: 'Latte', review: 'Good', rating: 5 }).returning())[0]!.id;
  });

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await db?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a message SMTP turned away, retries it after the backoff, and sends it once after a restart', async () => {
    await startServer();
    const signIn = await fetch(`http://127.0.0.1:${port}/api/user/authenticateuser`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bobkill@example.com', password: PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const comment = await fetch(`http://127.0.0.1:${port}/api/post/addcomment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ postid: postId, comment: 'Worth the queue' }),
    });
    expect(comment.status).toBe(200);

    // The mailer's next round (every 10 s) writes the e-mail, and SMTP's 451 leaves it queued for a retry.
    const [failed] = await waitFor(async () => {
      const rows = await queued();
      return rows.length === 1 && rows[0].attempts === 1 && rows;
    }, 25_000);
    expect(failed).toMatchObject({ toAddress: 'annkill@example.com', sentAt: null, lastError: expect.stringContaining('451') });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // The failure is logged (the file transport writes asynchronously: wait for it before the kill).
    const logs = () => fs.readdirSync(path.join(dataDir, 'logs')).filter((file) => file.endsWith('.log')).map((file) => fs.readFileSync(path.join(dataDir, 'logs', file), 'utf8')).join('\n');
    await waitFor(() => logs().includes(`Mail ${failed.id} to annkill@example.com failed (attempt 1)`), 10_000);

    server!.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    expect(await queued()).toHaveLength(1);
    expect(smtp.received).toEqual([]);

    // Time passes beyond the backoff, the mailbox takes mail again, and the server comes back.
    await db.update(mailQueue).set({ nextAttemptAt: new Date(0) });
    smtp.accept(true);
    await startServer();
    await waitFor(async () => (await queued())[0].sentAt !== null, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toBe('annkill@example.com');
    expect(smtp.received[0].text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The Message-ID written with the row when it was queued, the same on the retry after the restart.
    expect(failed.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(smtp.received[0].text).toContain(`Message-ID: <mail-${failed.messageId}@siplog.example>`);
    expect(await queued()).toHaveLength(1);
  }, 90_000);
});
