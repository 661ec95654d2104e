import type { Database } from './database';
import { DIALECT } from './dialect';
import { openMigratedDatabase } from './client';
import { PgDatabase } from './pg-database';
import { migratePg } from './pg-migrate';
import { SqliteDatabase } from './sqlite-database';

/** Where the app's data lives: a PostgreSQL URL, or else the SQLite file. */
export interface DatabaseLocation {
  databaseUrl?: string | null;
  databaseFile: string;
}

/** Opens the app's database and brings its schema up to date (on PostgreSQL the first node to start migrates; see migratePg). */
export async function openAppDatabase(where: DatabaseLocation): Promise<Database> {
  const dialect = where.databaseUrl ? 'pg' : 'sqlite';
  if (dialect !== DIALECT) throw new Error(`This process was started for ${DIALECT} (DATABASE_URL is read once at start) and cannot open ${dialect}`);
  if (where.databaseUrl) {
    await migratePg(where.databaseUrl);
    return new PgDatabase(where.databaseUrl);
  }
  return new SqliteDatabase(openMigratedDatabase(where.databaseFile));
}
