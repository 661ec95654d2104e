import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Client, type ClientConfig } from 'pg';

/** The committed drizzle-kit migrations for PostgreSQL, shipped beside the compiled package (as MIGRATIONS_FOLDER). */
export const PG_MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle-pg');

/** Held while migrating, so nodes starting at once migrate one after the other (the later ones find nothing to do). */
const MIGRATION_LOCK = "hashtext('siplog:migrate')";

export interface MigratePgOptions {
  /** How long to wait for another node's migration before giving up; default 10 minutes. */
  lockTimeoutMs?: number;
  migrationsFolder?: string;
}

/** Applies the PostgreSQL migrations on one connection holding a session advisory lock: what start-up runs every time. */
export async function migratePg(connection: string | ClientConfig, options: MigratePgOptions = {}): Promise<void> {
  const client = new Client(typeof connection === 'string' ? { connectionString: connection } : connection);
  await client.connect();
  try {
    await client.query(`set lock_timeout = ${Math.max(1, Math.floor(options.lockTimeoutMs ?? 10 * 60_000))}`);
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await client.query('reset lock_timeout');
    try {
      await migrate(drizzle(client), { migrationsFolder: options.migrationsFolder ?? PG_MIGRATIONS_FOLDER });
    } finally {
      // Ending the session releases it too: an unlock that fails must not hide the migration's own error.
      await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
