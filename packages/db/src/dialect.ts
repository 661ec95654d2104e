import type { Dialect } from './database';

/**
 * The database engine of this process, decided once at start: PostgreSQL when DATABASE_URL is a postgres:// URL, else
 * SQLite. The tables exported by this package are that engine's, so it cannot change while the process runs.
 */
export const DIALECT: Dialect = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? 'pg' : 'sqlite';
