import { openAppDatabase } from '@siplog/db';
import { loadConfig } from '../config/app.config';
import { createBlobStore, createImageStore } from '../modules/media/media-stores';
import { seedDemoData } from './seed';

/** `node dist/seed/seed-cli.js`: fills DATA_DIR with the demo data unless it already has users. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openAppDatabase(config);
  const blobs = createBlobStore(config);
  try {
    const result = await seedDemoData(db, createImageStore(config, blobs));
    console.log(
      result.seeded
        ? `Seeded demo data: ${result.users} people, ${result.places} places, ${result.posts} reviews in ${config.dataDir}`
        : `Demo data already present in ${config.dataDir}: nothing to do`,
    );
  } finally {
    await blobs.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Seeding demo data failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
