import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from './client';
import type { Dialect } from './database';
import { PG_MIGRATIONS_FOLDER } from './pg-migrate';

/** The newest migration this build ships for a database: its name and its journal time. */
export interface ShippedMigration {
  tag: string;
  when: number;
}

/** Read from drizzle-kit's journal beside the compiled @siplog/db, the list the migrator itself applies. */
export function newestShippedMigration(dialect: Dialect): ShippedMigration {
  const folder = dialect === 'pg' ? PG_MIGRATIONS_FOLDER : MIGRATIONS_FOLDER;
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: ShippedMigration[] };
  return journal.entries.reduce((newest, entry) => (entry.when > newest.when ? entry : newest));
}
