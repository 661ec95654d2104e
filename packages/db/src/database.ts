import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type BetterSqlite3 from 'better-sqlite3';

export type Dialect = 'sqlite' | 'pg';

/**
 * The query builder services write against. It is typed as Drizzle's PostgreSQL database for both dialects, so the
 * compiler refuses what only one of them has (SQLite's synchronous `.get()/.all()/.run()`, synchronous transactions);
 * on SQLite the same calls run on Drizzle's better-sqlite3 builders with the SQLite tables, which await alike.
 */
export type Orm = NodePgDatabase<Record<string, never>>;

export type Params = Record<string, unknown>;

/** A statement prepared once and run many times, through the current transaction when there is one. */
export interface Statement<Row> {
  /** The SQL as this dialect runs it (with `:name` parameters for plain statements). */
  readonly source: string;
  all(params?: Params): Promise<Row[]>;
  get(params?: Params): Promise<Row | undefined>;
  /** Runs a write; answers the number of rows it changed. */
  run(params?: Params): Promise<number>;
}

/** Plain SQL with `:name` parameters: one text when both dialects read it alike, else one per dialect. */
export type SqlText = string | { sqlite: string; pg: string };

/** A Drizzle query that can be prepared with placeholders (`sql.placeholder('name')`). */
export interface Preparable<Result> {
  prepare(name: string): { execute(placeholders?: Params): Promise<Result> };
}

type RowOf<Result> = Result extends ReadonlyArray<infer Row> ? Row : never;

/**
 * The one handle services use for data, whichever database is behind it (design: one code path). Every access is
 * asynchronous; `transaction` makes every query inside it (builders, statements, prepared queries, nested calls
 * through other services) part of the transaction.
 */
export interface Database {
  readonly dialect: Dialect;
  /** The builder of the current transaction, or of the database outside one. */
  readonly orm: Orm;
  select: Orm['select'];
  selectDistinct: Orm['selectDistinct'];
  insert: Orm['insert'];
  update: Orm['update'];
  delete: Orm['delete'];
  /**
   * Runs `work` in one transaction (a savepoint when already inside one), committed when it resolves and rolled
   * back when it throws. On SQLite `work` may await only the database: the one connection is not shared while a
   * transaction is open, and a transaction that waits for anything else (files, hashing, mail) is refused.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `effect` once the current transaction has committed (never when it rolls back), or at once outside a
   * transaction: for what must not be seen before the data is (cache invalidation, pushes to open pages).
   */
  afterCommit(effect: () => void): void;
  /** Plain SQL, prepared once (per connection on PostgreSQL). Keep it in the module's repository. */
  statement<Row = Record<string, unknown>>(text: SqlText): Statement<Row>;
  /** A Drizzle query prepared once: `db.prepared('name', (orm) => orm.select()…where(eq(t.id, sql.placeholder('id'))))`. */
  prepared<Result>(name: string, build: (orm: Orm) => Preparable<Result>): Statement<RowOf<Result>>;
  /**
   * Runs `work` unless another process holds the lock `name`, and answers whether it ran: for a job every node runs on a
   * timer that only one may run at a time. On PostgreSQL a session advisory lock (`pg_try_advisory_lock(hashtext(name))`)
   * held on one pooled connection until `work` settles; on SQLite (one writer, one process) it just runs `work`. Not
   * a transaction: `work` makes its own, and should still check what it relies on there (a lock dies with its connection).
   */
  tryLock(name: string, work: () => Promise<void>): Promise<boolean>;
  /** The SQLite connection, for what only SQLite has (online backup, data_version); null on PostgreSQL. */
  readonly sqlite: BetterSqlite3.Database | null;
  close(): Promise<void>;
}

/** Picks the text of `text` for a dialect. */
export function sqlFor(text: SqlText, dialect: Dialect): string {
  return typeof text === 'string' ? text : text[dialect];
}
