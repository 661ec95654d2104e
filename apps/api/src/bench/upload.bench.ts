/**
 * Posting a review with three phone photos: 4032x3024 JPEGs of about 8 MB each (one with EXIF orientation 6, as a
 * phone held upright writes it), sent in one POST /api/post/addpostwithimages to a fresh app in this process, the
 * multipart body streamed from disk so the client holds almost nothing in memory. Prints the request time (a cold
 * first run, then p50/max of the rest) and the process RSS sampled every 20 ms: peak and rise over the baseline.
 * Bounded; printed, never asserted. Runs in `pnpm bench`; alone: node apps/api/dist/bench/upload.bench.js
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { insertEstablishment, postImages, users, type Database } from '@siplog/db';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/app.config';
import { DATABASE } from '../modules/database/database.module';
import { hashPassword } from '../modules/auth/password-hasher';
import { mulberry32 } from '../seed/demo-images';
import { percentile } from './measure';

const WIDTH = 4032;
const HEIGHT = 3024;
const TARGET_BYTES = 8_000_000;
const QUALITY = 92;
/** One cold request, then these. */
const RUNS = 5;
const SAMPLE_MS = 20;
const PHOTOS = ['IMG_1001.jpg', 'IMG_1002.jpg', 'IMG_1003.jpg'];

/** A photo-like picture: smooth gradients and shapes under sensor-like noise of the given amplitude. */
function pixels(seed: number, noise: number): Buffer {
  const next = mulberry32(seed);
  const data = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  const tint = [next() * 80, next() * 80, next() * 80];
  let i = 0;
  for (let y = 0; y < HEIGHT; y++) {
    const band = 60 * Math.sin(y / (180 + seed * 7));
    for (let x = 0; x < WIDTH; x++) {
      const base = 70 + (x / WIDTH) * 90 + (y / HEIGHT) * 40 + band * Math.cos(x / 260);
      for (let c = 0; c < 3; c++) {
        const value = base + tint[c] + (next() - 0.5) * noise;
        data[i++] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
  return data;
}

function jpeg(raw: Buffer, orientation?: number): Promise<Buffer> {
  const image = sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: QUALITY, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** Three ~8 MB photos in `dir`: the noise is calibrated on the first (a few encodes at most) so the files land near 8 MB. */
async function makePhotos(dir: string): Promise<void> {
  let noise = 60;
  let first = await jpeg(pixels(1, noise));
  for (let attempt = 0; attempt < 4 && Math.abs(first.length - TARGET_BYTES) > TARGET_BYTES * 0.03; attempt++) {
    noise *= (TARGET_BYTES / first.length) ** 1.3;
    first = await jpeg(pixels(1, noise));
  }
  fs.writeFileSync(path.join(dir, PHOTOS[0]), first);
  fs.writeFileSync(path.join(dir, PHOTOS[1]), await jpeg(pixels(2, noise)));
  fs.writeFileSync(path.join(dir, PHOTOS[2]), await jpeg(pixels(3, noise), 6));
}

/**
 * The photos are made in a child process (this file with --make-photos DIR), so the 37 MB pixel buffers and their
 * encoding never weigh on the RSS measured here.
 */
function makePhotosElsewhere(dir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['--make-photos', dir], { stdio: 'inherit' });
    const timer = setTimeout(() => child.kill(), 300_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(PHOTOS.map((name) => path.join(dir, name)));
      else reject(new Error(`upload bench: making the photos failed (${code})`));
    });
  });
}

/** A multipart body as the web app sends it (`data`, then file1..file3), streamed from disk. */
function postReview(
  base: string,
  token: string,
  data: unknown,
  files: string[],
  client: string,
): Promise<{ status: number; body: string; sentAt: number }> {
  const boundary = `----siplogbench${Date.now().toString(16)}`;
  const dataPart = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`);
  const fileHeads = files.map((file, i) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file${i + 1}"; filename="${path.basename(file)}"\r\nContent-Type: image/jpeg\r\n\r\n`),
  );
  const crlf = Buffer.from('\r\n');
  const end = Buffer.from(`--${boundary}--\r\n`);
  const length =
    dataPart.length + fileHeads.reduce((sum, head, i) => sum + head.length + fs.statSync(files[i]).size + crlf.length, 0) + end.length;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/post/addpostwithimages`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': length,
          'X-Forwarded-For': client,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentAt }));
        response.on('error', reject);
      },
    );
    let sentAt = 0;
    request.on('finish', () => (sentAt = performance.now()));
    request.on('error', reject);
    void (async () => {
      request.write(dataPart);
      for (const [i, file] of files.entries()) {
        request.write(fileHeads[i]);
        for await (const chunk of fs.createReadStream(file)) {
          if (!request.write(chunk)) await new Promise((drained) => request.once('drain', drained));
        }
        request.write(crlf);
      }
      request.end(end);
    })().catch(reject);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function benchUpload(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-upload-'));
  const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-photos-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' });
  const app = await createApp(config);
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const db = app.get<Database>(DATABASE);
    await db
      .insert(users)
      .values({ email: 'photographer@example.com', username: 'photog', passwordHash: await hashPassword('BenchPass1'), firstName: 'Photo', lastName: 'Grapher', verified: true });
    const place = await insertEstablishment(db, { placeId: 'bench-upload-place', name: 'Golden Brew Roasters', street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', lat: 41.88, lng: -87.63 });
    const login = await fetch(`${base}/api/user/authenticateuser`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.8.0.1' },
      body: JSON.stringify({ email: 'photographer@example.com', password: 'BenchPass1' }),
    });
    const token = ((await login.json()) as { token?: string }).token;
    if (!token) throw new Error(`upload bench: login failed (${login.status})`);

    const made = performance.now();
    const photos = await makePhotosElsewhere(photoDir);
    const sizes = photos.map((file) => fs.statSync(file).size);
    console.log(
      `upload: 3 photos ${WIDTH}x${HEIGHT} JPEG q${QUALITY} of ${sizes.map((size) => (size / 1e6).toFixed(1)).join(', ')} MB ` +
        `(the third with EXIF orientation 6), made in ${((performance.now() - made) / 1000).toFixed(1)} s; ` +
        `sharp concurrency ${sharp.concurrency()}, libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4}`,
    );

    // Baseline once the photos are made and the process has settled.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let runPeak = baseline;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      if (rss > peak) peak = rss;
      if (rss > runPeak) runPeak = rss;
    }, SAMPLE_MS);
    const times: number[] = [];
    const afterSent: number[] = [];
    const runPeaks: number[] = [];
    let postId = 0;
    try {
      for (let run = 0; run <= RUNS; run++) {
        runPeak = process.memoryUsage().rss;
        const start = performance.now();
        const answer = await postReview(
          base,
          token,
          { place_id: place.placeId, establishment_name: place.name, order: 'Oat milk cortado', review: `Photo run ${run}: lovely crema.`, rating: 5 },
          photos,
          `10.8.1.${run + 1}`,
        );
        const done = performance.now();
        times.push(done - start);
        afterSent.push(done - answer.sentAt);
        runPeaks.push(runPeak);
        if (answer.status !== 200) throw new Error(`upload bench: HTTP ${answer.status} ${answer.body}`);
        postId = (JSON.parse(answer.body) as { post_id: number }).post_id;
      }
    } finally {
      clearInterval(sampler);
    }
    const after = process.memoryUsage().rss;

    // What was stored for the last post: three photos, each in three sizes; the EXIF-rotated one upright (portrait).
    const names = await db.select({ fileName: postImages.fileName }).from(postImages).where(eq(postImages.postId, postId));
    const dims = await Promise.all(names.map(async ({ fileName }) => sharp(path.join(config.mediaDir, 'postimages', fileName)).metadata()));
    const storedFiles = fs.readdirSync(path.join(config.mediaDir, 'postimages')).length;
    // The received files are removed just after the answer is sent; give that a moment (bounded).
    for (let i = 0; i < 20 && fs.readdirSync(config.uploadsDir).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const leftUploads = fs.readdirSync(config.uploadsDir).length;

    const warm = times.slice(1).sort((a, b) => a - b);
    const warmAfterSent = afterSent.slice(1).sort((a, b) => a - b);
    console.log(
      `upload: POST /api/post/addpostwithimages with 3 photos (${(sizes.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB): ` +
        `first ${times[0].toFixed(0)} ms, then ${RUNS} runs p50 ${percentile(warm, 50).toFixed(0)} ms, max ${warm[warm.length - 1].toFixed(0)} ms; ` +
        `of which after the body was sent: first ${afterSent[0].toFixed(0)} ms, p50 ${percentile(warmAfterSent, 50).toFixed(0)} ms, ` +
        `max ${warmAfterSent[warmAfterSent.length - 1].toFixed(0)} ms`,
    );
    console.log(
      `upload: process RSS baseline ${mb(baseline)}, peak ${mb(peak)} (+${mb(peak - baseline)}), ` +
        `per-run peak rise ${runPeaks.map((value) => `+${mb(value - baseline)}`).join(' ')}, after ${mb(after)} (sampled every ${SAMPLE_MS} ms)`,
    );
    console.log(
      `upload: stored ${storedFiles} files for ${RUNS + 1} posts; the last post's full sizes ${dims.map((meta) => `${meta.width}x${meta.height}`).join(', ')}; ` +
        `${leftUploads} received uploads left in tmp`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(photoDir, { recursive: true, force: true });
  }
}

if (require.main === module && process.argv[2] === '--make-photos') {
  makePhotos(process.argv[3]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (require.main === module) {
  benchUpload().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
