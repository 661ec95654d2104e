/**
 * `pnpm bench`: measures the hot paths on this machine against a real app over HTTP on 127.0.0.1.
 * Every loop is bounded by a count; the numbers are printed, never asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { users } from '@siplog/db';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/app.config';
import { DATABASE } from '../modules/database/database.module';
import { ARGON2_OPTIONS, hashPassword } from '../modules/auth/password-hasher';
import type { Database } from '@siplog/db';
import { GazetteerService } from '../modules/map/gazetteer.service';
import { measure, printSamples } from './measure';
import { benchAdminBackup } from './admin-backup.bench';
import { benchAdminLogs } from './admin-logs.bench';
import { benchDataExport } from './data-export.bench';
import { benchFeed } from './feed.bench';
import { benchFederation } from './federation.bench';
import { benchPlaces } from './places.bench';
import { benchScaleOut } from './scale-out.bench';
import { benchSocialLoop } from './social-loop.bench';
import { benchTiles } from './tiles.bench';
import { addBenchRegion, benchRegionTiles } from './regions.bench';
import { benchUpload } from './upload.bench';

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' });
  const regionBbox = await addBenchRegion(dataDir, config.mapDir);
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const db = app.get<Database>(DATABASE);

  // Many accounts, so lookups run against a realistic table; one password hash shared to keep set-up quick.
  const passwordHash = await hashPassword('BenchPass1');
  const people = 5000;
  await db.transaction(async () => {
    for (let i = 0; i < people; i++) {
      await db
        .insert(users)
        .values({ email: `bench${i}@example.com`, username: `bench${i}`, passwordHash, firstName: 'Bench', lastName: `User${i}`, verified: true });
    }
  });

  const post = (route: string, body: unknown, i: number) =>
    fetch(base + route, {
      method: 'POST',
      // a different client address per call, so the benchmark measures work, not the rate limiter
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${Math.floor(i / 250)}.${i % 250}` },
      body: JSON.stringify(body),
    });

  const samples = [
    await measure('GET /api/health', 500, () => fetch(`${base}/api/health`)),
    await measure('POST /api/user/authenticateuser', 60, (i) =>
      post('/api/user/authenticateuser', { email: `bench${i % people}@example.com`, password: 'BenchPass1' }, i),
    ),
    // A failed login costs two argon2 checks whether or not the account exists (or has a pending recovery).
    await measure(
      'POST /api/user/authenticateuser (wrong password)',
      40,
      (i) => post('/api/user/authenticateuser', { email: `bench${3000 + i}@example.com`, password: 'WrongPass1' }, 3000 + i),
      401,
    ),
    await measure(
      'POST /api/user/authenticateuser (unknown e-mail)',
      40,
      (i) => post('/api/user/authenticateuser', { email: `ghost${i}@example.com`, password: 'WrongPass1' }, 4000 + i),
      401,
    ),
    // Same work whether or not the account exists, so the answer time does not tell.
    await measure('POST /api/user/gettemppwd (known e-mail)', 40, (i) => post('/api/user/gettemppwd', { email: `bench${1000 + i}@example.com` }, 1000 + i)),
    await measure('POST /api/user/gettemppwd (unknown e-mail)', 40, (i) => post('/api/user/gettemppwd', { email: `ghost${i}@example.com` }, 2000 + i)),
    await measure('POST /api/user/loadpublicprofile', 300, (i) => post('/api/user/loadpublicprofile', { username: `bench${(i * 7) % people}` }, i)),
    await measure('POST /api/user/searchusersorplaces', 200, (i) => post('/api/user/searchusersorplaces', { searchString: `user${i % 50}` }, i)),
    ...(await benchTiles(base, app.get(GazetteerService))),
    ...(await benchRegionTiles(base, config.mapDir, regionBbox)),
  ];

  console.log(`Siplog bench: ${os.cpus().length} cores, Node ${process.version}, ${people} accounts`);
  console.log(`argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}`);
  printSamples(samples);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  // Places at scale run in a database of their own (50,000 establishments), measured at the service.
  printSamples(await benchPlaces());

  // A review with three 8 MB phone photos: request time and this process's memory while the app handles it.
  await benchUpload();

  // "Download my data" (issue 17) for 1,000 reviews and 3,000 photos: first byte and memory while the zip streams.
  await benchDataExport();

  // The feed at scale (1,000,000 reviews) against a raw node:http + better-sqlite3 server on the same file.
  await benchFeed();

  // The social loop (issue 16) on 1,000,000 reviews and 20,000 people following 200 people and 20 places each: the
  // Following feed's SQL and HTTP beside the raw server, the bell's polls from 1,000 open pages, likes and comments.
  await benchSocialLoop();

  // Admin (issue 10): an online backup of the 1,000,000-review database while 20 writers and a feed reader keep going,
  // then 31 days of 50,000-line logs loaded and counted as the FR Logs panel does.
  await benchAdminBackup();
  await benchAdminLogs();

  // Scale-out (issue 18): the feed and the like path on the one-box SQLite deployment beside PostgreSQL with two
  // nodes behind nginx.
  await benchScaleOut();

  // Federation (issue 30): delivery cost per follower, the inbox's throughput, the queue beside a slow or dead server.
  await benchFederation();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
