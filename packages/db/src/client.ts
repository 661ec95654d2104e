import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The committed drizzle-kit migrations, shipped beside the compiled package. */
export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'drizzle');

/** Opens (creating if needed) the SQLite file with the pragmas the app relies on. */
export function openDatabase(file: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return drizzle(sqlite, { schema }) as DB;
}

export function migrateDatabase(db: DB): void {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Opens and migrates: what the API does at start-up and what tests use for a fresh database. */
export function openMigratedDatabase(file: string): DB {
  const db = openDatabase(file);
  migrateDatabase(db);
  return db;
}
