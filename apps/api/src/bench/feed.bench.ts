/**
 * The feed at scale: 1,000,000 reviews by 20,000 people over 50,000 places (image rows, not image files) in a temp
 * DATA_DIR, then the feed calls at 50 concurrent connections (autocannon) against our API (the Nest app from
 * createApp) and against a minimal node:http + better-sqlite3 server answering the same SQL from the same file
 * (raw-feed-server.ts). Each server runs in a process of its own, so the load generator has the other core.
 * Both servers are up at once but only one takes load at a time: per case they take turns (ours, raw, ours, raw) and
 * each one's best round counts, so load from elsewhere on the machine weighs on both alike. Prints requests/s, p50
 * and p99 side by side with the ratio; bounded by time and counts, printed, never asserted.
 *
 * Runs in `pnpm bench`; alone: node apps/api/dist/bench/feed.bench.js
 * (FEED_BENCH_POSTS=200000 for a quicker run; FEED_BENCH_CPU_PROF=dir writes the servers' CPU profiles there).
 */
import { benchBestOrders } from './best-orders.bench';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { BENCH_PASSWORD, generateFeedData, type FeedData } from './feed-data';
import { createFeedAnswers, Database } from './raw-feed-server';
import type { FromServer, ServerKind, ToServer } from './feed-server.process';
import { printCrowd, runCrowd, type CrowdResult } from './crowd.bench';
import { percentile } from './measure';

const SIZE = { people: 20_000, places: 50_000, posts: Number(process.env.FEED_BENCH_POSTS) || 1_000_000 };
export const CONNECTIONS = 50;
/** Per case and server: a second of warm-up, then ROUNDS rounds of SECONDS, the two servers taking turns. */
const WARM_UP_SECONDS = 1;
const ROUNDS = 2;
const SECONDS = 3;
/** A call that takes SQLite a third of a second runs as a fixed number of requests instead (two per connection). */
const SLOW_CASE_REQUESTS = 2 * CONNECTIONS;
/** Ours as it ships (public cache on), ours with PUBLIC_CACHE_MB=0, and the raw yardstick: printed in this order. */
const KINDS: ServerKind[] = ['ours', 'uncached', 'raw'];

export interface FeedCase {
  name: string;
  requests: Array<{ method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }>;
  /** Deep OFFSET: too slow for rounds of seconds at 50 connections, so a fixed amount once per server. */
  slow?: boolean;
}

export interface CaseResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  /** What the failures were (status codes, error codes). */
  failures: Record<string, number>;
  bytesPerAnswer: number;
  /** Share of one core the server and the load generator used. */
  serverCpu: number;
  clientCpu: number;
}

/** What the cases need beyond the generated data: people to open profiles of, and signed-in readers' tokens. */
interface Visitors {
  usernames: string[];
  token: string;
  /** A reader who blocked a deactivated person: their feed reads as everyone's, and is kept for them alone. */
  blockerToken: string;
}

function feedCases(data: FeedData, visitors: Visitors): FeedCase[] {
  const recent = (skip: number): FeedCase => ({
    name: `loadrecentposts limit 5, skip ${skip.toLocaleString('en-US')}`,
    requests: [{ method: 'POST', path: '/api/post/loadrecentposts', body: JSON.stringify({ limit: 5, skip }) }],
    slow: skip >= 100_000,
  });
  const trpc = (name: string, cursor?: string, headers?: Record<string, string>): FeedCase => ({
    name,
    requests: [{ method: 'GET', path: `/trpc/post.recent?input=${encodeURIComponent(JSON.stringify(cursor ? { limit: 5, cursor } : { limit: 5 }))}`, headers }],
  });
  return [
    recent(0),
    recent(1000),
    recent(100_000),
    {
      name: `loadpostsbyestablishment (${data.readPlaces.length} places)`,
      requests: data.readPlaces.map((id) => ({ method: 'POST', path: '/api/post/loadpostsbyestablishment', body: JSON.stringify({ establishment_id: id }) })),
    },
    {
      name: `loadpublicprofile (${visitors.usernames.length} people)`,
      requests: visitors.usernames.map((username) => ({ method: 'POST', path: '/api/user/loadpublicprofile', body: JSON.stringify({ username }) })),
    },
    trpc('tRPC post.recent, first page'),
    ...Object.entries(data.cursorAfter).map(([n, cursor]) => trpc(`tRPC post.recent after ${Number(n).toLocaleString('en-US')} posts`, cursor)),
    trpc('tRPC post.recent, first page, signed in', undefined, { authorization: `Bearer ${visitors.token}` }),
    ...Object.entries(data.cursorAfter).map(([n, cursor]) =>
      trpc(`tRPC post.recent after ${Number(n).toLocaleString('en-US')} posts, signed in`, cursor, { authorization: `Bearer ${visitors.token}` }),
    ),
    // A reader with a block: answered from what is kept for them alone, computed for them on a miss.
    trpc('tRPC post.recent, first page, signed in with a block', undefined, { authorization: `Bearer ${visitors.blockerToken}` }),
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A feed server in a child process (feed-server.process.ts). */
export class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly kind: ServerKind,
    readonly base: string,
  ) {}

  static start(kind: ServerKind, dataDir: string): Promise<ServerProcess> {
    const profileDir = process.env.FEED_BENCH_CPU_PROF;
    const child = fork(path.join(__dirname, 'feed-server.process.js'), [kind, dataDir], {
      execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, `--cpu-prof-name=${kind}-feed-server.cpuprofile`] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`${kind} feed server did not start in 120 s`));
      }, 120_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${kind} feed server exited with ${code}`));
      });
      child.once('message', (message: FromServer) => {
        clearTimeout(timer);
        if (message.type !== 'ready') return;
        // A server that dies mid-run would otherwise show only as a client's "socket hang up".
        child.once('exit', (code, signal) => {
          if (code !== 0) process.stderr.write(`${kind} feed server ended with ${signal ?? `exit code ${code}`}\n`);
        });
        resolve(new ServerProcess(child, kind, `http://127.0.0.1:${message.port}`));
      });
    });
  }

  /** CPU time (µs) the server process has used so far. */
  async cpu(): Promise<number> {
    return (await this.usage()).cpu;
  }

  /** CPU time (µs) used so far and resident memory (bytes) now. */
  usage(): Promise<{ cpu: number; rss: number }> {
    return new Promise((resolve) => {
      this.child.once('message', (message: FromServer) =>
        resolve(message.type === 'cpu' ? { cpu: message.user + message.system, rss: message.rss } : { cpu: 0, rss: message.rss }),
      );
      this.child.send('cpu' satisfies ToServer);
    });
  }

  /**
   * Waits (at most a minute) until the server is idle: requests the load generator gave up on when a run ended are
   * still answered, and must not weigh on the next run.
   */
  async drain(): Promise<void> {
    let before = await this.cpu();
    for (let i = 0; i < 240; i++) {
      await sleep(250);
      const now = await this.cpu();
      if (now - before < 25_000) return;
      before = now;
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.send('stop' satisfies ToServer);
    });
  }
}

let nextClient = 1;

export async function load(server: ServerProcess, feedCase: FeedCase, run: { seconds: number } | { amount: number }): Promise<CaseResult> {
  await server.drain();
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (what: string) => (failures[what] = (failures[what] ?? 0) + 1);
  let bytes = 0;
  const serverCpuBefore = await server.cpu();
  const clientCpuBefore = process.cpuUsage();
  const start = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.base,
        connections: CONNECTIONS,
        ...('amount' in run ? { amount: run.amount } : { duration: run.seconds }),
        // Long enough that no request is given up on and sent again (which would pile work onto a busy server).
        timeout: 120,
        headers: { 'content-type': 'application/json' },
        // A different client address per request, so deep pages measure work, not the per-client rate limit.
        requests: feedCase.requests.map((request) => ({
          ...request,
          setupRequest: (outgoing: autocannon.Request) => ({
            ...outgoing,
            headers: { ...outgoing.headers, 'x-forwarded-for': `10.${(nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient++ & 255}` },
          }),
        })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        times.push(responseTime);
        bytes += resBytes;
      } else fail(`HTTP ${statusCode}`);
    });
    instance.on('reqError', (error: { code?: string; message?: string }) => fail(error.code ?? error.message ?? 'error'));
  });
  const wall = (performance.now() - start) / 1000;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpu = (await server.cpu()) - serverCpuBefore;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: times.length / result.duration,
    p50: times.length ? percentile(times, 50) : NaN,
    p99: times.length ? percentile(times, 99) : NaN,
    ok: times.length,
    failed: Object.values(failures).reduce((sum, count) => sum + count, 0),
    failures,
    bytesPerAnswer: times.length ? bytes / times.length : 0,
    serverCpu: serverCpu / 1e6 / wall,
    clientCpu: (clientCpu.user + clientCpu.system) / 1e6 / wall,
  };
}

/** One answer per case (its first request), to check both servers say the same. */
export async function answersOf(server: ServerProcess, cases: FeedCase[]): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const feedCase of cases) {
    const { method, path: route, body, headers } = feedCase.requests[0];
    const response = await fetch(server.base + route, { method, body, headers: { 'Content-Type': 'application/json', ...headers } });
    answers.push({ status: response.status, body: await response.json() });
  }
  return answers;
}

/** The work of one answer without HTTP (SQL, rows to views, JSON.stringify), as the raw server does it, in µs. */
function workFloor(file: string, cases: FeedCase[]): number[] {
  const answer = createFeedAnswers(file);
  try {
    return cases.map((feedCase) => {
      const runs = feedCase.slow ? 10 : 1000;
      const start = performance.now();
      for (let i = 0; i < runs; i++) {
        const { method, path: route, body } = feedCase.requests[i % feedCase.requests.length];
        JSON.stringify(answer(method, route, body ?? '')[1]);
      }
      return ((performance.now() - start) * 1000) / runs;
    });
  } finally {
    answer.close();
  }
}

/**
 * Both servers are up, but only one takes load at a time: per case, a warm-up each, then rounds in turn (ours, raw,
 * ours, raw), and each server's best round counts, so load from elsewhere on the machine weighs on both alike.
 */
export async function runCases(servers: ServerProcess[], cases: FeedCase[]): Promise<CaseResult[][]> {
  const results: CaseResult[][] = servers.map(() => []);
  for (const feedCase of cases) {
    if (feedCase.slow) {
      for (const [s, server] of servers.entries()) results[s].push(await load(server, feedCase, { amount: SLOW_CASE_REQUESTS }));
      continue;
    }
    for (const server of servers) await load(server, feedCase, { seconds: WARM_UP_SECONDS });
    const rounds: CaseResult[][] = servers.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [s, server] of servers.entries()) rounds[s].push(await load(server, feedCase, { seconds: SECONDS }));
    }
    for (const [s] of servers.entries()) results[s].push(rounds[s].reduce((best, next) => (next.requestsPerSecond > best.requestsPerSecond ? next : best)));
  }
  return results;
}

/** Server CPU per answer, µs. */
const costOf = (result: CaseResult) => (result.serverCpu / result.requestsPerSecond) * 1e6;
const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value < 1000 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));
const perSecond = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));

/** Cases whose answer is the same for every signed-out visitor: the public cache's targets (at least 2 x raw). */
const CACHED_TARGETS = [/^loadrecentposts limit 5, skip 0$/, /^loadpostsbyestablishment/, /^loadpublicprofile/, /^tRPC post.recent, first page$/];
/** Issue 32: signed-in feed reads, first and deep pages, at least 0.8 x raw as shipped. */
const SIGNED_IN_TARGET = /signed in( with a block)?$/;
const SIGNED_IN_RATIO = 0.8;
/** Issue 32: every public read with the cache off at least 0.6 x raw (deep OFFSETs are SQLite's own cost). */
const UNCACHED_RATIO = 0.6;
/** Issue 32: the public profile's uncached read within 2 x the raw server's CPU per answer. */
const PROFILE_CPU_RATIO = 2;

function printTable(cases: FeedCase[], results: CaseResult[][], floor: number[]): void {
  const [ours, uncached, raw] = results;
  const width = Math.max(...cases.map((feedCase) => feedCase.name.length)) + 1;
  const row = (cells: string[]) =>
    console.log(cells[0].padEnd(width), ...cells.slice(1, 6).map((cell) => cell.padStart(10)), ...cells.slice(6).map((cell) => cell.padStart(15)));
  row(['case', 'ours req/s', 'uncached', 'raw req/s', 'ours/raw', 'unc./raw', 'ours p50/p99', 'uncached p50/p99', 'raw p50/p99']);
  const latency = (result: CaseResult) => `${ms(result.p50)}/${ms(result.p99)}`;
  cases.forEach((feedCase, i) => {
    row([
      feedCase.name,
      perSecond(ours[i].requestsPerSecond),
      perSecond(uncached[i].requestsPerSecond),
      perSecond(raw[i].requestsPerSecond),
      (ours[i].requestsPerSecond / raw[i].requestsPerSecond).toFixed(2),
      (uncached[i].requestsPerSecond / raw[i].requestsPerSecond).toFixed(2),
      latency(ours[i]),
      latency(uncached[i]),
      latency(raw[i]),
    ]);
  });
  console.log('(ours: as it ships, signed-out answers kept; uncached: PUBLIC_CACHE_MB=0; latencies in ms at 50 connections)');
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const verdicts = cases.flatMap((feedCase, i) => {
    const ratio = ours[i].requestsPerSecond / raw[i].requestsPerSecond;
    const uncachedRatio = uncached[i].requestsPerSecond / raw[i].requestsPerSecond;
    const lines: string[] = [];
    if (CACHED_TARGETS.some((target) => target.test(feedCase.name))) lines.push(`${feedCase.name}: ${ratio.toFixed(2)} x raw (target >= 2: ${met(ratio >= 2)})`);
    if (SIGNED_IN_TARGET.test(feedCase.name)) lines.push(`${feedCase.name}: ${ratio.toFixed(2)} x raw (target >= ${SIGNED_IN_RATIO}: ${met(ratio >= SIGNED_IN_RATIO)})`);
    if (!feedCase.slow && !SIGNED_IN_TARGET.test(feedCase.name)) {
      lines.push(`${feedCase.name}, cache off: ${uncachedRatio.toFixed(2)} x raw (target >= ${UNCACHED_RATIO}: ${met(uncachedRatio >= UNCACHED_RATIO)})`);
    }
    if (/^loadpublicprofile/.test(feedCase.name)) {
      const cpu = costOf(uncached[i]) / costOf(raw[i]);
      lines.push(`${feedCase.name}, cache off: ${cpu.toFixed(2)} x the raw server's CPU per answer (target <= ${PROFILE_CPU_RATIO}: ${met(cpu <= PROFILE_CPU_RATIO)})`);
    }
    return lines;
  });
  for (const verdict of verdicts) console.log(`feed target, ${verdict}`);
  console.log();
  const detail = (cells: string[]) => console.log(cells[0].padEnd(width), ...cells.slice(1).map((cell) => cell.padStart(12)));
  detail(['case', 'work µs', 'ours µs/req', 'unc. µs/req', 'raw µs/req', 'answer KB', 'ours ok/fail', 'unc. ok/fail', 'raw ok/fail', 'srv CPU o/u/r', 'load gen CPU']);
  const cpu = (share: number) => `${Math.round(share * 100)}%`;
  const costPerRequest = (result: CaseResult) => String(Math.round(costOf(result)));
  const okFailed = (result: CaseResult) => `${result.ok}/${result.failed}`;
  cases.forEach((feedCase, i) => {
    detail([
      feedCase.name,
      floor[i].toFixed(0),
      costPerRequest(ours[i]),
      costPerRequest(uncached[i]),
      costPerRequest(raw[i]),
      (ours[i].bytesPerAnswer / 1024).toFixed(1),
      okFailed(ours[i]),
      okFailed(uncached[i]),
      okFailed(raw[i]),
      [ours, uncached, raw].map((all) => cpu(all[i].serverCpu)).join('/'),
      [ours, uncached, raw].map((all) => cpu(all[i].clientCpu)).join('/'),
    ]);
  });
  for (const [i, feedCase] of cases.entries()) {
    for (const [k, kind] of KINDS.entries()) {
      if (results[k][i].failed) console.log(`${feedCase.name}, ${kind}: failed ${JSON.stringify(results[k][i].failures)}`);
    }
  }
  console.log(
    '(work µs: SQL + views + JSON of one answer without HTTP, in this process; µs/req: server CPU per answer; ' +
      'answer KB: ours with headers; CPU: share of one core, server processes ours/uncached/raw and the load generator while each ran)',
  );
}

/** Active people to open the profiles of (the most prolific), and a signed-in reader's token from our API. */
async function visitorsOf(file: string, server: ServerProcess): Promise<Visitors> {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  let readers: Array<{ email: string }>;
  let quiet: string;
  let usernames: string[];
  try {
    usernames = sqlite
      .prepare('select u.username from users u join posts p on p.user_id = u.id where u.deactivated_at is null group by u.id order by count(*) desc limit 200')
      .pluck()
      .all() as string[];
    readers = sqlite.prepare('select email from users where deactivated_at is null order by id limit 2').all() as Array<{ email: string }>;
    quiet = sqlite.prepare('select username from users where deactivated_at is not null limit 1').pluck().get() as string;
  } finally {
    sqlite.close();
  }
  const signIn = async (email: string) => {
    const login = await fetch(`${server.base}/api/user/authenticateuser`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    if (!token) throw new Error(`bench sign-in failed: HTTP ${login.status}`);
    return token;
  };
  const [token, blockerToken] = [await signIn(readers[0].email), await signIn(readers[1].email)];
  // A deactivated person (out of everyone's sight): the blocker's feed is everyone's, so the servers still answer alike.
  const blocked = await fetch(`${server.base}/api/user/blockuser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${blockerToken}` },
    body: JSON.stringify({ targetusername: quiet }),
  });
  if (blocked.status !== 200) throw new Error(`bench block failed: HTTP ${blocked.status}`);
  return { usernames, token, blockerToken };
}

export async function benchFeed(): Promise<void> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-feed-'));
  try {
    const data = await generateFeedData(path.join(dataDir, 'app.db'), SIZE);
    console.log(
      `feed data: ${data.posts.toLocaleString('en-US')} posts by ${data.people.toLocaleString('en-US')} people (${data.deactivated} deactivated) ` +
        `over ${data.places.toLocaleString('en-US')} places, ${data.images.toLocaleString('en-US')} image rows, ${data.likes.toLocaleString('en-US')} likes: ` +
        `generated in ${data.seconds.toFixed(1)} s, ${data.megabytes.toFixed(0)} MB; a place page lists ${data.postsPerPlacePage.toFixed(1)} posts on average`,
    );
    // Best orders read the same 1,000,000 reviews (issue 19's budget: 5 ms for a place with 500).
    await benchBestOrders(data.file);
    const servers: ServerProcess[] = [];
    let results: CaseResult[][];
    let answers: unknown[][];
    let cases: FeedCase[];
    let floor: number[];
    let crowd: CrowdResult[];
    try {
      for (const kind of KINDS) servers.push(await ServerProcess.start(kind, dataDir));
      cases = feedCases(data, await visitorsOf(data.file, servers[0]));
      floor = workFloor(data.file, cases);
      answers = await Promise.all(servers.map((server) => answersOf(server, cases)));
      const [load1, load5] = os.loadavg();
      console.log(`feed: machine load average before the runs ${load1.toFixed(1)} (1 min), ${load5.toFixed(1)} (5 min) on ${os.cpus().length} cores`);
      results = await runCases(servers, cases);
      // Last: the crowd writes to the database the cases read.
      crowd = [];
      for (const kind of ['ours', 'uncached'] as const) crowd.push(await runCrowd(kind, servers[KINDS.indexOf(kind)], data.file));
    } finally {
      for (const server of servers) await server.stop();
    }
    const raw = KINDS.indexOf('raw');
    const differing = cases
      .filter((_feedCase, i) => answers.some((answer) => !isDeepStrictEqual(answer[i], answers[raw][i])))
      .map((feedCase) => feedCase.name);
    console.log(
      `feed: ${CONNECTIONS} connections; per case ${WARM_UP_SECONDS} s warm-up, then the best of ${ROUNDS} rounds of ${SECONDS} s, the servers taking turns ` +
        `(deep OFFSET: ${SLOW_CASE_REQUESTS} requests); ` +
        (differing.length ? `ANSWERS DIFFER for: ${differing.join('; ')}` : 'the three servers gave identical answers for every case'),
    );
    printTable(cases, results, floor);
    console.log();
    printCrowd(crowd);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`feed bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  benchFeed().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
