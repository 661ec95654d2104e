/**
 * Notifications at scale (issue 16), on the social loop's data (following-data.ts: 1,000,000 reviews, 1.35 million
 * like notifications) with 1,000 people signed in through our API:
 *  - open pages: what the bell's poll (notification.unreadCount, every 25 s per open page) costs the server, at full
 *    speed (50 connections: server CPU per poll) and as 1,000 open pages make it, 40 polls a second for 30 s, each
 *    on a fresh connection (the server closes an idle one after 5 s): server CPU % and resident memory;
 *  - writes: likes, unlikes and comments (REST and tRPC, as the web app sends them), each of which now writes or
 *    takes back a notification in its transaction: requests/s and server CPU per call, beside the notification
 *    statements alone (NotificationRepository's own, timed in a transaction that is rolled back).
 * Bounded by counts and time; printed, never asserted.
 *
 * Runs in `pnpm bench` (social-loop.bench.ts); alone: node apps/api/dist/bench/notification.bench.js
 * (FEED_BENCH_POSTS=200000 for a quicker run on smaller data).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { comments, openDatabase, postLikes } from '@siplog/db';
import { RECORDED_BY_ID, RECORDED_WITH_WRITES } from '../modules/notification/notification.repository';
import { notificationRepositoryOn, notificationStatement } from './app-sql';
import { CONNECTIONS, runCases, type FeedCase, type ServerProcess } from './feed.bench';
import { generateFollowingData } from './following-data';
import { describeFollowingData } from './following.bench';
import { percentile } from './measure';
import { Database } from './raw-feed-server';
import { activePeople, ms, perSecond, signIn, sleep, startServers, type BenchPerson } from './social-bench-setup';

/** Open pages held: one per person, each polling every POLL_MS (the web app's UNREAD_POLL_MS). */
export const OPEN_PAGES = 1000;
const POLL_MS = 25_000;
const HOLD_SECONDS = 30;
const IDLE_SECONDS = 10;
/** Likes per person and protocol, comments per person and protocol (the comment limit is 30 per 10 minutes). */
const LIKES_PER_PERSON = 4;
const COMMENTS_PER_PERSON = 2;
/** Reviews the comments go to, so threads grow and each comment also tells earlier commenters (replies). */
const COMMENTED_REVIEWS = 400;
const SQL_RUNS = 1000;
const MAILER_WATCH_SECONDS = 30;

/** How the web app sends a query and a mutation: tRPC's batch link, one call per batch. */
const batchedQuery = (procedure: string, input: unknown) => `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;
const batchedMutation = (procedure: string) => `/trpc/${procedure}?batch=1`;

interface Call {
  path: string;
  body: string;
  token: string;
}

interface DriveResult {
  calls: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU per call, µs. */
  cpuPerCall: number;
  statuses: Record<string, number>;
}

function send(agent: http.Agent | false, base: URL, method: string, route: string, token: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: route,
        method,
        agent,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body !== undefined && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** POSTs every call once, CONNECTIONS at a time on kept-alive connections, and times them with the server's CPU. */
async function drive(server: ServerProcess, calls: Call[]): Promise<DriveResult> {
  await server.drain();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const base = new URL(server.base);
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const cpuBefore = await server.cpu();
  const start = performance.now();
  const worker = async () => {
    for (let i = next++; i < calls.length; i = next++) {
      const sentAt = performance.now();
      const status = await send(agent, base, 'POST', calls[i].path, calls[i].token, calls[i].body).catch((error: Error) => error.message);
      times.push(performance.now() - sentAt);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - start) / 1000;
  const cpu = (await server.cpu()) - cpuBefore;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    calls: calls.length,
    requestsPerSecond: calls.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuPerCall: cpu / calls.length,
    statuses,
  };
}

/** Reviews each person may like: by someone else who is active, not liked by them yet; `round` picks other ones. */
function reviewsToLike(file: string, people: BenchPerson[], round: number): Array<{ person: BenchPerson; postId: number }> {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const posts = sqlite.prepare('select max(id) from posts').pluck().get() as number;
    const likable = sqlite
      .prepare(
        `select 1 from posts p join users u on u.id = p.user_id where p.id = :postId and u.deactivated_at is null and p.user_id <> :me
         and not exists (select 1 from post_likes where post_id = p.id and user_id = :me)`,
      )
      .pluck();
    const pairs: Array<{ person: BenchPerson; postId: number }> = [];
    for (const [n, person] of people.entries()) {
      for (let k = 0, found = 0; found < LIKES_PER_PERSON; k++) {
        const postId = 1 + ((n * 7919 + (round * LIKES_PER_PERSON + k) * 104_729) % posts);
        if (likable.get({ postId, me: person.id })) {
          pairs.push({ person, postId });
          found++;
        }
      }
    }
    return pairs;
  } finally {
    sqlite.close();
  }
}

/** Reviews by people who are not signed in here (so every comment tells their author), newest first. */
function reviewsToComment(file: string): number[] {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return sqlite
      .prepare('select p.id from posts p join users u on u.id = p.user_id where u.deactivated_at is null and u.id % 20 <> 7 order by p.id desc limit ?')
      .pluck()
      .all(COMMENTED_REVIEWS) as number[];
  } finally {
    sqlite.close();
  }
}

function countRows(file: string, query: string): number {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare(query).pluck().get() as number;
  } finally {
    sqlite.close();
  }
}

const NOTIFICATION_COUNT = 'select count(*) from notifications';

interface SqlTiming {
  p50: number;
  p99: number;
}

function timingOf(micros: number[]): SqlTiming {
  const sorted = [...micros].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** The poll's SQL alone: NotificationRepository's unread count for each person (a warm pass first). */
function unreadSql(file: string, people: BenchPerson[]): string {
  const db = openDatabase(file);
  try {
    const unread = notificationStatement(db.$client, notificationRepositoryOn(db.$client), 'unread');
    for (const person of people) unread.get({ userId: person.id });
    const times = people.map((person) => {
      const start = performance.now();
      unread.get({ userId: person.id });
      return (performance.now() - start) * 1000;
    });
    const timing = timingOf(times);
    return `  the unread count's SQL alone (NotificationRepository.unread, ${people.length} people): p50 ${timing.p50.toFixed(0)} µs, p99 ${timing.p99.toFixed(0)} µs`;
  } finally {
    db.$client.close();
  }
}

/** Server CPU per poll at full speed (autocannon, 50 connections), each request as one of the people. */
async function pollsAtFullSpeed(ours: ServerProcess, file: string, people: BenchPerson[]): Promise<string[]> {
  const headers = (person: BenchPerson) => ({ authorization: `Bearer ${person.token}` });
  const cases: FeedCase[] = [
    {
      name: 'tRPC notification.unreadCount (batched GET, as the web app polls)',
      requests: people.map((person) => ({ method: 'GET' as const, path: batchedQuery('notification.unreadCount', {}), headers: headers(person) })),
    },
    {
      name: 'tRPC notification.unreadCount (plain GET)',
      requests: people.map((person) => ({ method: 'GET' as const, path: `/trpc/notification.unreadCount?input=${encodeURIComponent('{}')}`, headers: headers(person) })),
    },
    {
      name: 'REST POST /api/notification/unreadcount',
      requests: people.map((person) => ({ method: 'POST' as const, path: '/api/notification/unreadcount', body: '{}', headers: headers(person) })),
    },
  ];
  const [results] = await runCases([ours], cases);
  const lines = [`Unread count polls at full speed (${CONNECTIONS} connections, ${people.length} people, best of the rounds):`, unreadSql(file, people)];
  for (const [i, feedCase] of cases.entries()) {
    const result = results[i];
    lines.push(
      `  ${feedCase.name.padEnd(66)} ${perSecond(result.requestsPerSecond).padStart(7)} req/s, p50/p99 ${ms(result.p50)}/${ms(result.p99)} ms, ` +
        `${Math.round((result.serverCpu / result.requestsPerSecond) * 1e6)} µs server CPU per poll, ${result.ok} ok, ${result.failed} failed` +
        (result.failed ? ` ${JSON.stringify(result.failures)}` : ''),
    );
  }
  return lines;
}

/**
 * OPEN_PAGES open pages, each polling every POLL_MS as the web app does (batched tRPC GET, its own token), their
 * polls spread evenly, each on a fresh connection; HOLD_SECONDS long, after IDLE_SECONDS of the server idle.
 */
async function holdOpenPages(ours: ServerProcess, people: BenchPerson[]): Promise<string[]> {
  await ours.drain();
  const idleBefore = await ours.usage();
  await sleep(IDLE_SECONDS * 1000);
  const idleAfter = await ours.usage();
  const idleShare = (idleAfter.cpu - idleBefore.cpu) / 1e6 / IDLE_SECONDS;

  const base = new URL(ours.base);
  const route = batchedQuery('notification.unreadCount', {});
  const rss: number[] = [idleAfter.rss];
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  const end = start + HOLD_SECONDS * 1000;
  const schedule: Array<{ at: number; person: BenchPerson }> = [];
  for (const [i, person] of people.entries()) {
    for (let at = start + (i * POLL_MS) / people.length; at < end; at += POLL_MS) schedule.push({ at, person });
  }
  schedule.sort((a, b) => a.at - b.at);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sleep(1000);
      if (sampling) rss.push((await ours.usage()).rss);
    }
  })();
  const cpuBefore = idleAfter.cpu;
  for (const { at, person } of schedule) {
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    const sentAt = performance.now();
    pending.push(
      send(false, base, 'GET', route, person.token)
        .catch((error: Error) => error.message)
        .then((status) => {
          times.push(performance.now() - sentAt);
          statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
        }),
    );
  }
  await Promise.all(pending);
  const wall = (performance.now() - start) / 1000;
  sampling = false;
  await sampler;
  const after = await ours.usage();
  rss.push(after.rss);
  const cpuShare = (after.cpu - cpuBefore) / 1e6 / wall;
  times.sort((a, b) => a - b);
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  return [
    `${people.length} open pages polling every ${POLL_MS / 1000} s (${(people.length / (POLL_MS / 1000)).toFixed(0)} polls/s, batched tRPC GET, a fresh connection each) for ${wall.toFixed(1)} s: ` +
      `${schedule.length} polls (${JSON.stringify(statuses)}), p50/p99/max ${ms(percentile(times, 50))}/${ms(percentile(times, 99))}/${ms(times[times.length - 1])} ms ` +
      `(${times.filter((time) => time > 100).length} over 100 ms); ` +
      `server CPU ${(cpuShare * 100).toFixed(1)} % of one core (idle before: ${(idleShare * 100).toFixed(1)} %), ` +
      `${Math.round(((after.cpu - cpuBefore) / schedule.length))} µs per poll incl. the connection; ` +
      `resident memory ${mb(idleAfter.rss)} before, ${mb(Math.max(...rss))} at most, ${mb(after.rss)} after`,
  ];
}

/** Likes, unlikes and comments over REST and tRPC, with the notification rows each phase wrote or took back. */
async function writes(ours: ServerProcess, file: string, people: BenchPerson[]): Promise<{ lines: string[]; commented: number[] }> {
  const lines = [`Likes and comments (${CONNECTIONS} connections, each call as one of ${people.length} people):`];
  const phase = async (name: string, calls: Call[]) => {
    const before = countRows(file, NOTIFICATION_COUNT);
    const result = await drive(ours, calls);
    const change = countRows(file, NOTIFICATION_COUNT) - before;
    lines.push(
      `  ${name.padEnd(44)} ${String(result.calls).padStart(5)} calls ${perSecond(result.requestsPerSecond).padStart(7)} req/s, p50/p99 ${ms(result.p50)}/${ms(result.p99)} ms, ` +
        `${Math.round(result.cpuPerCall)} µs server CPU per call; notifications ${change >= 0 ? '+' : ''}${change.toLocaleString('en-US')}; statuses ${JSON.stringify(result.statuses)}`,
    );
  };
  const restPairs = reviewsToLike(file, people, 0);
  const trpcPairs = reviewsToLike(file, people, 1);
  const restBody = (postId: number) => JSON.stringify({ postid: postId });
  const trpcBody = (input: unknown) => JSON.stringify({ 0: input });
  await phase('REST likepost', restPairs.map(({ person, postId }) => ({ path: '/api/post/likepost', body: restBody(postId), token: person.token })));
  await phase('REST unlikepost', restPairs.map(({ person, postId }) => ({ path: '/api/post/unlikepost', body: restBody(postId), token: person.token })));
  await phase('tRPC post.like', trpcPairs.map(({ person, postId }) => ({ path: batchedMutation('post.like'), body: trpcBody({ postid: postId }), token: person.token })));
  await phase('tRPC post.unlike', trpcPairs.map(({ person, postId }) => ({ path: batchedMutation('post.unlike'), body: trpcBody({ postid: postId }), token: person.token })));

  const commented = reviewsToComment(file);
  const comments = (offset: number) =>
    people.flatMap((person, n) =>
      Array.from({ length: COMMENTS_PER_PERSON }, (_unused, k) => ({ person, postId: commented[(n * COMMENTS_PER_PERSON + k + offset) % commented.length], k })),
    );
  const text = (k: number) => `Bench comment ${k}: smooth and bright, worth the line`;
  await phase(
    'REST addcomment',
    comments(0).map(({ person, postId, k }) => ({ path: '/api/post/addcomment', body: JSON.stringify({ postid: postId, comment: text(k) }), token: person.token })),
  );
  await phase(
    'tRPC post.addComment',
    comments(7).map(({ person, postId, k }) => ({ path: batchedMutation('post.addComment'), body: trpcBody({ postid: postId, comment: text(k) }), token: person.token })),
  );
  lines.push(
    `  (comments go to the ${COMMENTED_REVIEWS} newest reviews by people not signed in here, ${((2 * people.length * COMMENTS_PER_PERSON) / COMMENTED_REVIEWS).toFixed(0)} each ` +
      'by the end: each comment tells the author and the earlier commenters)',
  );
  return { lines, commented };
}

/** What the notification mailer does off the request path once the comments have asked for e-mail. */
async function watchMailer(ours: ServerProcess, file: string): Promise<string[]> {
  const queued = 'select count(*) from mail_queue';
  const before = countRows(file, queued);
  const cpuBefore = await ours.cpu();
  await sleep(MAILER_WATCH_SECONDS * 1000);
  const cpu = (await ours.cpu()) - cpuBefore;
  const written = countRows(file, queued) - before;
  const waiting = countRows(file, 'select count(distinct user_id) from notifications where email_pending = 1');
  return [
    `Mailer in the ${MAILER_WATCH_SECONDS} s after the comments (off the request path, a round every 10 s): ${written} e-mails written to the queue, ` +
      `${waiting} people still waiting, server CPU ${((cpu / 1e6 / MAILER_WATCH_SECONDS) * 100).toFixed(1)} % of one core ` +
      `(${written ? Math.round(cpu / written) : '-'} µs per e-mail)`,
  ];
}

/**
 * NotificationRepository's own statements (the app's SQL), on a connection opened as the app opens it, while our API
 * is idle:
 *  - alone: each statement inside one transaction that is rolled back, so the data stays as it was;
 *  - committed: one transaction per call as the app runs it (BEGIN, the writes, COMMIT into the WAL), the like or
 *    comment row without and with its notification statements, then undone (likes taken back, comments deleted).
 * The difference of the committed pair is what the notification adds to a like, unlike or comment, commit included.
 */
function notificationSql(file: string, people: BenchPerson[], commented: number[]): string[] {
  const db = openDatabase(file);
  const sqlite = db.$client;
  try {
    // The notification SQL a like, an unlike and a comment record on SQLite (PostRepository's steps), each on its own.
    const liked = sqlite.prepare(RECORDED_WITH_WRITES.like(RECORDED_BY_ID.review));
    const unliked = sqlite.prepare(RECORDED_WITH_WRITES.unlike(RECORDED_BY_ID.author));
    const commentedStatement = sqlite.prepare(RECORDED_WITH_WRITES.comment(RECORDED_BY_ID.commented));
    const replied = sqlite.prepare(RECORDED_WITH_WRITES.reply(RECORDED_BY_ID.commented, RECORDED_BY_ID.mentioned));
    // The like row as PostService.like and unlike write it (drizzle's SQL).
    const orm = drizzle({ client: sqlite });
    const likeRow = orm
      .insert(postLikes)
      .values({ postId: sql.placeholder('postId'), userId: sql.placeholder('userId') })
      .onConflictDoNothing()
      .prepare();
    const unlikeRow = orm
      .delete(postLikes)
      .where(and(eq(postLikes.postId, sql.placeholder('postId')), eq(postLikes.userId, sql.placeholder('userId'))))
      .prepare();
    const addComment = orm
      .insert(comments)
      .values({ postId: sql.placeholder('postId'), userId: sql.placeholder('userId'), body: sql.placeholder('body') })
      .returning()
      .prepare();
    const deleteComment = sqlite.prepare('delete from comments where id = ?');
    const pairs = reviewsToLike(file, people, 2).slice(0, 2 * SQL_RUNS);
    const [withoutPairs, withPairs] = [pairs.slice(0, SQL_RUNS), pairs.slice(SQL_RUNS)];
    const timed = (into: number[], call: () => unknown) => {
      const start = performance.now();
      const result = call();
      into.push((performance.now() - start) * 1000);
      return result;
    };
    const commentBody = 'Bench comment: smooth';
    const postOf = (n: number) => commented[n % commented.length];

    // Alone, rolled back.
    const alone: Record<'likeRow' | 'liked' | 'unliked' | 'commented' | 'replied', number[]> = { likeRow: [], liked: [], unliked: [], commented: [], replied: [] };
    let replies = 0;
    sqlite.exec('begin immediate');
    try {
      for (const { person, postId } of withPairs) {
        timed(alone.likeRow, () => likeRow.run({ postId, userId: person.id }));
        timed(alone.liked, () => liked.run({ actor: person.id, postId, mail: 1 }));
      }
      for (const { person, postId } of withPairs) timed(alone.unliked, () => unliked.run({ actor: person.id, postId }));
      for (const [n, { person }] of withPairs.entries()) {
        const postId = postOf(n);
        const comment = addComment.get({ postId, userId: person.id, body: commentBody }) as { id: number };
        timed(alone.commented, () => commentedStatement.run({ actor: person.id, postId, commentId: comment.id, mail: 1 }));
        timed(alone.replied, () => (replies += replied.run({ actor: person.id, postId, commentId: comment.id, mail: 1 }).changes));
      }
    } finally {
      sqlite.exec('rollback');
    }

    // Committed, one transaction per call; then undone.
    const committed: Record<string, number[]> = {};
    const each = (name: string, list: typeof pairs, work: (pair: (typeof pairs)[number], n: number) => unknown) => {
      const times: number[] = (committed[name] = []);
      const transaction = sqlite.transaction(work);
      list.forEach((pair, n) => timed(times, () => transaction(pair, n)));
    };
    each('like', withoutPairs, ({ person, postId }) => likeRow.run({ postId, userId: person.id }));
    each('like+notification', withPairs, ({ person, postId }) => {
      likeRow.run({ postId, userId: person.id });
      liked.run({ actor: person.id, postId, mail: 1 });
    });
    each('unlike', withoutPairs, ({ person, postId }) => unlikeRow.run({ postId, userId: person.id }));
    each('unlike+notification', withPairs, ({ person, postId }) => {
      unlikeRow.run({ postId, userId: person.id });
      unliked.run({ actor: person.id, postId });
    });
    const added: number[] = [];
    each('comment', withoutPairs, ({ person }, n) => added.push((addComment.get({ postId: postOf(n), userId: person.id, body: commentBody }) as { id: number }).id));
    each('comment+notifications', withPairs, ({ person }, n) => {
      const postId = postOf(n);
      const comment = addComment.get({ postId, userId: person.id, body: commentBody }) as { id: number };
      added.push(comment.id);
      commentedStatement.run({ actor: person.id, postId, commentId: comment.id, mail: 1 });
      replied.run({ actor: person.id, postId, commentId: comment.id, mail: 1 });
    });
    sqlite.transaction(() => added.forEach((id) => deleteComment.run(id)))();

    const us = (value: number) => value.toFixed(0).padStart(5);
    const aloneLine = (label: string, name: keyof typeof alone, note = '') => {
      const timing = timingOf(alone[name]);
      return `  ${label.padEnd(52)} p50 ${us(timing.p50)} µs, p99 ${us(timing.p99)} µs${note}`;
    };
    const pairLine = (label: string, without: string, withIt: string) => {
      const [a, b] = [timingOf(committed[without]), timingOf(committed[withIt])];
      return (
        `  ${label.padEnd(24)} without ${us(a.p50)} µs (p99 ${us(a.p99)}), with ${us(b.p50)} µs (p99 ${us(b.p99)}): ` +
        `the notification adds ${us(b.p50 - a.p50)} µs at p50`
      );
    };
    return [
      `Notification SQL alone (the statements RECORDED_WITH_WRITES gives a like, an unlike and a comment on SQLite, ${withPairs.length} runs each inside one transaction, rolled back):`,
      aloneLine('post_likes insert (PostService.like, for comparison)', 'likeRow'),
      aloneLine("liked: insert the like's notification", 'liked'),
      aloneLine('unliked: delete the unread like notification', 'unliked'),
      aloneLine("commented: insert the comment's notification", 'commented'),
      aloneLine('replied: one insert per earlier commenter', 'replied', ` (${(replies / withPairs.length).toFixed(1)} rows per comment on average)`),
      `The same SQL committed, one transaction per call as the app runs it (${SQL_RUNS} calls each; WAL, synchronous=NORMAL):`,
      pairLine('like', 'like', 'like+notification'),
      pairLine('unlike', 'unlike', 'unlike+notification'),
      pairLine('comment (+ replies)', 'comment', 'comment+notifications'),
    ];
  } finally {
    sqlite.close();
  }
}

/** Parts 2 and 3 of the social loop bench on data already made, our API up and the people signed in. */
export async function runNotificationBench(ours: ServerProcess, file: string, people: BenchPerson[]): Promise<void> {
  const unread = countRows(file, `select avg(n) from (select (select count(*) from notifications where user_id = u.id and read_at is null) as n from users u where u.id % 20 = 7)`);
  console.log(`notifications: the ${people.length} people polling have ${unread.toFixed(1)} unread on average`);
  // Reads first: the writes below make the mailer busy for a while (comments are e-mailed by default).
  for (const line of await pollsAtFullSpeed(ours, file, people)) console.log(line);
  for (const line of await holdOpenPages(ours, people.slice(0, OPEN_PAGES))) console.log(line);
  const { lines, commented } = await writes(ours, file, people);
  for (const line of lines) console.log(line);
  for (const line of await watchMailer(ours, file)) console.log(line);
  for (const line of notificationSql(file, people, commented)) console.log(line);
}

async function main(): Promise<void> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-notification-'));
  try {
    const data = await generateFollowingData(path.join(dataDir, 'app.db'));
    console.log(describeFollowingData(data));
    const [ours] = await startServers(['ours'], dataDir);
    try {
      const people = await signIn(ours, activePeople(data.file, OPEN_PAGES));
      await runNotificationBench(ours, data.file, people);
    } finally {
      await ours.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`notification bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
