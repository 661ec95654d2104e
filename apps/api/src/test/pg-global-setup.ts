import { migratePg } from '@siplog/db';
import { startPgCluster } from '@siplog/db/dist/testing/pg-cluster';

/**
 * The PostgreSQL run of the API suite (vitest.pg.config.ts): one throw-away cluster for the run, and a migrated
 * template database that every test app copies (test-database.ts). Set before the test processes start, so in each
 * of them DATABASE_URL makes PostgreSQL the dialect.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  const templateUrl = await cluster.newDatabase();
  await migratePg(templateUrl);
  process.env.SIPLOG_TEST_PG_ADMIN_URL = cluster.adminUrl;
  process.env.SIPLOG_TEST_PG_TEMPLATE = new URL(templateUrl).pathname.slice(1);
  process.env.DATABASE_URL = templateUrl;
  return () => cluster.stop();
}
