import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@siplog/db/dist/testing/pg-cluster';
import { insertEstablishment, openAppDatabase, postImages, posts, users, type Database } from '@siplog/db';
import { hashPassword } from './modules/auth/password-hasher';
import { API_MAIN, waitForOk } from './test/cluster-nodes';
import { dropTestDatabase, freshTestDatabaseUrl } from './test/test-database';

const PASSWORD = 'Secret12';
const PLACE_ID = 'siplog:graceful-stop';
const BOUNDARY = 'siplog-stop-boundary';

interface Server {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output: () => string;
  /** Resolves with how the process ended and when (Date.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Whether a fresh TCP connection to `port` is refused (true) or taken (false). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A review with one photo as multipart bytes, as the web app sends it. */
async function reviewBody(): Promise<Buffer> {
  // Noise, so the JPEG is a few hundred kilobytes: a body worth sending in pieces.
  const pixels = Buffer.alloc(640 * 480 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(pixels, { raw: { width: 640, height: 480, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  const data = JSON.stringify({ place_id: PLACE_ID, establishment_name: 'Stop Cafe', order: 'Cortado', review: 'Served to the last drop', rating: 5, filetype: 'image' });
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file1"; filename="cup.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/**
 * A photo upload whose body is still arriving: the head and `firstBytes` now, the rest by `send()`, in `pieces`
 * every `everyMs`. On a kept-alive connection, as a browser sends it.
 */
function slowUpload(baseUrl: string, token: string, body: Buffer, firstBytes: number) {
  const agent = new http.Agent({ keepAlive: true });
  const request = http.request(`${baseUrl}/api/post/addpostwithimages`, {
    method: 'POST',
    agent,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length) },
  });
  const answer = new Promise<{ status: number; body: any; at: number }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text, for the failure message
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, at: Date.now() });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  request.write(body.subarray(0, firstBytes));
  return {
    answer,
    agent,
    async send(pieces: number, everyMs: number): Promise<void> {
      const rest = body.subarray(firstBytes);
      const size = Math.ceil(rest.length / pieces);
      for (let start = 0; start < rest.length; start += size) {
        await new Promise((resolve) => setTimeout(resolve, everyMs));
        request.write(rest.subarray(start, start + size));
      }
      request.end();
    },
  };
}

/** The person's unread-count stream (Server-Sent Events), held open; `ended` resolves (with Date.now()) when the server ends it. */
async function openStream(baseUrl: string, token: string): Promise<{ ended: Promise<number> }> {
  const response = await fetch(`${baseUrl}/api/notification/stream`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toMatch(/^event: unread\ndata: \{"unread":0\}/);
  const ended = (async () => {
    // Ends cleanly or is cut: either way the stream no longer holds the stop.
    try {
      while (!(await reader.read()).done);
    } catch {
      // reset
    }
    return Date.now();
  })();
  return { ended };
}

/**
 * The built server (`node dist/main.js`, as `pnpm start` runs it) stops cleanly on SIGTERM: it refuses new
 * connections at once, answers what it had in flight in full, ends its event streams, closes the app (its hooks
 * and the database) and exits 0 within 10 s. On SQLite, and on PostgreSQL under vitest.pg.config.mts.
 */
describe('a clean stop on SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-stop-'));
  let db: Database;
  let databaseUrl: string | null;
  let server: Server | undefined;
  let body: Buffer;

  async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    let output = '';
    const child = spawn(process.execPath, [API_MAIN], {
      env: {
        ...env,
        ...(databaseUrl && { DATABASE_URL: databaseUrl, JWT_SECRET: 'graceful-stop-secret-shared-by-every-node-0123' }),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_TO_CONSOLE: 'true',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    server = { child, port, baseUrl, output: () => output, exited };
    await waitForOk(`${baseUrl}/api/health/ready`, 60_000, () => output);
    return server;
  }

  async function signIn(baseUrl: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/user/authenticateuser`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'stella@example.com', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  /** How the process ended, or a failure with what it printed if it has not within `ms`. */
  async function exitOf(running: Server, ms: number) {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running ${ms} ms later; it said:\n${running.output()}`)), ms));
    return Promise.race([running.exited, timeout]);
  }

  beforeAll(async () => {
    databaseUrl = await freshTestDatabaseUrl();
    db = await openAppDatabase({ databaseUrl, databaseFile: path.join(dataDir, 'app.db') });
    await db.insert(users).values({ email: 'stella@example.com', username: 'stellastop', passwordHash: await hashPassword(PASSWORD), firstName: 'Stella', lastName: 'Test', verified: true });
    await insertEstablishment(db, { placeId: PLACE_ID, name: 'Stop Cafe', lat: 45.52, lng: -122.68 });
    body = await reviewBody();
  }, 60_000);

  afterEach(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    server = undefined;
  });

  afterAll(async () => {
    await db?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the upload in flight in full, refuses new connections, does not wait on an event stream, and exits 0', async () => {
    const { baseUrl, port, child } = await startServer();
    const token = await signIn(baseUrl);
    const stream = await openStream(baseUrl, token);

    // Half the body sent, the rest still to come when the signal arrives.
    const upload = slowUpload(baseUrl, token, body, Math.floor(body.length / 2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const sending = upload.send(10, 150);

    // The listening socket is closed at once: a new connection is refused while the upload is still arriving.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refusedDuringStop = await refused(port);
    // The event stream is ended at once, not after the grace period (8 s).
    const streamEndedAt = await Promise.race([stream.ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000))]);

    await sending;
    const answer = await upload.answer.catch((error: Error) => ({ status: 0, body: { error: error.message }, at: Date.now() }));
    upload.agent.destroy();
    const exit = await exitOf(server!, Math.max(0, signalledAt + 10_000 - Date.now())).catch((error: Error) => error.message);

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 200, post_id: expect.any(Number) });
    // The answer was real: the review and its photo are stored.
    const [post] = await db.select().from(posts).where(eq(posts.id, answer.body.post_id));
    expect(post).toMatchObject({ orderText: 'Cortado', rating: 5 });
    expect(await db.select().from(postImages).where(eq(postImages.postId, answer.body.post_id))).toHaveLength(1);
    expect(refusedDuringStop, 'a new connection after the signal is refused').toBe(true);
    expect(streamEndedAt, 'the event stream was still open 3 s after the signal').not.toBeNull();
    expect(streamEndedAt! - signalledAt, 'ms from the signal to the end of the event stream').toBeLessThan(1_500);

    if (typeof exit === 'string') throw new Error(`no exit within 10 s of SIGTERM: ${exit}`);
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    const stopMs = exit.at - signalledAt;
    expect(stopMs).toBeLessThan(10_000);
    // Nothing held it after the last answer: neither the stream nor the upload's kept-alive connection.
    expect(exit.at - answer.at).toBeLessThan(2_000);
    const said = server!.output();
    expect(said).toMatch(/Stopping \(SIGTERM\): no new connections; waiting up to 8000 ms for 2 requests in flight/);
    expect(said).toMatch(/Stopped in \d+ ms/);
    // Both lines reach the log file too (the admin log viewer's), not only the console, though the process exits.
    const logFile = fs.readdirSync(path.join(dataDir, 'logs')).map((name) => fs.readFileSync(path.join(dataDir, 'logs', name), 'utf8')).join('');
    expect(logFile).toMatch(/\[Stop\] Stopping \(SIGTERM\)[^\n]*\n(.*\n)*.*\[Stop\] Stopped in \d+ ms\n/);
    console.log(`${databaseUrl ? 'PostgreSQL' : 'SQLite'}: SIGTERM to exit: ${stopMs} ms, of which ${exit.at - answer.at} ms after the upload's answer (${answer.at - signalledAt} ms after the signal); the stream ended ${streamEndedAt! - signalledAt} ms after the signal`);
  }, 40_000);

  it('after the grace (SHUTDOWN_GRACE_MS) cuts what is left and exits 0; a second signal during the stop exits at once', async () => {
    // An upload that never finishes: on SIGINT its connection is cut after the grace (1.5 s here), then the app closes.
    const stuck = await startServer({ SHUTDOWN_GRACE_MS: '1500' });
    const never = slowUpload(stuck.baseUrl, await signIn(stuck.baseUrl), body, 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    stuck.child.kill('SIGINT');
    const cutAnswer = await Promise.race([
      never.answer.then(
        (answer) => `answered ${answer.status}`,
        (error: NodeJS.ErrnoException) => error.code,
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open 5 s after the signal'), 5_000)),
    ]);
    const cutAt = Date.now();
    never.agent.destroy();
    const exit = await exitOf(stuck, 10_000);
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(cutAnswer).toBe('ECONNRESET');
    expect(cutAt - signalledAt).toBeGreaterThanOrEqual(1_400);
    expect(exit.at - signalledAt).toBeLessThan(3_000);
    expect(stuck.output()).toMatch(/Stopping \(SIGINT\): no new connections; waiting up to 1500 ms for 1 request in flight/);
    expect(stuck.output()).toMatch(/1 request still in flight after 1500 ms: closing its connection/);
    console.log(`SIGINT to exit with an upload that never ends: ${exit.at - signalledAt} ms (its connection cut after ${cutAt - signalledAt} ms)`);

    // The same, stopped again by a second SIGTERM: out at once, with the signal's usual code.
    const busy = await startServer();
    const upload = slowUpload(busy.baseUrl, await signIn(busy.baseUrl), body, 1000);
    upload.answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    busy.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(busy.child.exitCode).toBeNull();
    const secondAt = Date.now();
    busy.child.kill('SIGTERM');
    const cut = await exitOf(busy, 2_000);
    upload.agent.destroy();
    expect({ code: cut.code, signal: cut.signal }).toEqual({ code: 143, signal: null });
    expect(cut.at - secondAt).toBeLessThan(1_000);
  }, 40_000);
});
