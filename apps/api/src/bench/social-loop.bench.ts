/**
 * The social loop's benchmarks (issue 16) on one set of data: the Following feed beside the raw server
 * (following.bench.ts), then the bell's polls and the cost of likes and comments with their notifications
 * (notification.bench.ts). The data (following-data.ts) is generated once and 1,000 people are signed in once.
 *
 * Runs in `pnpm bench`; alone: node apps/api/dist/bench/social-loop.bench.js (FEED_BENCH_POSTS=200000 for a quicker
 * run on smaller data). Each part also runs alone on data of its own: following.bench.js, notification.bench.js.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateFollowingData } from './following-data';
import { describeFollowingData, runFollowingBench } from './following.bench';
import { OPEN_PAGES, runNotificationBench } from './notification.bench';
import { activePeople, signIn, startServers } from './social-bench-setup';

export async function benchSocialLoop(): Promise<void> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-bench-social-'));
  try {
    const data = await generateFollowingData(path.join(dataDir, 'app.db'));
    console.log(describeFollowingData(data));
    const [ours, raw] = await startServers(['ours', 'raw'], dataDir);
    let rawRunning = true;
    try {
      const signInStarted = performance.now();
      const people = await signIn(ours, activePeople(data.file, OPEN_PAGES));
      console.log(`social loop: ${people.length} people signed in through our API in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`);
      await runFollowingBench(data, { ours, raw }, people);
      await raw.stop();
      rawRunning = false;
      await runNotificationBench(ours, data.file, people);
    } finally {
      await ours.stop();
      if (rawRunning) await raw.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`social loop bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  benchSocialLoop().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
