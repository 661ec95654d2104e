/**
 * Admin backup under load (issue 10, Performance): the feed benchmark's 1,000,000-review database (feed-data.ts) in
 * a temp DATA_DIR, our API in a child process (feed-server.process.ts), 20 signed-in people who keep writing (each
 * request likes another review: one insert in a transaction, the cheapest real write; comments are rate-limited to
 * 30 per 10 minutes) and one feed reader (loadrecentposts limit 5, skip 0), all in loops; a few seconds in, the
 * admin calls backupdatabase once. Prints the backup's time and size, the longest single request any writer and the
 * reader saw during the backup (the stall; target: none over 100 ms) and writer p50/p99 before and during it.
 * Bounded by time and counts; printed, never asserted.
 *
 * Runs in `pnpm bench`; alone: node apps/api/dist/bench/admin-backup.bench.js (ADMIN_BENCH_POSTS=200000 for a quicker run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openMigratedDatabase } from '@siplog/db';
import { generateFeedData } from './feed-data';
import { percentile } from './measure';
import { ADMIN_EMAIL, ADMIN_PASSWORD, insertAdminAccount, postJson, signIn, startAdminServer } from './admin-bench-support';

const SIZE = { people: 20_000, places: 50_000, posts: Number(process.env.ADMIN_BENCH_POSTS) || 1_000_000 };
const WRITERS = 20;
/** Load before the backup: a warm-up (not counted), then the "before" window. */
const WARM_UP_MS = 1000;
const BEFORE_MS = 5000;
/** Load keeps running this long after the backup answered. */
const AFTER_MS = 1000;
/** The backup is given up on after this long (the loops stop then too). */
const BACKUP_TIMEOUT_MS = 150_000;
/** Upper bound on requests per loop, whatever the clock says. */
const MAX_REQUESTS_PER_LOOP = 500_000;
const STALL_TARGET_MS = 100;

interface Timed {
  start: number;
  end: number;
  ok: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1));

function stats(times: number[]): { count: number; p50: number; p99: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length
    ? { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] }
    : { count: 0, p50: NaN, p99: NaN, max: NaN };
}

/**
 * The longest time within [from, to) in which no request of `list` completed: the server standing still, apart
 * from the queueing that 20 writers in closed loops cause anyway.
 */
function longestGap(list: Timed[], from: number, to: number): number {
  const ends = list.map((t) => t.end).filter((end) => end >= from && end < to);
  ends.sort((a, b) => a - b);
  let gap = 0;
  let last = from;
  for (const end of [...ends, to]) {
    gap = Math.max(gap, end - last);
    last = end;
  }
  return gap;
}

export async function benchAdminBackup(): Promise<void> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-admin-backup-'));
  try {
    const file = path.join(dataDir, 'app.db');
    const data = await generateFeedData(file, SIZE);
    await insertAdminAccount(dataDir);
    // Reviews the writers like: visible ones (their author active) that have no likes yet, so every like is an insert.
    const sqlite = openMigratedDatabase(file).$client;
    const targets = sqlite
      .prepare(
        'select p.id from posts p join users u on u.id = p.user_id where u.deactivated_at is null ' +
          'and not exists (select 1 from post_likes l where l.post_id = p.id) order by p.id limit 200000',
      )
      .pluck()
      .all() as number[];
    sqlite.close();
    console.log(
      `admin backup: ${data.posts.toLocaleString('en-US')} posts, database ${data.megabytes.toFixed(0)} MB (generated in ${data.seconds.toFixed(1)} s); ` +
        `${WRITERS} writers liking reviews + 1 feed reader, backupdatabase after ${(WARM_UP_MS + BEFORE_MS) / 1000} s`,
    );

    const server = await startAdminServer(dataDir);
    try {
      const adminToken = await signIn(server.base, ADMIN_EMAIL, ADMIN_PASSWORD, '10.77.0.1');
      // reader1..reader20 are active (every hundredth person is deactivated) and share the generator's password.
      const writerTokens = await Promise.all(
        Array.from({ length: WRITERS }, (_, w) => signIn(server.base, `reader${w + 1}@example.com`, 'BenchPass1', `10.77.1.${w + 1}`)),
      );

      let stop = false;
      const writes: Timed[] = [];
      const reads: Timed[] = [];
      const failures: Record<string, number> = {};
      const fail = (what: string) => (failures[what] = (failures[what] ?? 0) + 1);
      const perWriter = Math.floor(targets.length / WRITERS);

      const writer = async (w: number) => {
        for (let n = 0; !stop && n < Math.min(perWriter, MAX_REQUESTS_PER_LOOP); n++) {
          const start = performance.now();
          try {
            const response = await postJson(server.base, '/api/post/likepost', { postid: targets[w * perWriter + n] }, { token: writerTokens[w], client: `10.77.1.${w + 1}` });
            await response.arrayBuffer();
            if (response.status !== 200) fail(`like HTTP ${response.status}`);
            writes.push({ start, end: performance.now(), ok: response.status === 200 });
          } catch (error) {
            fail(`like ${(error as Error).message}`);
          }
        }
      };
      const reader = async () => {
        for (let n = 0; !stop && n < MAX_REQUESTS_PER_LOOP; n++) {
          const start = performance.now();
          try {
            const response = await postJson(server.base, '/api/post/loadrecentposts', { limit: 5, skip: 0 }, { client: '10.77.2.1' });
            await response.arrayBuffer();
            if (response.status !== 200) fail(`feed HTTP ${response.status}`);
            reads.push({ start, end: performance.now(), ok: response.status === 200 });
          } catch (error) {
            fail(`feed ${(error as Error).message}`);
          }
        }
      };

      const loops = [...Array.from({ length: WRITERS }, (_, w) => writer(w)), reader()];
      await sleep(WARM_UP_MS);
      const beforeFrom = performance.now();
      await sleep(BEFORE_MS);
      const backupStart = performance.now();
      let backup: { status: number; filename?: string; msg?: string } = { status: 0 };
      try {
        const response = await postJson(server.base, '/api/admin/backupdatabase', {}, { token: adminToken, client: '10.77.0.1', signal: AbortSignal.timeout(BACKUP_TIMEOUT_MS) });
        backup = { status: response.status, ...((await response.json()) as { filename?: string; msg?: string }) };
      } catch (error) {
        backup = { status: 0, msg: (error as Error).message };
      }
      const backupEnd = performance.now();
      if (backup.status === 200) await sleep(AFTER_MS);
      stop = true;
      await Promise.all(loops);

      const before = (list: Timed[]) => list.filter((t) => t.start >= beforeFrom && t.end < backupStart).map((t) => t.end - t.start);
      // Every request in flight at any moment of the backup, whenever it started.
      const during = (list: Timed[]) => list.filter((t) => t.end > backupStart && t.start < backupEnd).map((t) => t.end - t.start);
      const writesBefore = stats(before(writes));
      const writesDuring = stats(during(writes));
      const readsBefore = stats(before(reads));
      const readsDuring = stats(during(reads));
      const backupMs = backupEnd - backupStart;
      const backupFile = backup.filename ? path.join(dataDir, 'backups', path.basename(backup.filename)) : '';
      const backupBytes = backupFile && fs.existsSync(backupFile) ? fs.statSync(backupFile).size : NaN;

      if (backup.status === 200) {
        console.log(
          `admin backup: backupdatabase answered in ${(backupMs / 1000).toFixed(2)} s (online copy + integrity_check), ` +
            `file ${(backupBytes / 1024 / 1024).toFixed(0)} MB (${backup.filename}), "${backup.msg}"`,
        );
      } else {
        console.log(`admin backup: backupdatabase FAILED after ${(backupMs / 1000).toFixed(2)} s: HTTP ${backup.status} ${backup.msg ?? ''}`);
      }
      const row = (cells: string[]) => console.log(cells[0].padEnd(26), ...cells.slice(1).map((cell) => cell.padStart(10)));
      row(['window', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms']);
      const line = (name: string, s: ReturnType<typeof stats>, ms: number) => row([name, String(s.count), (s.count / (ms / 1000)).toFixed(0), fmt(s.p50), fmt(s.p99), fmt(s.max)]);
      line(`writers, ${BEFORE_MS / 1000} s before`, writesBefore, BEFORE_MS);
      line('writers, during backup', writesDuring, backupMs);
      line(`reader, ${BEFORE_MS / 1000} s before`, readsBefore, BEFORE_MS);
      line('reader, during backup', readsDuring, backupMs);
      const stall = Math.max(writesDuring.max, readsDuring.max);
      console.log(
        `admin backup stall: longest writer request ${fmt(writesDuring.max)} ms, longest reader request ${fmt(readsDuring.max)} ms ` +
          `(target: no stall over ${STALL_TARGET_MS} ms: ${stall <= STALL_TARGET_MS ? 'met' : 'missed'}); ` +
          `writer p50/p99 ${fmt(writesBefore.p50)}/${fmt(writesBefore.p99)} ms before, ${fmt(writesDuring.p50)}/${fmt(writesDuring.p99)} ms during`,
      );
      console.log(
        `admin backup: longest time no write completed ${fmt(longestGap(writes, backupStart, backupEnd))} ms during the backup, ` +
          `${fmt(longestGap(writes, beforeFrom, backupStart))} ms in the ${BEFORE_MS / 1000} s before; longest single writer request before it ${fmt(writesBefore.max)} ms`,
      );
      const worst = writes.filter((t) => t.end > backupStart && t.start < backupEnd).reduce<Timed | undefined>((a, t) => (!a || t.end - t.start > a.end - a.start ? t : a), undefined);
      if (worst) {
        console.log(
          `admin backup: the longest writer request ran from ${fmt((worst.start - backupStart) / 1000)} s to ${fmt((worst.end - backupStart) / 1000)} s ` +
            `into the ${fmt(backupMs / 1000)} s backup`,
        );
      }
      if (Object.keys(failures).length) console.log(`admin backup: failed requests ${JSON.stringify(failures)}`);
      console.log('(latencies seen by the clients in this process, over HTTP on 127.0.0.1; the server runs in a process of its own)');
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`admin backup bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  benchAdminBackup().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
