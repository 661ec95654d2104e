/**
 * Issue 18's figures (printed, never asserted): the feed's first page and the like path on the one-box SQLite
 * deployment (one node, no proxy) beside PostgreSQL with two API nodes behind nginx, on the same data and machine.
 * Both are the built `dist/main.js` in processes of their own; the load generator is autocannon in this process.
 * Every server listens on 127.0.0.1 and is stopped at the end; nginx is used when installed, else the PostgreSQL
 * deployment is measured on one node directly (said so in the output).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { migratePg, openMigratedDatabase } from '@siplog/db';
import { startPgCluster } from '@siplog/db/dist/testing/pg-cluster';
import { hashPassword } from '../modules/auth/password-hasher';
import { nginxBinary, startApiNode, startNginx, type ApiNode, type Proxy } from '../test/cluster-nodes';
import { percentile } from './measure';

const PEOPLE = 200;
const PLACES = 100;
const POSTS = 20_000;
const SECONDS = Number(process.env.SCALE_OUT_BENCH_SECONDS) || 8;
const CONNECTIONS = 50;
const SECRET = 'scale-out-bench-secret-shared-by-every-node-0123';

/** The same rows on either engine, written with plain SQL (`$n` parameters; SQLite reads them as `?`). */
type Exec = (text: string, params: unknown[]) => Promise<void>;

async function seed(exec: Exec, passwordHash: string): Promise<void> {
  const now = Date.now();
  for (let i = 1; i <= PEOPLE; i++) {
    await exec('insert into users (email, username, password_hash, first_name, last_name, verified) values ($1, $2, $3, $4, $5, true)', [
      `scale${i}@example.com`,
      `scale${i}`,
      passwordHash,
      'Scale',
      `Person${i}`,
    ]);
  }
  for (let i = 1; i <= PLACES; i++) {
    await exec('insert into establishments (place_id, name, city, lat, lng, slug) values ($1, $2, $3, $4, $5, $6)', [
      `scale-${i}`,
      `Scale Cafe ${i}`,
      'Chicago',
      41.8 + i / 1000,
      -87.6 - i / 1000,
      `scale-cafe-${i}-chicago`,
    ]);
  }
  for (let i = 1; i <= POSTS; i++) {
    await exec('insert into posts (user_id, establishment_id, order_text, review, rating, created_at) values ($1, $2, $3, $4, $5, $6)', [
      1 + (i % PEOPLE),
      1 + (i % PLACES),
      `Order ${i}`,
      `Review ${i}: bright, sweet and balanced.`,
      1 + (i % 5),
      now - (POSTS - i) * 60_000,
    ]);
    await exec('insert into post_images (post_id, file_name, position) values ($1, $2, 0)', [i, `scale-${i}.webp`]);
  }
}

interface Deployment {
  name: string;
  entry: string;
  /** One node, no proxy: where a single connection's latency shows what a kept answer costs. */
  direct: string;
  stop(): Promise<void>;
}

async function sqliteDeployment(passwordHash: string): Promise<Deployment> {
  const node = await startApiNode('sqlite', { JWT_SECRET: SECRET, TRUST_PROXY: 'loopback' });
  // Seeded beside the running node, through a connection of our own (WAL lets both in).
  const db = openMigratedDatabase(path.join(node.dataDir, 'app.db')).$client;
  try {
    db.exec('begin');
    await seed(async (text, params) => void db.prepare(text.replace(/\$\d+/g, '?')).run(...params), passwordHash);
    db.exec('commit');
  } finally {
    db.close();
  }
  return { name: 'SQLite, one node', entry: node.baseUrl, direct: node.baseUrl, stop: () => node.stop() };
}

async function postgresDeployment(passwordHash: string): Promise<Deployment> {
  const cluster = await startPgCluster();
  const url = await cluster.newDatabase();
  await migratePg(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await seed(async (text, params) => void (await client.query(text, params)), passwordHash);
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
  const env = { DATABASE_URL: url, JWT_SECRET: SECRET, TRUST_PROXY: 'loopback' };
  const nodes: ApiNode[] = [await startApiNode('pg-a', env), await startApiNode('pg-b', env)];
  const nginx = nginxBinary();
  const proxy: Proxy | null = nginx ? await startNginx(nginx, nodes.map((node) => node.port)) : null;
  return {
    name: proxy ? 'PostgreSQL, two nodes behind nginx' : 'PostgreSQL, two nodes (no nginx: node A direct)',
    entry: proxy ? proxy.baseUrl : nodes[0]!.baseUrl,
    direct: nodes[0]!.baseUrl,
    async stop() {
      await proxy?.stop();
      await Promise.all(nodes.map((node) => node.stop()));
      await cluster.stop();
    },
  };
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

let nextClient = 1;

async function load(entry: string, requests: autocannon.Request[], headers: Record<string, string> = {}, connections = CONNECTIONS): Promise<Figures> {
  const times: number[] = [];
  let failed = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: entry,
        connections,
        duration: SECONDS,
        timeout: 60,
        headers: { 'content-type': 'application/json', ...headers },
        requests: requests.map((request) => ({
          ...request,
          // A client address per request, so the figures measure work rather than per-client rate limits.
          setupRequest: (outgoing: autocannon.Request) => ({
            ...outgoing,
            headers: { ...outgoing.headers, 'x-forwarded-for': `10.${(nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient++ & 255}` },
          }),
        })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      else failed += 1;
    });
    instance.on('reqError', () => (failed += 1));
  });
  times.sort((a, b) => a - b);
  return { requestsPerSecond: times.length / result.duration, p50: percentile(times, 50), p99: percentile(times, 99), failed };
}

async function tokenOf(entry: string, person: number): Promise<string> {
  const response = await fetch(`${entry}/api/user/authenticateuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.250.0.${person}` },
    body: JSON.stringify({ email: `scale${person}@example.com`, password: 'BenchPass1' }),
  });
  const body = (await response.json()) as { token?: string; user?: { token?: string } };
  const token = body.token ?? body.user?.token;
  if (!token) throw new Error(`scale-out bench: login failed (${response.status})`);
  return token;
}

async function measure(deployment: Deployment): Promise<Array<[string, Figures]>> {
  const feed = await load(deployment.entry, [{ method: 'POST', path: '/api/post/loadrecentposts', body: JSON.stringify({ limit: 5, skip: 0 }) }]);
  const trpcRecent = [{ method: 'GET' as const, path: `/trpc/post.recent?input=${encodeURIComponent(JSON.stringify({ limit: 5 }))}` }];
  const trpcFeed = await load(deployment.entry, trpcRecent);
  // A kept answer's own cost, one request at a time on one node (on PostgreSQL: the read of the event clock, unshared).
  const oneAtATime = await load(deployment.direct, trpcRecent, {}, 1);
  // Likes and un-likes of recent reviews by one signed-in person (each request a real write and a notification).
  const token = await tokenOf(deployment.entry, 1);
  const likes: autocannon.Request[] = [];
  for (let i = 0; i < 200; i++) {
    const postid = POSTS - i;
    likes.push({ method: 'POST', path: '/api/post/likepost', body: JSON.stringify({ postid, email: 'scale1@example.com' }) });
    likes.push({ method: 'POST', path: '/api/post/unlikepost', body: JSON.stringify({ postid, email: 'scale1@example.com' }) });
  }
  const like = await load(deployment.entry, likes, { authorization: `Bearer ${token}` });
  return [
    ['REST loadrecentposts, first page (signed out)', feed],
    ['tRPC post.recent, first page (signed out)', trpcFeed],
    ['  the same, 1 connection to one node', oneAtATime],
    ['REST likepost / unlikepost (signed in)', like],
  ];
}

export async function benchScaleOut(): Promise<void> {
  const started = performance.now();
  const passwordHash = await hashPassword('BenchPass1');
  const rows: string[] = [];
  for (const make of [sqliteDeployment, postgresDeployment]) {
    const deployment = await make(passwordHash);
    try {
      for (const [name, figures] of await measure(deployment)) {
        rows.push(
          `  ${deployment.name.padEnd(44)} ${name.padEnd(46)} ${Math.round(figures.requestsPerSecond).toString().padStart(7)} ${figures.p50.toFixed(2).padStart(7)} ${figures.p99.toFixed(2).padStart(7)} ${String(figures.failed).padStart(6)}`,
        );
      }
    } finally {
      await deployment.stop();
    }
  }
  console.log(`\nscale-out: ${POSTS.toLocaleString('en-US')} reviews, ${PEOPLE} people, ${CONNECTIONS} connections for ${SECONDS} s per case (the built app, each node a process of its own, on this machine's 2 cores)`);
  console.log(`  ${'deployment'.padEnd(44)} ${'case'.padEnd(46)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'failed'.padStart(6)}`);
  for (const row of rows) console.log(row);
  console.log(`scale-out bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  benchScaleOut().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
