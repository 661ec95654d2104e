/**
 * The crowd: 500 signed-out visitors keep opening one busy place page (REST loadpostsbyestablishment) while 20
 * signed-in people write: reviews and likes elsewhere, and now and then a review or a like at that very place. Every
 * answer is checked: it must show every review and like at the place acknowledged before the request was sent
 * (never an answer older than the last acknowledged write), no like count above what the database holds once the
 * writers stop, and the last answer must equal the database. Run by feed.bench.ts against our API as it ships and
 * with PUBLIC_CACHE_MB=0, on its data; bounded by time, printed, never asserted.
 *
 * Alone, on data of its own (FEED_BENCH_POSTS, default 200,000): node apps/api/dist/bench/crowd.bench.js
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { BENCH_PASSWORD, generateFeedData } from './feed-data';
import { ServerProcess } from './feed.bench';
import { percentile } from './measure';
import { Database } from './raw-feed-server';

const VISITORS = 500;
const WRITERS = 20;
const SECONDS = 10;

interface PlaceAnswer {
  postIds: Set<number>;
  likes: Map<number, number>;
}

/** Acknowledged writes at the place, in the order they were acknowledged (so their times only grow). */
interface Acks {
  reviews: Array<{ at: number; postId: number }>;
  likes: Map<number, Array<{ at: number; likes: number }>>;
}

export interface CrowdResult {
  label: string;
  reads: number;
  readsPerSecond: number;
  p50: number;
  p99: number;
  failedReads: number;
  writes: { reviewsElsewhere: number; likesElsewhere: number; reviewsHere: number; likesHere: number; failed: Record<string, number> };
  /** Answers that missed an acknowledged write, showed more than the database holds, or differ from it at the end. */
  stale: number;
  overcounted: number;
  finalMatchesDatabase: boolean;
  serverCpuPerRead: number;
}

interface CrowdSetup {
  placeId: number;
  otherPlaceIds: string[];
  postsElsewhere: number[];
  writerEmails: string[];
}

function setupOf(file: string): CrowdSetup {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const placeId = sqlite.prepare('select id from establishments order by post_count desc limit 1').pluck().get() as number;
    return {
      placeId,
      otherPlaceIds: sqlite.prepare('select place_id from establishments where id <> ? order by post_count desc limit 200').pluck().all(placeId) as string[],
      postsElsewhere: sqlite.prepare('select id from posts where establishment_id <> ? order by id desc limit 5000').pluck().all(placeId) as number[],
      writerEmails: sqlite.prepare('select email from users where deactivated_at is null order by id desc limit ?').pluck().all(WRITERS) as string[],
    };
  } finally {
    sqlite.close();
  }
}

/** The place page as the database holds it: review ids and like counts of active people (what the answer shows). */
function placeInDatabase(file: string, placeId: number): PlaceAnswer {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = sqlite
      .prepare(
        `select p.id, (select count(*) from post_likes l join users lu on lu.id = l.user_id where l.post_id = p.id and lu.deactivated_at is null)
         from posts p join users u on u.id = p.user_id where p.establishment_id = ? and u.deactivated_at is null
         order by p.created_at desc, p.id desc limit 100`,
      )
      .raw(true)
      .all(placeId) as Array<[number, number]>;
    return { postIds: new Set(rows.map(([id]) => id)), likes: new Map(rows) };
  } finally {
    sqlite.close();
  }
}

function parseAnswer(text: string): PlaceAnswer {
  const { posts } = JSON.parse(text) as { posts: Array<{ post_id: number; likes: number }> };
  return { postIds: new Set(posts.map((post) => post.post_id)), likes: new Map(posts.map((post) => [post.post_id, post.likes])) };
}

function post(agent: http.Agent, base: URL, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; etag?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), etag: response.headers.etag }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const response = await fetch(`${server.base}/api/user/authenticateuser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`crowd: sign-in of ${email} failed (HTTP ${response.status})`);
  return token;
}

export async function runCrowd(label: string, server: ServerProcess, databaseFile: string): Promise<CrowdResult> {
  const setup = setupOf(databaseFile);
  const base = new URL(server.base);
  const placeBody = JSON.stringify({ establishment_id: setup.placeId });
  const tokens = await Promise.all(setup.writerEmails.map((email) => signIn(server, email)));
  const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#7a5230' } }).jpeg().toBuffer();
  const firstAnswer = parseAnswer((await post(new http.Agent(), base, '/api/post/loadpostsbyestablishment', placeBody)).text);
  const postsHere = [...firstAnswer.postIds];

  const acks: Acks = { reviews: [], likes: new Map() };
  const writes = { reviewsElsewhere: 0, likesElsewhere: 0, reviewsHere: 0, likesHere: 0, failed: {} as Record<string, number> };
  const failed = (what: string) => (writes.failed[what] = (writes.failed[what] ?? 0) + 1);
  const observed: Array<{ sentAt: number; answer: PlaceAnswer }> = [];
  const parsedByEtag = new Map<string, PlaceAnswer>();
  const times: number[] = [];
  let failedReads = 0;
  let stale = 0;
  const deadline = performance.now() + SECONDS * 1000;

  /** Whether an answer to a request sent at `sentAt` shows every write at the place acknowledged before then. */
  const isFresh = (sentAt: number, answer: PlaceAnswer): boolean => {
    for (const review of acks.reviews) if (review.at < sentAt && !answer.postIds.has(review.postId)) return false;
    for (const [postId, likes] of acks.likes) {
      let floor = 0;
      for (let i = likes.length - 1; i >= 0; i--) {
        if (likes[i].at < sentAt) {
          floor = likes[i].likes;
          break;
        }
      }
      // A review pushed off the page (100 newest) by newer ones shows no count to check.
      const shown = answer.likes.get(postId);
      if (shown !== undefined && shown < floor) return false;
    }
    return true;
  };

  const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: VISITORS });
  const visitor = async () => {
    while (performance.now() < deadline) {
      const sentAt = performance.now();
      const reply = await post(visitorAgent, base, '/api/post/loadpostsbyestablishment', placeBody).catch(() => null);
      if (!reply || reply.status !== 200) {
        failedReads += 1;
        continue;
      }
      times.push(performance.now() - sentAt);
      let answer = reply.etag ? parsedByEtag.get(reply.etag) : undefined;
      if (!answer) {
        answer = parseAnswer(reply.text);
        if (reply.etag) parsedByEtag.set(reply.etag, answer);
      }
      if (!isFresh(sentAt, answer)) stale += 1;
      observed.push({ sentAt, answer });
    }
  };

  const writerAgent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
  const review = async (token: string, placeId: string): Promise<number | null> => {
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'crowd.jpg');
    form.append('data', JSON.stringify({ place_id: placeId, establishment_name: 'x', order: 'Crowd cortado', review: 'Busy but good', rating: 4 }));
    const response = await fetch(`${server.base}/api/post/addpostwithimages`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    if (response.status === 200) return ((await response.json()) as { post_id: number }).post_id;
    failed(`review: HTTP ${response.status}`);
    return null;
  };
  const like = async (token: string, postId: number): Promise<number | null> => {
    const reply = await post(writerAgent, base, '/api/post/likepost', JSON.stringify({ postid: postId }), { Authorization: `Bearer ${token}` });
    if (reply.status === 200) return (JSON.parse(reply.text) as { likes: number }).likes;
    failed(`like: HTTP ${reply.status}`);
    return null;
  };
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  const placeIdHere = (() => {
    const sqlite = new Database(databaseFile, { readonly: true, fileMustExist: true });
    try {
      return sqlite.prepare('select place_id from establishments where id = ?').pluck().get(setup.placeId) as string;
    } finally {
      sqlite.close();
    }
  })();
  const writer = async (token: string, n: number) => {
    for (let i = n; performance.now() < deadline; i++) {
      if (i % 10 === 0) {
        if ((await review(token, pick(setup.otherPlaceIds))) !== null) writes.reviewsElsewhere += 1;
      } else if (i % 20 === 5) {
        const postId = await review(token, placeIdHere);
        if (postId !== null) {
          acks.reviews.push({ at: performance.now(), postId });
          postsHere.push(postId);
          writes.reviewsHere += 1;
        }
      } else if (i % 3 === 0) {
        const postId = pick(postsHere);
        const likes = await like(token, postId);
        if (likes !== null) {
          const list = acks.likes.get(postId) ?? [];
          list.push({ at: performance.now(), likes });
          acks.likes.set(postId, list);
          writes.likesHere += 1;
        }
      } else if ((await like(token, pick(setup.postsElsewhere))) !== null) writes.likesElsewhere += 1;
    }
  };

  const cpuBefore = await server.cpu();
  const started = performance.now();
  await Promise.all([...Array.from({ length: VISITORS }, visitor), ...tokens.map((token, n) => writer(token, n))]);
  const wall = (performance.now() - started) / 1000;
  const serverCpu = (await server.cpu()) - cpuBefore;
  visitorAgent.destroy();
  writerAgent.destroy();

  const inDatabase = placeInDatabase(databaseFile, setup.placeId);
  let overcounted = 0;
  for (const { answer } of observed) {
    if ([...answer.likes].some(([postId, likes]) => likes > (inDatabase.likes.get(postId) ?? Infinity))) overcounted += 1;
  }
  const last = parseAnswer((await post(new http.Agent(), base, '/api/post/loadpostsbyestablishment', placeBody)).text);
  const finalMatchesDatabase =
    last.postIds.size === inDatabase.postIds.size && [...inDatabase.likes].every(([postId, likes]) => last.likes.get(postId) === likes);
  times.sort((a, b) => a - b);
  return {
    label,
    reads: times.length,
    readsPerSecond: times.length / wall,
    p50: times.length ? percentile(times, 50) : NaN,
    p99: times.length ? percentile(times, 99) : NaN,
    failedReads,
    writes,
    stale,
    overcounted,
    finalMatchesDatabase,
    serverCpuPerRead: serverCpu / Math.max(1, times.length),
  };
}

export function printCrowd(results: CrowdResult[]): void {
  console.log(`crowd: ${VISITORS} signed-out visitors on one place page for ${SECONDS} s while ${WRITERS} people post reviews and likes (elsewhere, and some at that place)`);
  for (const result of results) {
    const { writes } = result;
    console.log(
      `  ${result.label.padEnd(9)} ${Math.round(result.readsPerSecond).toLocaleString('en-US')} answers/s (p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
        `${Math.round(result.serverCpuPerRead)} µs server CPU per answer incl. the writes), ${result.failedReads} failed; writes acknowledged: ` +
        `${writes.reviewsElsewhere} reviews and ${writes.likesElsewhere} likes elsewhere, ${writes.reviewsHere} reviews and ${writes.likesHere} likes at the place, refused ${JSON.stringify(writes.failed)}; ` +
        `answers older than an acknowledged write: ${result.stale} of ${result.reads}; above the database: ${result.overcounted}; ` +
        `last answer ${result.finalMatchesDatabase ? 'equals' : 'DIFFERS FROM'} the database`,
    );
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-crowd-'));
  try {
    const data = await generateFeedData(path.join(dataDir, 'app.db'), { people: 20_000, places: 50_000, posts: Number(process.env.FEED_BENCH_POSTS) || 200_000 });
    const results: CrowdResult[] = [];
    for (const kind of ['ours', 'uncached'] as const) {
      const server = await ServerProcess.start(kind, dataDir);
      try {
        results.push(await runCrowd(kind, server, data.file));
      } finally {
        await server.stop();
      }
    }
    printCrowd(results);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
