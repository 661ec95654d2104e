/**
 * The Following feed at scale (issue 16): 1,000,000 reviews, 20,000 people each following 200 people and 20 places
 * (following-data.ts). First the SQL: PostRepository's own prepared following query (app-sql.ts reads it from the
 * service) on a connection opened as the app opens it, for a sample of readers, on the first page (limit 5) and on
 * the page after 10,000 reviews of each reader's feed (cursor), with its EXPLAIN QUERY PLAN; each reader's cursor
 * comes from an independent definition of the feed, and one reader's feed is walked page by page against that
 * definition. Then HTTP: tRPC post.following and REST loadfollowingposts signed in as those readers, against our
 * API and the raw node:http + better-sqlite3 server answering the same SQL from the same file (taking turns, as
 * feed.bench.ts runs them). Bounded by counts and time; printed, never asserted.
 *
 * Runs in `pnpm bench` (social-loop.bench.ts); alone: node apps/api/dist/bench/following.bench.js
 * (FEED_BENCH_POSTS=200000 FOLLOWING_BENCH_DEPTH=1000 for a quicker run on smaller data; FOLLOWING_BENCH_READERS, default 500).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase } from '@siplog/db';
import type { AuthUser } from '../common/auth-user';
import { argumentsOf, followingSqlOf, postServiceOn } from './app-sql';
import { answersOf, CONNECTIONS, runCases, type CaseResult, type FeedCase, type ServerProcess } from './feed.bench';
import { generateFollowingData, type FollowingData } from './following-data';
import { percentile } from './measure';
import { activePeople, ms, perSecond, signIn, sleep, startServers, type BenchPerson } from './social-bench-setup';
import { Database } from './raw-feed-server';

/** The deep page: the one after this many reviews of the reader's feed (FOLLOWING_BENCH_DEPTH for smaller data). */
export const FEED_DEPTH = Number(process.env.FOLLOWING_BENCH_DEPTH) || 10_000;
const PAGE = 5;
const READERS = Number(process.env.FOLLOWING_BENCH_READERS) || 500;
/** REST `skip` 10,000 walks every source that deep: timed on fewer readers. */
const DEEP_SKIP_READERS = 50;
/** Requests per HTTP case whose answers are compared between the two servers. */
const ANSWERS_CHECKED = 50;
/** Targets: at most 2 ms of SQL per page (issue 16), and at least 0.8 x the raw server's requests/s (issue 32). */
const SQL_TARGET_US = 2000;
const HTTP_TARGET_RATIO = 0.8;

/**
 * The Following feed by its definition, not by the app's query: reviews by people the reader follows, at places they
 * follow, and their own, by active people, newest first. Slow (it reads the whole feed), used only to find cursors
 * and to check the app's pages.
 */
const FEED_BY_DEFINITION = `
  select p.created_at, p.id from posts p join users a on a.id = p.user_id and a.deactivated_at is null
  where p.user_id in (select followee_id from user_follows where follower_id = :me union select :me)
     or p.establishment_id in (select establishment_id from place_follows where user_id = :me)
  order by p.created_at desc, p.id desc limit :limit offset :offset`;

export interface FollowingReader {
  id: number;
  email: string;
  username: string;
  /** The web app's cursor after the first FEED_DEPTH reviews of this reader's feed. */
  deepCursor: string;
}

/** The people whose feed holds more than FEED_DEPTH + PAGE reviews, with their deep cursor. */
export function followingReaders(file: string, people: Array<Omit<BenchPerson, 'token'>>): { readers: FollowingReader[]; tooShort: number; seconds: number } {
  const started = performance.now();
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const nth = sqlite.prepare(FEED_BY_DEFINITION);
    const readers: FollowingReader[] = [];
    let tooShort = 0;
    for (const person of people) {
      const rows = nth.all({ me: person.id, limit: PAGE + 1, offset: FEED_DEPTH - 1 }) as Array<{ created_at: number; id: number }>;
      if (rows.length < PAGE + 1) tooShort++;
      else readers.push({ id: person.id, email: person.email, username: person.username, deepCursor: `${rows[0].created_at}_${rows[0].id}` });
    }
    return { readers, tooShort, seconds: (performance.now() - started) / 1000 };
  } finally {
    sqlite.close();
  }
}

interface Timing {
  p50: number;
  p99: number;
  max: number;
}

function timingOf(micros: number[]): Timing {
  const sorted = [...micros].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

const parseCursor = (cursor: string) => {
  const [createdAt, id] = cursor.split('_').map(Number);
  return { createdAt, id };
};
const FEED_START = { createdAt: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };

export interface FollowingSqlResult {
  lines: string[];
  firstPage: Timing;
  deepPage: Timing;
}

/**
 * The SQL of the Following feed for each reader, first page and after FEED_DEPTH reviews, through PostRepository's
 * prepared followingQuery on a connection opened as the app opens it (openDatabase's pragmas); a warm pass first.
 */
export async function measureFollowingSql(file: string, readers: FollowingReader[]): Promise<FollowingSqlResult> {
  const db = openDatabase(file);
  const sqlite = db.$client;
  const lines: string[] = [];
  try {
    const posts = postServiceOn(sqlite);
    const sql = followingSqlOf(sqlite);
    // The service's own prepared SQL, run synchronously: the query's cost alone.
    const statement = sqlite.prepare(sql.following.sql);
    const query = { all: (values: Record<string, unknown>) => statement.all(...argumentsOf(sql.following, values)) };
    const firstValues = (me: number) => ({ me, ...FEED_START, take: PAGE, limit: PAGE, offset: 0 });
    const deepValues = (reader: FollowingReader) => ({ me: reader.id, ...parseCursor(reader.deepCursor), take: PAGE, limit: PAGE, offset: 0 });
    const timed = (call: () => unknown) => {
      const start = performance.now();
      call();
      return (performance.now() - start) * 1000;
    };
    const timedAsync = async (call: () => Promise<unknown>) => {
      const start = performance.now();
      await call();
      return (performance.now() - start) * 1000;
    };

    lines.push('EXPLAIN QUERY PLAN of the PostRepository following query (first page):');
    const plan = sqlite.prepare(`explain query plan ${sql.following.sql}`).all(...argumentsOf(sql.following, firstValues(readers[0].id))) as Array<{
      id: number;
      parent: number;
      detail: string;
    }>;
    const depth = new Map<number, number>([[0, 0]]);
    for (const step of plan) {
      depth.set(step.id, (depth.get(step.parent) ?? 0) + 1);
      lines.push(`  ${'  '.repeat((depth.get(step.id) ?? 1) - 1)}${step.detail}`);
    }

    for (const reader of readers) {
      query.all(firstValues(reader.id));
      query.all(deepValues(reader));
    }
    const first: number[] = [];
    const deep: number[] = [];
    const firstService: number[] = [];
    const deepService: number[] = [];
    // One reader after another, as requests come (a reader's second call would find its pages in SQLite's cache).
    for (const reader of readers) first.push(timed(() => query.all(firstValues(reader.id))));
    for (const reader of readers) deep.push(timed(() => query.all(deepValues(reader))));
    for (const reader of readers) firstService.push(await timedAsync(() => posts.followingPage({ id: reader.id } as AuthUser, PAGE)));
    for (const reader of readers) deepService.push(await timedAsync(() => posts.followingPage({ id: reader.id } as AuthUser, PAGE, reader.deepCursor)));
    const restDeep: number[] = [];
    for (const reader of readers.slice(0, DEEP_SKIP_READERS)) {
      restDeep.push(timed(() => query.all({ me: reader.id, ...FEED_START, take: FEED_DEPTH + PAGE, limit: PAGE, offset: FEED_DEPTH })));
    }

    // One reader's feed walked as the web app pages it (50 at a time), against the feed's definition: no repeat, no gap.
    const walker = readers[0];
    const byDefinition = sqlite.prepare(FEED_BY_DEFINITION).all({ me: walker.id, limit: FEED_DEPTH + PAGE, offset: 0 }) as Array<{ id: number }>;
    const walked: number[] = [];
    let cursor: string | null = null;
    while (walked.length < FEED_DEPTH) {
      const page = await posts.followingPage({ id: walker.id } as AuthUser, 50, cursor);
      walked.push(...page.posts.map((post) => post.post_id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    const deepPage = (await posts.followingPage({ id: walker.id } as AuthUser, PAGE, walker.deepCursor)).posts.map((post) => post.post_id);
    const walkMatches =
      isDeepStrictEqual(walked.slice(0, FEED_DEPTH), byDefinition.slice(0, FEED_DEPTH).map((row) => row.id)) &&
      isDeepStrictEqual(deepPage, byDefinition.slice(FEED_DEPTH).map((row) => row.id));

    const firstPage = timingOf(first);
    const deepPageTiming = timingOf(deep);
    const row = (name: string, timing: Timing, runs: number, target?: boolean) =>
      lines.push(
        `  ${name.padEnd(58)} ${String(runs).padStart(5)} ${Math.round(timing.p50).toLocaleString('en-US').padStart(9)} ${Math.round(timing.p99).toLocaleString('en-US').padStart(9)} ${Math.round(timing.max).toLocaleString('en-US').padStart(9)}` +
          (target === undefined ? '' : `  target <= ${SQL_TARGET_US} µs: ${target ? 'met' : 'MISSED'} (p50)`),
      );
    lines.push(`Following feed SQL, ${readers.length} readers (µs per call, a warm pass first; the app's connection pragmas):`);
    lines.push(`  ${'call'.padEnd(58)} ${'runs'.padStart(5)} ${'p50 µs'.padStart(9)} ${'p99 µs'.padStart(9)} ${'max µs'.padStart(9)}`);
    row('followingQuery, first page (limit 5)', firstPage, first.length, firstPage.p50 <= SQL_TARGET_US);
    row(`followingQuery, after ${FEED_DEPTH.toLocaleString('en-US')} reviews (cursor)`, deepPageTiming, deep.length, deepPageTiming.p50 <= SQL_TARGET_US);
    row('followingPage (the whole service call), first page', timingOf(firstService), firstService.length);
    row(`followingPage (the whole service call), after ${FEED_DEPTH.toLocaleString('en-US')}`, timingOf(deepService), deepService.length);
    row(`followingQuery, REST skip ${FEED_DEPTH.toLocaleString('en-US')} (each source walks ${FEED_DEPTH + PAGE})`, timingOf(restDeep), restDeep.length);
    lines.push(
      `  deep / first page: ${(deepPageTiming.p50 / firstPage.p50).toFixed(2)} (flat with depth = about 1); reader ${walker.username}'s feed walked by cursor ` +
        `(${walked.length.toLocaleString('en-US')} reviews, pages of 50) and the page after ${FEED_DEPTH.toLocaleString('en-US')}: ` +
        (walkMatches ? 'identical to the feed by definition (no repeat, no gap)' : 'DIFFERS FROM the feed by definition'),
    );
    return { lines, firstPage, deepPage: deepPageTiming };
  } finally {
    sqlite.close();
  }
}

/** The HTTP cases: each request signed in as one of the readers (their own feed). */
function followingCases(readers: Array<FollowingReader & { token: string }>): FeedCase[] {
  const auth = (reader: { token: string }) => ({ authorization: `Bearer ${reader.token}` });
  const trpc = (reader: FollowingReader & { token: string }, cursor?: string) => ({
    method: 'GET' as const,
    path: `/trpc/post.following?input=${encodeURIComponent(JSON.stringify(cursor ? { limit: PAGE, cursor } : { limit: PAGE }))}`,
    headers: auth(reader),
  });
  const rest = (reader: { token: string }, skip: number) => ({
    method: 'POST' as const,
    path: '/api/post/loadfollowingposts',
    body: JSON.stringify({ limit: PAGE, skip }),
    headers: auth(reader),
  });
  // REST skip 10,000 is timed as SQL only (above): a walk of every source that deep, rate-limited past skip 1,000.
  const n = readers.length;
  return [
    { name: `tRPC post.following, first page (${n} readers)`, requests: readers.map((reader) => trpc(reader)) },
    { name: `tRPC post.following after ${FEED_DEPTH.toLocaleString('en-US')} reviews`, requests: readers.map((reader) => trpc(reader, reader.deepCursor)) },
    { name: 'REST loadfollowingposts limit 5, skip 0', requests: readers.map((reader) => rest(reader, 0)) },
  ];
}

/** Our API and the raw server on the same file, the readers signed in: requests/s side by side. */
export async function measureFollowingHttp(
  ours: ServerProcess,
  raw: ServerProcess,
  readers: Array<FollowingReader & { token: string }>,
): Promise<{ lines: string[]; results: Array<{ name: string; ours: CaseResult; raw: CaseResult }> }> {
  const cases = followingCases(readers);
  const lines: string[] = [];
  // Both servers must give the same answers: the first ANSWERS_CHECKED requests of each case (a few of the slow one).
  const checked = cases.map((feedCase) => feedCase.requests.slice(0, ANSWERS_CHECKED).map((request) => ({ name: feedCase.name, requests: [request] })));
  const answers = await Promise.all([ours, raw].map((server) => answersOf(server, checked.flat())));
  const differing = [...new Set(checked.flat().filter((_one, i) => !isDeepStrictEqual(answers[0][i], answers[1][i])).map((one) => one.name))];
  const [load1] = os.loadavg();
  const [oursResults, rawResults] = await runCases([ours, raw], cases);
  lines.push(
    `Following feed over HTTP: ${CONNECTIONS} connections, signed in as ${readers.length} readers (their own feeds), ours and raw taking turns; ` +
      `load average before ${load1.toFixed(1)}; ` +
      (differing.length ? `ANSWERS DIFFER for: ${differing.join('; ')}` : `both servers gave identical answers (${ANSWERS_CHECKED} readers per case)`),
  );
  const width = Math.max(...cases.map((feedCase) => feedCase.name.length)) + 1;
  const row = (cells: string[]) => lines.push(cells[0].padEnd(width) + cells.slice(1).map((cell) => cell.padStart(13)).join(''));
  row(['case', 'ours req/s', 'raw req/s', 'ours/raw', 'ours p50/p99', 'raw p50/p99', 'ours µs/req', 'raw µs/req', 'ok/failed']);
  const cpu = (result: CaseResult) => String(Math.round((result.serverCpu / result.requestsPerSecond) * 1e6));
  const results = cases.map((feedCase, i) => {
    const [o, r] = [oursResults[i], rawResults[i]];
    row([
      feedCase.name,
      perSecond(o.requestsPerSecond),
      perSecond(r.requestsPerSecond),
      (o.requestsPerSecond / r.requestsPerSecond).toFixed(2),
      `${ms(o.p50)}/${ms(o.p99)}`,
      `${ms(r.p50)}/${ms(r.p99)}`,
      cpu(o),
      cpu(r),
      `${o.ok}/${o.failed}`,
    ]);
    for (const [label, result] of [['ours', o] as const, ['raw', r] as const]) {
      if (result.failed) lines.push(`  ${feedCase.name}, ${label}: failed ${JSON.stringify(result.failures)}`);
    }
    return { name: feedCase.name, ours: o, raw: r };
  });
  for (const result of results) {
    const ratio = result.ours.requestsPerSecond / result.raw.requestsPerSecond;
    lines.push(`following target, ${result.name}: ${ratio.toFixed(2)} x raw (target >= ${HTTP_TARGET_RATIO}: ${ratio >= HTTP_TARGET_RATIO ? 'met' : 'MISSED'})`);
  }
  lines.push('(latencies in ms; µs/req: server CPU per answer; the raw server checks the token as TokenService does: HS256, claims, live session)');
  return { lines, results };
}

/** Part 1 of the social loop bench on data already made and servers already up. */
export async function runFollowingBench(
  data: FollowingData,
  servers: { ours: ServerProcess; raw: ServerProcess },
  people: BenchPerson[],
): Promise<void> {
  const { readers, tooShort, seconds } = followingReaders(data.file, people.slice(0, READERS));
  console.log(
    `following: ${readers.length} readers with more than ${FEED_DEPTH.toLocaleString('en-US')} reviews in their feed (${tooShort} of the first ${Math.min(READERS, people.length)} had fewer), ` +
      `deep cursors found by the feed's definition in ${seconds.toFixed(1)} s`,
  );
  if (readers.length === 0) {
    console.log(`following: no reader's feed is that deep on this data (set FOLLOWING_BENCH_DEPTH lower for small FEED_BENCH_POSTS)`);
    return;
  }
  const sql = await measureFollowingSql(data.file, readers);
  for (const line of sql.lines) console.log(line);
  // The SQL above held this process's event loop: let fetch see the kept-alive connections the servers closed meanwhile.
  await sleep(500);
  const tokens = new Map(people.map((person) => [person.id, person.token]));
  const http = await measureFollowingHttp(
    servers.ours,
    servers.raw,
    readers.map((reader) => ({ ...reader, token: tokens.get(reader.id) as string })),
  );
  for (const line of http.lines) console.log(line);
}

export function describeFollowingData(data: FollowingData): string {
  return (
    `social data: ${data.posts.toLocaleString('en-US')} reviews by ${data.people.toLocaleString('en-US')} people (${data.deactivated} deactivated) over ` +
    `${data.places.toLocaleString('en-US')} places, ${data.likes.toLocaleString('en-US')} likes, ${data.follows.toLocaleString('en-US')} follows of people and ` +
    `${data.placeFollows.toLocaleString('en-US')} of places, ${data.notifications.toLocaleString('en-US')} like notifications (${data.unread.toLocaleString('en-US')} unread): ` +
    `generated in ${(data.seconds + data.socialSeconds).toFixed(1)} s (feed data ${data.seconds.toFixed(1)} s, follows and notifications ${data.socialSeconds.toFixed(1)} s), ` +
    `${data.megabytes.toFixed(0)} MB`
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-following-'));
  try {
    const data = await generateFollowingData(path.join(dataDir, 'app.db'));
    console.log(describeFollowingData(data));
    const [ours, raw] = await startServers(['ours', 'raw'], dataDir);
    try {
      const people = await signIn(ours, activePeople(data.file, READERS));
      await runFollowingBench(data, { ours, raw }, people);
    } finally {
      await ours.stop();
      await raw.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`following bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
