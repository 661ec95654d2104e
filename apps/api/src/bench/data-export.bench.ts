/**
 * "Download my data" (issue 17) for a heavy user: 1,000 reviews with 3,000 full-size photos (real WebP files of a
 * phone photo's stored size), 1,000 comments, 2,000 likes, 500 followers, streamed through GET /api/user/exportdata
 * from a fresh app in this process over real HTTP. The client only counts the bytes (and keeps the zip's last 64 KB
 * to check its entry count). Prints the time to the first byte, the whole download, its size, and this process's
 * RSS and heap sampled every 20 ms (peak rise over the baseline). Budget (issue 17): first byte within 1 s and at
 * most 100 MB of growth; over it the bench fails (exit code 1), after printing.
 * Runs in `pnpm bench`; alone: node apps/api/dist/bench/data-export.bench.js
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { insertEstablishment, postImages, posts, profileImages, SqliteDatabase, users, type Database } from '@siplog/db';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/app.config';
import { DATABASE } from '../modules/database/database.module';
import { TokenService } from '../modules/auth/token.service';
import { EXPORT_DOCUMENTS } from '../modules/user/data-export.service';
import { mulberry32 } from '../seed/demo-images';

const REVIEWS = 1_000;
const PHOTOS_PER_REVIEW = 3;
const DISTINCT_PHOTOS = 12;
const FOLLOWERS = 500;
const SAMPLE_MS = 20;
const FIRST_BYTE_BUDGET_MS = 1_000;
const GROWTH_BUDGET_MB = 100;

const mb = (bytes: number) => bytes / 1024 / 1024;

/** A photo as the store keeps its full size: 1600x1200 WebP of a noisy gradient, about 150-300 KB. */
async function storedPhoto(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const next = mulberry32(seed);
  const raw = Buffer.allocUnsafe(width * height * 3);
  let i = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const base = 60 + (x / width) * 120 + 40 * Math.sin((y + seed * 50) / 90);
      for (let c = 0; c < 3; c++) raw[i++] = Math.max(0, Math.min(255, base + c * 20 + (next() - 0.5) * 40));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).webp({ quality: 82, effort: 2 }).toBuffer();
}

/** The heavy user's rows and files, written straight into the database and the media folder. */
async function seed(db: Database, mediaDir: string): Promise<{ userId: number; photoBytes: number }> {
  const photos = await Promise.all(Array.from({ length: DISTINCT_PHOTOS }, (_, i) => storedPhoto(i + 1)));
  const postDir = path.join(mediaDir, 'postimages');
  const profileDir = path.join(mediaDir, 'profileimages');
  fs.mkdirSync(postDir, { recursive: true });
  fs.mkdirSync(profileDir, { recursive: true });
  const name = () => `${crypto.randomBytes(16).toString('hex')}.webp`;
  let photoBytes = 0;
  const [{ id: userId }] = await db
    .insert(users)
    .values({ email: 'heavy@example.com', username: 'heavyuser', passwordHash: 'x', firstName: 'Heavy', lastName: 'User', bio: 'Drinks a lot', verified: true })
    .returning({ id: users.id });
  const avatar = name();
  fs.writeFileSync(path.join(profileDir, avatar), photos[0]);
  photoBytes += photos[0].length;
  await db.insert(profileImages).values({ userId, fileName: avatar });
  const places: number[] = [];
  for (let i = 0; i < 50; i++) {
    const place = await insertEstablishment(db, { placeId: `siplog:bench-export-${i}`, name: `Export Cafe ${i}`, street: `${i} Main St`, city: 'Chicago', state: 'IL', zip: '60601', lat: 41.8 + i / 1000, lng: -87.6 });
    places.push(place.id);
  }
  await db.transaction(async () => {
    for (let i = 0; i < REVIEWS; i++) {
      const [{ id: postId }] = await db
        .insert(posts)
        .values({ userId, establishmentId: places[i % places.length], orderText: `Order ${i}`, review: `Review number ${i}: `.padEnd(300, 'tasty '), rating: 1 + (i % 5), createdAt: new Date(Date.UTC(2023, 0, 1) + i * 3_600_000) })
        .returning({ id: posts.id });
      for (let p = 0; p < PHOTOS_PER_REVIEW; p++) {
        const fileName = name();
        const bytes = photos[(i * PHOTOS_PER_REVIEW + p) % DISTINCT_PHOTOS];
        fs.writeFileSync(path.join(postDir, fileName), bytes);
        photoBytes += bytes.length;
        await db.insert(postImages).values({ postId, fileName, position: p });
      }
    }
  });
  // The bench runs on SQLite: its bulk rows go in through the connection itself.
  if (!(db instanceof SqliteDatabase)) throw new Error('the data export bench runs on SQLite');
  const raw = db.sqlite;
  raw.exec(`insert into users (email, username, password_hash, first_name, last_name)
    with recursive n(value) as (select 1 union all select value + 1 from n where value < ${FOLLOWERS})
    select 'fan' || value || '@example.com', 'fan' || value, 'x', 'Fan', value from n`);
  raw.exec(`insert into user_follows (follower_id, followee_id) select id, ${userId} from users where username like 'fan%'`);
  raw.exec(`insert into user_follows (follower_id, followee_id) select ${userId}, id from users where username like 'fan%' and id % 3 = 0`);
  raw.exec(`insert into post_likes (post_id, user_id) select p.id, u.id from posts p join users u on u.username like 'fan%' and (u.id + p.id) % 250 = 0`);
  raw.exec(`insert into comments (post_id, user_id, body) select id, ${userId}, 'Comment on my own review ' || id from posts where user_id = ${userId}`);
  return { userId, photoBytes };
}

interface Download {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  entries: number;
}

/** Streams the export, counting bytes; the zip's end record gives its number of entries. */
function download(base: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    let bytes = 0;
    let tail = Buffer.alloc(0);
    const request = http.get(`${base}/api/user/exportdata`, { headers: { Authorization: `Bearer ${token}` } }, (response) => {
      response.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        tail = Buffer.concat([tail, chunk]).subarray(-65_536);
      });
      response.on('end', () => {
        const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
        resolve({ status: response.statusCode ?? 0, firstByteMs, totalMs: performance.now() - started, bytes, entries: eocd < 0 ? -1 : tail.readUInt16LE(eocd + 10) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function benchDataExport(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-export-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' });
  const app = await createApp(config);
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const seedStarted = performance.now();
    const { userId, photoBytes } = await seed(app.get<Database>(DATABASE), config.mediaDir);
    const token = await app.get(TokenService).issue(userId);
    console.log(
      `data export: ${REVIEWS} reviews, ${REVIEWS * PHOTOS_PER_REVIEW + 1} photos (${mb(photoBytes).toFixed(0)} MB), ${FOLLOWERS} followers, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    // A warm-up run (code paths, page cache), then the measured one from a settled baseline.
    const warm = await download(base, token);
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, SAMPLE_MS);
    const run = await download(base, token);
    clearInterval(sampler);

    const rssGrowth = mb(peakRss - baseline.rss);
    const heapGrowth = mb(peakHeap - baseline.heapUsed);
    console.log(`data export: warm-up ${warm.status}, first byte ${warm.firstByteMs.toFixed(0)} ms, ${(warm.totalMs / 1000).toFixed(1)} s`);
    console.log(
      `data export: HTTP ${run.status}, first byte ${run.firstByteMs.toFixed(0)} ms, whole zip ${mb(run.bytes).toFixed(1)} MB (${run.entries} entries) in ${(run.totalMs / 1000).toFixed(1)} s (${(mb(run.bytes) / (run.totalMs / 1000)).toFixed(0)} MB/s)`,
    );
    console.log(
      `data export: memory while streaming: RSS ${mb(baseline.rss).toFixed(0)} → peak ${mb(peakRss).toFixed(0)} MB (+${rssGrowth.toFixed(1)} MB), heap used +${heapGrowth.toFixed(1)} MB`,
    );
    const problems = [
      run.status !== 200 ? `HTTP ${run.status}` : '',
      // The photos, the profile image, the JSON documents and README.txt.
      run.entries !== REVIEWS * PHOTOS_PER_REVIEW + 1 + EXPORT_DOCUMENTS.length + 1 ? `${run.entries} entries in the zip` : '',
      run.firstByteMs > FIRST_BYTE_BUDGET_MS ? `first byte after ${run.firstByteMs.toFixed(0)} ms (budget ${FIRST_BYTE_BUDGET_MS} ms)` : '',
      rssGrowth > GROWTH_BUDGET_MB ? `memory grew ${rssGrowth.toFixed(0)} MB (budget ${GROWTH_BUDGET_MB} MB)` : '',
    ].filter(Boolean);
    if (problems.length > 0) {
      console.error(`data export: OVER BUDGET: ${problems.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log(`data export: within budget (first byte ≤ ${FIRST_BYTE_BUDGET_MS} ms, growth ≤ ${GROWTH_BUDGET_MB} MB)`);
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchDataExport().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
