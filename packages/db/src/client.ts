import path from 'node:path';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema/sqlite';

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

/**
 * A reader of SQLite's `PRAGMA data_version`: its value changes when another connection (another process sharing
 * the file) commits, never for this connection's own writes. Prepared once, so a read costs a few microseconds.
 */
export function dataVersionReader(sqlite: Database.Database): () => number {
  const statement = sqlite.prepare('PRAGMA data_version').pluck();
  return () => statement.get() as number;
}

/**
 * Runs in a worker thread, so nothing of a backup blocks the app's main thread (the copy's final commit
 * and fsync, and the integrity check that reads every page, each take hundreds of ms on a large file).
 * It reads through its own read-only connection: in WAL mode that is one consistent snapshot while the
 * app keeps writing, taken with SQLite's online backup API in one step (step by step, every write of the
 * app's connection would restart it). The copy then becomes a single self-contained file (rollback
 * journal, no -wal/-shm beside it) and is checked with `PRAGMA integrity_check`, opened read-only.
 */
const BACKUP_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
async function run() {
  const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(workerData.file, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new Database(workerData.file, { fileMustExist: true });
  try { copy.pragma('journal_mode = DELETE'); } finally { copy.close(); }
  const check = new Database(workerData.file, { readonly: true, fileMustExist: true });
  try { return check.pragma('integrity_check').map((row) => String(row.integrity_check)); } finally { check.close(); }
}
run().then(
  (lines) => parentPort.postMessage({ lines }),
  (error) => parentPort.postMessage({ error: String(error && error.message || error) }),
);
`;

/**
 * Copies the live database (the file behind `sqlite`) into `file` with SQLite's online backup API while the
 * app keeps serving and writing, off the main thread (see BACKUP_WORKER), then checks the copy. Answers
 * the check's lines: `['ok']` when the copy is sound; rejects when the copy could not be made.
 */
export function backupDatabaseTo(sqlite: Database.Database, file: string): Promise<string[]> {
  const source = sqlite.name;
  return new Promise((resolve, reject) => {
    const worker = new Worker(BACKUP_WORKER, { eval: true, workerData: { driver: require.resolve('better-sqlite3'), source, file } });
    let answered = false;
    worker.once('message', (answer: { lines?: string[]; error?: string }) => {
      answered = true;
      if (answer.lines) resolve(answer.lines);
      else reject(new Error(answer.error ?? 'backup failed'));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`backup worker exited with code ${code}`));
    });
  });
}
