/**
 * Admin logs (issue 10, Performance): 31 days of logs of 50,000 lines each, written as our winston format writes
 * them (`{ISO time} {LEVEL} [{context}] {message}`, about 90 bytes a line, so a day stays under the 5 MB a reply carries) into DATA_DIR/logs/application-YYYY-MM-DD.log; our API in a
 * child process (feed-server.process.ts); then what the FR Logs panel does for a 31-day range: one
 * getFRLogfileInfo per day, decode the base64, split the lines and count those matching any of the comma-separated
 * keywords, case-insensitively. Timed to the count, the calls one after another and 6 at a time (a browser's
 * connections per host). Bounded by counts; printed, never asserted.
 *
 * Runs in `pnpm bench`; alone: node apps/api/dist/bench/admin-logs.bench.js
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { mulberry32 } from '../seed/demo-images';
import { ADMIN_EMAIL, ADMIN_PASSWORD, insertAdminAccount, postJson, signIn, startAdminServer } from './admin-bench-support';

const DAYS = 31;
const LINES_PER_DAY = 50_000;
/** The first day of the range (in the past, so the server's own log of today is not among them). */
const FIRST_DAY = Date.UTC(2026, 0, 1);
/** The panel's keyword box: the three quick picks, comma-separated. */
const KEYWORDS = 'google.com,Registration successful,unsubscribe';
const ROUNDS = 2;

const ROUTES = [
  'POST /api/post/loadrecentposts 200',
  'POST /api/post/loadpostsbyestablishment 200',
  'POST /api/user/loadpublicprofile 200',
  'POST /api/post/likepost 200',
  'POST /api/post/addcomment 200',
  'POST /api/user/authenticateuser 200',
  'POST /api/user/authenticateuser 401',
  'GET /api/health 200',
  'POST /api/place/searchplaces 200',
  'GET /trpc/post.recent 200',
];
/** A referrer on the first request of a visit (one request in twenty). */
const REFERRERS = ['https://www.google.com/', 'https://www.bing.com/', 'https://duckduckgo.com/', 'https://www.instagram.com/'];

const dayName = (day: number) => `application-${new Date(FIRST_DAY + day * 86_400_000).toISOString().slice(0, 10)}.log`;

/** One day of log lines, mostly requests, some sign-ups, unsubscribes, warnings and admin audit lines. */
function writeDay(file: string, day: number, next: () => number): number {
  const start = FIRST_DAY + day * 86_400_000;
  const lines: string[] = [];
  for (let i = 0; i < LINES_PER_DAY; i++) {
    const time = new Date(start + Math.floor((i / LINES_PER_DAY) * 86_400_000 + next() * 1000)).toISOString();
    const r = next();
    const ip = `${10 + Math.floor(next() * 200)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}`;
    let line: string;
    if (r < 0.9) {
      const route = ROUTES[Math.floor(next() * ROUTES.length)];
      line =
        `${time} INFO [HTTP] ${route} ${1 + Math.floor(next() * next() * 80)}ms ${ip}` +
        (next() < 0.05 ? ` referrer=${REFERRERS[Math.floor(next() * REFERRERS.length)]}` : '');
    } else if (r < 0.93) line = `${time} INFO [AuthService] Registration successful: reader${Math.floor(next() * 1_000_000)}`;
    else if (r < 0.94) line = `${time} INFO [EmailService] Unsubscribe: reader${Math.floor(next() * 1_000_000)}@example.com no longer gets newsletters`;
    else if (r < 0.98) line = `${time} WARN [RateLimit] loginAttemptsByIp exceeded for ${ip}`;
    else if (r < 0.995) line = `${time} ERROR [ExceptionsHandler] SQLITE_BUSY: database is locked (POST /api/post/addcomment)`;
    else line = `${time} INFO [AdminAudit] admin ${ADMIN_EMAIL} read log file ${dayName(day)} (5242880 bytes, truncated)`;
    lines.push(line);
  }
  const text = lines.join('\n') + '\n';
  fs.writeFileSync(file, text);
  return Buffer.byteLength(text);
}

interface Loaded {
  ms: number;
  days: number;
  lines: number;
  matches: number;
  truncatedDays: number;
  bytes: number;
}

/** The panel's Load for the whole range: `concurrency` calls at a time, then the count over every line in day order. */
async function loadRange(base: string, token: string, concurrency: number): Promise<Loaded> {
  const keywords = KEYWORDS.split(',')
    .map((keyword) => keyword.trim().toLowerCase())
    .filter(Boolean);
  const start = performance.now();
  const texts: string[] = new Array<string>(DAYS).fill('');
  let truncatedDays = 0;
  let bytes = 0;
  let days = 0;
  let nextDay = 0;
  const worker = async () => {
    while (nextDay < DAYS) {
      const day = nextDay++;
      const response = await postJson(base, '/api/admin/getFRLogfileInfo', { filename: dayName(day) }, { token, client: '10.78.0.1' });
      if (response.status === 404) {
        await response.arrayBuffer();
        continue; // a missing day is skipped
      }
      if (response.status !== 200) throw new Error(`getFRLogfileInfo ${dayName(day)}: HTTP ${response.status}`);
      const answer = (await response.json()) as { data: string; truncated: boolean };
      const text = Buffer.from(answer.data, 'base64').toString('utf8');
      bytes += text.length;
      if (answer.truncated) truncatedDays++;
      texts[day] = text;
      days++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  let lines = 0;
  let matches = 0;
  for (const text of texts) {
    if (!text) continue;
    for (const line of text.split('\n')) {
      if (!line) continue;
      lines++;
      const lower = line.toLowerCase();
      if (keywords.length === 0 || keywords.some((keyword) => lower.includes(keyword))) matches++;
    }
  }
  return { ms: performance.now() - start, days, lines, matches, truncatedDays, bytes };
}

export async function benchAdminLogs(): Promise<void> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-admin-logs-'));
  try {
    await insertAdminAccount(dataDir);
    const logsDir = path.join(dataDir, 'logs');
    fs.mkdirSync(logsDir, { recursive: true });
    const next = mulberry32(31);
    let written = 0;
    const writeStart = performance.now();
    for (let day = 0; day < DAYS; day++) written += writeDay(path.join(logsDir, dayName(day)), day, next);
    console.log(
      `admin logs: ${DAYS} days x ${LINES_PER_DAY.toLocaleString('en-US')} lines written in ${((performance.now() - writeStart) / 1000).toFixed(1)} s, ` +
        `${(written / DAYS / 1024 / 1024).toFixed(1)} MB a day; keywords "${KEYWORDS}"`,
    );
    const server = await startAdminServer(dataDir);
    try {
      const token = await signIn(server.base, ADMIN_EMAIL, ADMIN_PASSWORD, '10.78.0.1');
      const row = (cells: string[]) => console.log(cells[0].padEnd(30), ...cells.slice(1).map((cell) => cell.padStart(11)));
      row(['load 31 days', 'to count ms', 'days', 'lines', 'matching', 'truncated', 'MB text']);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const concurrency of [1, 6]) {
          const result = await loadRange(server.base, token, concurrency);
          row([
            `${concurrency === 1 ? 'one after another' : `${concurrency} at a time`}, round ${round}`,
            result.ms.toFixed(0),
            String(result.days),
            result.lines.toLocaleString('en-US'),
            result.matches.toLocaleString('en-US'),
            String(result.truncatedDays),
            (result.bytes / 1024 / 1024).toFixed(1),
          ]);
        }
      }
      console.log('(time from the first call to the count, decode and count in this process; days over 5 MB come as their last 5 MB)');
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`admin logs bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  benchAdminLogs().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
