import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { openDatabase, openMigratedDatabase } from '@siplog/db';

/*
 * The Siplog under the federation benchmark: the built server (dist/main.js) in a child process on SQLite, with the
 * test network's preload, its database seeded before it starts, its CPU read from /proc and its queue read from the
 * SQLite file beside it (WAL lets both in).
 */

const API_MAIN = path.resolve(__dirname, '..', 'main.js');
// Plain JS, so it is used where it is (the build leaves src/test out).
const NETWORK_PRELOAD = path.resolve(__dirname, '..', '..', 'src', 'test', 'federation-network.child.mjs');
export const BENCH_PLACE_ID = 'siplog:federation-bench-cafe';

/** A remote follower to write into the database: `identifier` on `host`, with or without their server's shared inbox. */
export interface SeededFollower {
  host: string;
  identifier: string;
  sharedInbox: boolean;
}

export interface SeededPerson {
  username: string;
  followers: readonly SeededFollower[];
}

/**
 * Writes the people, one place, and their remote followers (remote_actors and remote_followers rows, as an accepted
 * Follow leaves them) straight into a fresh database file. Answers each username's user id.
 */
export function seedDatabase(file: string, people: readonly SeededPerson[], passwordHash: string): Map<string, number> {
  const db = openMigratedDatabase(file).$client;
  const ids = new Map<string, number>();
  const now = Date.now();
  try {
    db.transaction(() => {
      db.prepare('insert into establishments (place_id, name, city, lat, lng, slug) values (?, ?, ?, ?, ?, ?)').run(
        BENCH_PLACE_ID,
        'Federation Bench Cafe',
        'Portland',
        45.52,
        -122.68,
        'federation-bench-cafe-portland',
      );
      const addUser = db.prepare('insert into users (email, username, password_hash, first_name, last_name, verified) values (?, ?, ?, ?, ?, 1)');
      const addActor = db.prepare(
        'insert into remote_actors (uri, handle, host, inbox, shared_inbox, name, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
      );
      const addFollower = db.prepare('insert into remote_followers (user_id, actor_id, follow_uri, accepted, created_at) values (?, ?, ?, 1, ?)');
      for (const person of people) {
        const userId = Number(addUser.run(`${person.username}@example.com`, person.username, passwordHash, 'Bench', person.username).lastInsertRowid);
        ids.set(person.username, userId);
        for (const { host, identifier, sharedInbox } of person.followers) {
          const uri = `https://${host}/users/${identifier}`;
          const actorId = Number(
            addActor.run(uri, `${identifier}@${host}`, host, `${uri}/inbox`, sharedInbox ? `https://${host}/inbox` : null, identifier, now).lastInsertRowid,
          );
          addFollower.run(userId, actorId, `https://${host}/follows/${identifier}-${userId}`, now);
        }
      }
    })();
  } finally {
    db.close();
  }
  return ids;
}

export interface SiplogChild {
  port: number;
  pid: number;
  /** The child's CPU time so far (user + system, every thread), in ms; /proc's resolution is one clock tick. */
  cpuMs(): number;
  /** The last of what it printed, for an error message. */
  output(): string;
  stop(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process (all its threads) from /proc/<pid>/stat, in ms. */
export function cpuMsOf(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read /proc/${pid}/stat: the federation benchmark measures the server's CPU on Linux only`, { cause: error });
  }
  // Fields after the command name (which may hold spaces), from the 3rd: utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Starts `node --import <preload> dist/main.js` with federation on at `publicUrl`; `hosts` is the network it may reach. */
export async function startSiplogChild(options: {
  dataDir: string;
  port: number;
  publicUrl: string;
  caPem: string;
  hosts: Record<string, number>;
}): Promise<SiplogChild> {
  if (!fs.existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: build first (cd apps/api && npx tsc -p tsconfig.build.json)`);
  if (!fs.existsSync(NETWORK_PRELOAD)) throw new Error(`${NETWORK_PRELOAD} is missing: the bench runs from a checkout of the repository`);
  let output = '';
  const child = spawn(process.execPath, ['--import', NETWORK_PRELOAD, API_MAIN], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_TO_CONSOLE: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
      FEDERATION: 'on',
      PUBLIC_URL: options.publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      SIPLOG_TEST_NETWORK: JSON.stringify({ caPem: options.caPem, hosts: options.hosts }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const ready = `http://127.0.0.1:${options.port}/api/health/ready`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Siplog child exited (code ${child.exitCode}) before it was ready:\n${output}`);
    const ok = await fetch(ready, { signal: AbortSignal.timeout(1000) }).then((response) => response.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${ready} did not answer 200 within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port: options.port, pid: child.pid!, cpuMs: () => cpuMsOf(child.pid!), output: () => output, stop };
}

/** A row of federation_queue as the bench reads it. */
export interface QueueRow {
  kind: string;
  targetHost: string | null;
  attempts: number;
  runAt: number;
  claimedUntil: number | null;
  failedAt: number | null;
  lastError: string | null;
  /** Put back by Fedify's circuit breaker (the host's circuit open): a new row, its attempts counted from 0. */
  held: boolean;
}

export interface SiplogDatabaseReader {
  /** Messages due within a second or in hand: what the queue still has to do now (a retry minutes away is not). */
  busy(): number;
  /** Received activities not handled yet. */
  inboxWaiting(): number;
  rowsFor(host: string): QueueRow[];
  followersOf(userId: number): number;
  close(): void;
}

export function openDatabaseReader(file: string): SiplogDatabaseReader {
  const db = openDatabase(file).$client;
  const busy = db.prepare('select count(*) as n from federation_queue where failed_at is null and (run_at <= ? or claimed_until is not null)');
  const inbox = db.prepare("select count(*) as n from federation_queue where kind = 'inbox' and failed_at is null");
  const rows = db.prepare(`select kind, target_host as targetHost, attempts, run_at as runAt, claimed_until as claimedUntil, failed_at as failedAt,
      last_error as lastError, json_extract(message, '$.circuitHeld') is not null as held from federation_queue where target_host = ? order by id`);
  const followers = db.prepare('select count(*) as n from remote_followers where user_id = ?');
  const count = (statement: typeof busy, ...params: unknown[]) => Number((statement.get(...params) as { n: number }).n);
  return {
    busy: () => count(busy, Date.now() + 1000),
    inboxWaiting: () => count(inbox),
    rowsFor: (host) => (rows.all(host) as Array<Omit<QueueRow, 'held'> & { held: number }>).map((row) => ({ ...row, held: row.held === 1 })),
    followersOf: (userId) => count(followers, userId),
    close: () => db.close(),
  };
}

/** Polls (bounded) until `done()`; answers when it held, in performance.now() time. */
export async function pollUntil(done: () => boolean, what: string, ms: number, everyMs = 20): Promise<number> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return performance.now();
}

/** Signs in over the API; answers the Authorization header. */
export async function signIn(port: number, email: string, password: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/user/authenticateuser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`Signing in as ${email} failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  return `Bearer ${body.token}`;
}

let photo: Promise<Buffer> | undefined;

/** Posts a review with one small photo through the real multipart call; answers its id and when the answer came. */
export async function postReview(port: number, authorization: string, text: string): Promise<{ postId: number; answeredAt: number }> {
  photo ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 150, g: 100, b: 60 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file1', new Blob([new Uint8Array(await photo)], { type: 'image/jpeg' }), 'cup.jpg');
  form.append('data', JSON.stringify({ place_id: BENCH_PLACE_ID, establishment_name: 'Federation Bench Cafe', order: 'Flat white', review: text, rating: 4 }));
  const response = await fetch(`http://127.0.0.1:${port}/api/post/addpostwithimages`, { method: 'POST', headers: { Authorization: authorization }, body: form });
  const answeredAt = performance.now();
  const body = (await response.json()) as { post_id?: number };
  if (response.status !== 200 || !body.post_id) throw new Error(`Posting a review failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  return { postId: body.post_id, answeredAt };
}
