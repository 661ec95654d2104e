/**
 * Issue 30's federation figures (printed, never asserted), from `node apps/api/dist/bench/federation.bench.js` after
 * `cd apps/api && npx tsc -p tsconfig.build.json`. The built server runs as a child process (SQLite, a temp DATA_DIR,
 * FEDERATION=on at https://siplog.bench) on a private https network: every remote server is one https server in this
 * process, reached through the test preload; nothing leaves the machine.
 *  1. Delivery cost: a person with N remote followers (written into the database before the child starts) on 1 or 10
 *     servers, with or without shared inboxes, posts a review: time from the POST's answer until every inbox has the
 *     Create, and the child's CPU (/proc) per follower and per delivery, less what a review without followers costs.
 *  2. Inbox throughput: C senders POST signed Follow + Undo pairs to the shared inbox for T seconds: 202s per second,
 *     and activities handled per second (until federation_queue has no received activity left).
 *  3. A slow remote (answers after 5 s) and a dead one (nothing listens) beside a healthy one, 8 reviews in a row (twice
 *     the queue's 4 workers): the healthy server's delivery time with and without them, and the dead server's rows
 *     (attempts, next attempt: the queue's backoff, or Fedify's circuit breaker once 5 have failed; none lost).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '@siplog/db/dist/testing/pg-cluster';
import { hashPassword } from '../modules/auth/password-hasher';
import { createTestCa } from '../test/federation-network';
import { startRemoteServers, type RemoteServers } from './federation-bench-remotes';
import {
  openDatabaseReader,
  pollUntil,
  postReview,
  seedDatabase,
  signIn,
  startSiplogChild,
  type SeededFollower,
  type SeededPerson,
  type SiplogChild,
  type SiplogDatabaseReader,
} from './federation-bench-siplog';
import { percentile } from './measure';

const SIPLOG = 'https://siplog.bench';
const RECEIVERS = Array.from({ length: 10 }, (_, i) => `r${i}.bench`);
const HEALTHY = 'ok.bench';
const SLOW = 'slow.bench';
const DEAD = 'dead.bench';
const SENDERS_HOST = 'snd.bench';
const SLOW_ANSWER_MS = 5000;
const PASSWORD = 'BenchPass1';

const FOLLOWER_COUNTS = [10, 100, 1000] as const;
/** Reviews per case by its deliveries: /proc counts CPU in 10 ms ticks, so the small cases are averaged over several. */
const reviewsFor = (deliveries: number) => (deliveries <= 10 ? 10 : deliveries <= 100 ? 3 : 1);
const LAYOUTS = [
  { key: 'sa', label: '1 server, shared inbox', servers: 1, shared: true },
  { key: 'sb', label: '10 servers, shared inboxes', servers: 10, shared: true },
  { key: 'pb', label: '10 servers, personal inboxes', servers: 10, shared: false },
] as const;
const INBOX_SENDERS = 8;
const INBOX_SECONDS = Number(process.env.FEDERATION_BENCH_INBOX_SECONDS) || 5;
/** Twice the queue's 4 workers: enough slow deliveries at once to hold every worker. */
const BURST_REVIEWS = 8;
/** After the last delivery: what the child still does for the review (the queue row's removal) is counted too. */
const SETTLE_MS = 300;
const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const followers = (username: string, count: number, hostOf: (i: number) => string, sharedInbox: boolean): SeededFollower[] =>
  Array.from({ length: count }, (_, i) => ({ host: hostOf(i), identifier: `${username}-${i}`, sharedInbox }));

/** Everyone the bench posts as, with the followers each has before the child starts. */
function benchPeople(): SeededPerson[] {
  const people: SeededPerson[] = [
    { username: 'fedwarm', followers: [...RECEIVERS, HEALTHY].map((host) => ({ host, identifier: `fedwarm-${host}`, sharedInbox: true })) },
    { username: 'fedbase', followers: [] },
    { username: 'fedinbox', followers: [] },
    { username: 'fedok', followers: followers('fedok', 10, () => HEALTHY, true) },
    { username: 'fedslow', followers: [...followers('fedslow-ok', 10, () => HEALTHY, true), ...followers('fedslow', 10, () => SLOW, true)] },
    { username: 'feddead', followers: [...followers('feddead-ok', 10, () => HEALTHY, true), ...followers('feddead', 10, () => DEAD, true)] },
  ];
  for (const layout of LAYOUTS) {
    for (const count of FOLLOWER_COUNTS) {
      const username = `fed${layout.key}${count}`;
      people.push({ username, followers: followers(username, count, (i) => RECEIVERS[i % layout.servers], layout.shared) });
    }
  }
  return people;
}

interface Bench {
  child: SiplogChild;
  remotes: RemoteServers;
  reader: SiplogDatabaseReader;
  ids: Map<string, number>;
  auth: Map<string, string>;
}

const idle = (bench: Bench) => pollUntil(() => bench.reader.busy() === 0, 'an idle federation queue', 120_000);
const creates = (bench: Bench, postId: number) => bench.remotes.deliveriesOf(`${SIPLOG}/ap/reviews/${postId}`).filter((item) => item.type === 'Create');

/** One review to `expected` inboxes: ms from the POST's answer to the last Create, and the child's CPU over it all. */
async function deliverReview(bench: Bench, username: string, expected: number): Promise<{ wallMs: number; cpuMs: number; deliveries: number }> {
  await idle(bench);
  const cpuBefore = bench.child.cpuMs();
  const { postId, answeredAt } = await postReview(bench.child.port, bench.auth.get(username)!, `Delivered to ${expected} inboxes`);
  await bench.remotes.until(() => creates(bench, postId).length >= expected, `${expected} deliveries of ${username}'s review`, 180_000);
  const lastAt = Math.max(answeredAt, ...creates(bench, postId).map((item) => item.at));
  await sleep(SETTLE_MS);
  await idle(bench);
  if (creates(bench, postId).some((item) => !item.signed)) throw new Error(`A delivery of ${username}'s review came without an HTTP signature`);
  return { wallMs: lastAt - answeredAt, cpuMs: bench.child.cpuMs() - cpuBefore, deliveries: creates(bench, postId).length };
}

interface DeliveryRow {
  layout: string;
  followers: number;
  deliveries: number;
  reviews: number;
  wallMs: number;
  netCpuMs: number;
}

async function benchDeliveries(bench: Bench): Promise<{ baselineCpuMs: number; rows: DeliveryRow[] }> {
  const baseline: number[] = [];
  for (let i = 0; i < reviewsFor(0); i++) baseline.push((await deliverReview(bench, 'fedbase', 0)).cpuMs);
  const baselineCpuMs = mean(baseline);
  const rows: DeliveryRow[] = [];
  for (const layout of LAYOUTS) {
    for (const count of FOLLOWER_COUNTS) {
      const expected = layout.shared ? Math.min(count, layout.servers) : count;
      const runs = [];
      for (let i = 0; i < reviewsFor(expected); i++) runs.push(await deliverReview(bench, `fed${layout.key}${count}`, expected));
      const extra = runs.find((run) => run.deliveries !== expected);
      if (extra) throw new Error(`${layout.label}, ${count} followers: ${extra.deliveries} deliveries of one review, ${expected} expected`);
      rows.push({
        layout: layout.label,
        followers: count,
        deliveries: expected,
        reviews: runs.length,
        wallMs: mean(runs.map((run) => run.wallMs)),
        netCpuMs: mean(runs.map((run) => run.cpuMs)) - baselineCpuMs,
      });
    }
  }
  return { baselineCpuMs, rows };
}

interface InboxFigures {
  seconds: number;
  accepted: number;
  refused: Map<number, number>;
  p50Ms: number;
  p95Ms: number;
  inboxDrainedS: number;
  allDrainedS: number;
  cpuMsPerActivity: number;
  followsAccepted: number;
  followsSent: number;
  followersLeft: number;
}

async function benchInbox(bench: Bench): Promise<InboxFigures> {
  const targetId = bench.ids.get('fedinbox')!;
  const target = `${SIPLOG}/ap/users/${targetId}`;
  const inbox = `${SIPLOG}/ap/inbox`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: INBOX_SENDERS });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const follows: string[] = [];
  const post = async (activity: { actor: string; [property: string]: unknown }) => {
    const start = performance.now();
    const status = await bench.remotes.postSigned(inbox, bench.child.port, activity, agent);
    latencies.push(performance.now() - start);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  const pair = async (sender: string, tag: string) => {
    const actor = bench.remotes.actorUri(SENDERS_HOST, sender);
    const follow = { id: `${actor}/follows/${tag}`, type: 'Follow', actor, object: target };
    follows.push(follow.id);
    await post({ '@context': AS_CONTEXT, ...follow });
    await post({ '@context': AS_CONTEXT, id: `${actor}/undos/${tag}`, type: 'Undo', actor, object: follow });
  };
  const senders = Array.from({ length: INBOX_SENDERS }, (_, i) => `sender-${i + 1}`);

  try {
    // Each sender's key is fetched and kept once: not what the steady state costs.
    await Promise.all(senders.map((sender) => pair(sender, 'warm-up')));
    await pollUntil(() => bench.reader.inboxWaiting() === 0, 'the warm-up activities to be handled', 60_000);
    await idle(bench);
    latencies.length = 0;
    statuses.clear();
    follows.length = 0;

    const cpuBefore = bench.child.cpuMs();
    const start = performance.now();
    const stopAt = start + INBOX_SECONDS * 1000;
    await Promise.all(
      senders.map(async (sender) => {
        for (let round = 0; performance.now() < stopAt; round++) await pair(sender, String(round));
      }),
    );
    const sentS = (performance.now() - start) / 1000;
    const inboxDrainedS = ((await pollUntil(() => bench.reader.inboxWaiting() === 0, 'the received activities to be handled', 240_000)) - start) / 1000;
    const allDrainedS = ((await idle(bench)) - start) / 1000;
    const cpuMs = bench.child.cpuMs() - cpuBefore;
    const accepted = statuses.get(202) ?? 0;
    statuses.delete(202);
    latencies.sort((a, b) => a - b);
    return {
      seconds: sentS,
      accepted,
      refused: statuses,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      inboxDrainedS,
      allDrainedS,
      cpuMsPerActivity: cpuMs / Math.max(1, accepted),
      followsAccepted: follows.filter((id) => bench.remotes.deliveriesOf(id).some((item) => item.type === 'Accept')).length,
      followsSent: follows.length,
      followersLeft: bench.reader.followersOf(targetId),
    };
  } finally {
    agent.destroy();
  }
}

interface BurstFigures {
  scenario: string;
  healthyMeanMs: number;
  healthyMaxMs: number;
  note: string;
}

/** BURST_REVIEWS reviews by `username`, posted one after another (each POST awaited). */
async function burst(bench: Bench, username: string): Promise<{ posts: Array<{ postId: number; answeredAt: number }>; firstAt: number }> {
  await idle(bench);
  const posts = [];
  for (let i = 0; i < BURST_REVIEWS; i++) posts.push(await postReview(bench.child.port, bench.auth.get(username)!, `Burst ${i + 1}`));
  return { posts, firstAt: posts[0].answeredAt };
}

function arrivalsAt(bench: Bench, host: string, posts: ReadonlyArray<{ postId: number; answeredAt: number }>): number[] | null {
  const times = posts.map((post) => creates(bench, post.postId).find((item) => item.host === host)?.at);
  return times.every((at) => at !== undefined) ? times.map((at, i) => at! - posts[i].answeredAt) : null;
}

async function healthyTimes(bench: Bench, posts: ReadonlyArray<{ postId: number; answeredAt: number }>): Promise<number[]> {
  await bench.remotes.until(() => arrivalsAt(bench, HEALTHY, posts) !== null, `${HEALTHY}'s ${posts.length} Creates`, 120_000);
  return arrivalsAt(bench, HEALTHY, posts)!;
}

async function benchBadRemotes(bench: Bench): Promise<BurstFigures[]> {
  const figures: BurstFigures[] = [];
  const healthyOnly = await burst(bench, 'fedok');
  const alone = await healthyTimes(bench, healthyOnly.posts);
  figures.push({ scenario: `${HEALTHY} alone`, healthyMeanMs: mean(alone), healthyMaxMs: Math.max(...alone), note: '' });

  const withSlow = await burst(bench, 'fedslow');
  const besideSlow = await healthyTimes(bench, withSlow.posts);
  await bench.remotes.until(() => arrivalsAt(bench, SLOW, withSlow.posts) !== null, `${SLOW}'s Creates`, 120_000);
  const slowLast = Math.max(...arrivalsAt(bench, SLOW, withSlow.posts)!);
  const slowDrainedS = ((await idle(bench)) - withSlow.firstAt) / 1000;
  figures.push({
    scenario: `beside ${SLOW} (${SLOW_ANSWER_MS / 1000} s answers)`,
    healthyMeanMs: mean(besideSlow),
    healthyMaxMs: Math.max(...besideSlow),
    note: `${SLOW}: last Create in ${slowLast.toFixed(0)} ms, queue empty ${slowDrainedS.toFixed(1)} s after the 1st POST`,
  });

  const withDead = await burst(bench, 'feddead');
  const besideDead = await healthyTimes(bench, withDead.posts);
  // Every delivery to the dead server has failed once and waits: for the queue's retry (1 min after the 1st failure),
  // or, once 5 have failed within 10 min, held by Fedify's circuit breaker until its probe (30 min later).
  await pollUntil(() => {
    const rows = bench.reader.rowsFor(DEAD);
    return rows.length === BURST_REVIEWS && rows.every((row) => row.claimedUntil === null && (row.attempts >= 1 || row.held));
  }, `the ${BURST_REVIEWS} deliveries to ${DEAD} to fail once`, 30_000).catch((error: Error) => {
    throw new Error(`${error.message}; its rows: ${JSON.stringify(bench.reader.rowsFor(DEAD))}`);
  });
  const now = Date.now();
  const rows = bench.reader.rowsFor(DEAD);
  const waiting = (group: typeof rows, what: string) => {
    if (group.length === 0) return [];
    const nextInS = group.map((row) => (row.runAt - now) / 1000);
    const attempts = [...new Set(group.map((row) => row.attempts))].join('/');
    return [`${group.length} ${what} (attempts ${attempts}, next in ${Math.min(...nextInS).toFixed(0)}–${Math.max(...nextInS).toFixed(0)} s)`];
  };
  figures.push({
    scenario: `beside ${DEAD} (nothing listens)`,
    healthyMeanMs: mean(besideDead),
    healthyMaxMs: Math.max(...besideDead),
    note: [
      `${DEAD}: ${rows.length} of ${BURST_REVIEWS} deliveries kept, ${rows.filter((row) => row.failedAt !== null).length} failed`,
      ...waiting(rows.filter((row) => !row.held), 'in the queue\'s backoff'),
      ...waiting(rows.filter((row) => row.held), 'held by Fedify\'s circuit breaker'),
      `last error: ${(rows.find((row) => row.lastError)?.lastError ?? '').slice(0, 60)}`,
    ].join('; '),
  });
  return figures;
}

function printFigures(deliveries: Awaited<ReturnType<typeof benchDeliveries>>, inbox: InboxFigures, bad: BurstFigures[]): void {
  console.log('\n1. Delivering one review (CPU: the child\'s, less a review without followers: ' + `${deliveries.baselineCpuMs.toFixed(0)} ms)`);
  console.log('layout'.padEnd(30), 'followers'.padStart(9), 'deliveries'.padStart(10), 'reviews'.padStart(7), 'POST→last ms'.padStart(13), 'CPU ms'.padStart(8), 'µs/follower'.padStart(12), 'µs/delivery'.padStart(12));
  for (const row of deliveries.rows) {
    console.log(
      row.layout.padEnd(30),
      String(row.followers).padStart(9),
      String(row.deliveries).padStart(10),
      String(row.reviews).padStart(7),
      row.wallMs.toFixed(0).padStart(13),
      row.netCpuMs.toFixed(0).padStart(8),
      ((row.netCpuMs * 1000) / row.followers).toFixed(0).padStart(12),
      ((row.netCpuMs * 1000) / row.deliveries).toFixed(0).padStart(12),
    );
  }
  const activities = inbox.accepted;
  console.log(`\n2. Shared inbox: ${INBOX_SENDERS} senders, signed Follow + Undo pairs for ${inbox.seconds.toFixed(1)} s`);
  console.log(`   accepted (202)        ${activities} (${(activities / inbox.seconds).toFixed(0)}/s), POST p50 ${inbox.p50Ms.toFixed(1)} ms, p95 ${inbox.p95Ms.toFixed(1)} ms`);
  if (inbox.refused.size > 0) console.log(`   not 202               ${[...inbox.refused].map(([status, n]) => `${n} × HTTP ${status}`).join(', ')}`);
  console.log(`   handled               ${(activities / inbox.inboxDrainedS).toFixed(0)} activities/s (the last handled ${inbox.inboxDrainedS.toFixed(1)} s after the first POST)`);
  console.log(`   Accepts delivered     ${inbox.followsAccepted} of ${inbox.followsSent} Follows; queue empty ${inbox.allDrainedS.toFixed(1)} s after the first POST`);
  console.log(`   child CPU             ${(inbox.cpuMsPerActivity * 1000).toFixed(0)} µs per activity (taking in, handling, Accept delivered)`);
  console.log(`   follows left standing ${inbox.followersLeft} (an Undo handled before its own Follow leaves one)`);
  console.log(`\n3. A healthy server's deliveries, ${BURST_REVIEWS} reviews posted one after another (ms from each POST's answer)`);
  console.log('scenario'.padEnd(38), 'mean ms'.padStart(8), 'max ms'.padStart(8), '  notes');
  for (const row of bad) console.log(row.scenario.padEnd(38), row.healthyMeanMs.toFixed(0).padStart(8), row.healthyMaxMs.toFixed(0).padStart(8), ' ', row.note);
}

/** The federation benchmark (issue 30), in `pnpm bench` after scale-out, or alone: node apps/api/dist/bench/federation.bench.js */
export async function benchFederation(): Promise<void> {
  const began = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-federation-bench-'));
  // One certificate naming every remote host, so one https server in this process answers as all of them.
  const ca = createTestCa();
  const certificates = { caPem: ca.caPem, ...ca.issue([...RECEIVERS, HEALTHY, SLOW, SENDERS_HOST]) };
  const remotes = await startRemoteServers(certificates, new Map([[SLOW, SLOW_ANSWER_MS]]));
  let child: SiplogChild | null = null;
  let reader: SiplogDatabaseReader | null = null;
  try {
    const people = benchPeople();
    const databaseFile = path.join(dataDir, 'app.db');
    const ids = seedDatabase(databaseFile, people, await hashPassword(PASSWORD));
    const hosts: Record<string, number> = Object.fromEntries([...RECEIVERS, HEALTHY, SLOW, SENDERS_HOST].map((host) => [host, remotes.port]));
    // A port nothing listens on: the dead server refuses every connection.
    hosts[DEAD] = await freePort();
    child = await startSiplogChild({ dataDir, port: await freePort(), publicUrl: SIPLOG, caPem: certificates.caPem, hosts });
    reader = openDatabaseReader(databaseFile);
    const auth = new Map<string, string>();
    for (const { username } of people) {
      auth.set(username, await signIn(child.port, `${username}@example.com`, PASSWORD));
      // Each person's key pairs are made on first use: before the figures, not in them.
      const actor = await fetch(`http://127.0.0.1:${child.port}/ap/users/${ids.get(username)}`, { headers: { Accept: 'application/activity+json' } });
      if (actor.status !== 200) throw new Error(`${username}'s actor document answered HTTP ${actor.status}`);
    }
    const bench: Bench = { child, remotes, reader, ids, auth };
    // One review to every live server first: connections open, code warm.
    await deliverReview(bench, 'fedwarm', RECEIVERS.length + 1);
    console.log(`Set up in ${((performance.now() - began) / 1000).toFixed(1)} s; measuring…`);

    const deliveries = await benchDeliveries(bench);
    const inbox = await benchInbox(bench);
    const bad = await benchBadRemotes(bench);
    printFigures(deliveries, inbox, bad);
    console.log(`\nFederation bench ran in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  } catch (error) {
    if (child) console.error(`The Siplog child said (last lines):\n${child.output()}`);
    throw error;
  } finally {
    reader?.close();
    await child?.stop();
    await remotes.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchFederation().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
