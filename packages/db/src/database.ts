import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { PgListener, PgListenOptions } from './pg-listener';

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

/** How a plain statement runs and its rows come back. */
export interface StatementOptions<Row> {
  /** The columns SQLite stores as 0/1 that the app reads as booleans. */
  booleans?: ReadonlyArray<keyof Row & string>;
  /**
   * Unique app-wide: on PostgreSQL the statement is then parsed and planned once per connection, not on every call (for
   * hot or large statements). SQLite prepares every statement once anyway.
   */
  name?: string;
}

/**
 * What the nodes sharing one database (PostgreSQL) use to keep each other current. Absent on SQLite, where one
 * process is the only writer.
 */
export interface NodeLink {
  /** Tells every node listening on `channel` (through the pool: call it once the data it announces has committed). */
  notify(channel: string, payload: string): Promise<void>;
  /** Listens on `channel` on a connection of its own; closed with the database. */
  listen(channel: string, options: PgListenOptions): Promise<PgListener>;
  /** The pool, for a library that keeps node-shared state in the database itself (rate-limiter-flexible). */
  readonly pool: pg.Pool;
}

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
  /** Which SQL this database reads: for repositories and dialect-sql.ts only; everything else asks a capability below. */
  readonly dialect: Dialect;
  /**
   * Whether other API nodes may share this database (PostgreSQL): what a node keeps in memory (cache, budgets,
   * remembered values) must then live in the database or be announced to the others.
   */
  readonly spansNodes: boolean;
  /** Messages between the nodes sharing this database; null when it has one process (SQLite). */
  readonly nodes: NodeLink | null;
  /**
   * A counter that moves when another process commits to the database (SQLite's `PRAGMA data_version`), a few µs a read;
   * null where the other writers are other nodes, heard of through `nodes`.
   */
  readonly dataVersion: (() => number) | null;
  /**
   * Copies the live database into `file` while it keeps serving, then checks the copy: answers the check's lines
   * (`['ok']` when sound). Null where the engine's own tools do that job (PostgreSQL: pg_dump, point-in-time recovery).
   */
  readonly onlineBackup: ((file: string) => Promise<string[]>) | null;
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
  /**
   * Plain SQL, prepared once (per connection on PostgreSQL). Keep it in the module's repository. Rows come back as the
   * app's types: the `booleans` columns as booleans on both databases.
   */
  statement<Row = Record<string, unknown>>(text: SqlText, options?: StatementOptions<Row>): Statement<Row>;
  /** A Drizzle query prepared once: `db.prepared('name', (orm) => orm.select()…where(eq(t.id, sql.placeholder('id'))))`. */
  prepared<Result>(name: string, build: (orm: Orm) => Preparable<Result>): Statement<RowOf<Result>>;
  /**
   * Runs `work` unless another process holds the lock `name`, and answers whether it ran: for a job every node runs on a
   * timer that only one may run at a time. On PostgreSQL a session advisory lock (`pg_try_advisory_lock(hashtext(name))`)
   * held on one pooled connection until `work` settles; on SQLite (one writer, one process) it just runs `work`. Not
   * a transaction: `work` makes its own, and should still check what it relies on there (a lock dies with its connection).
   */
  tryLock(name: string, work: () => Promise<void>): Promise<boolean>;
  close(): Promise<void>;
}

/** Picks the text of `text` for a dialect. */
export function sqlFor(text: SqlText, dialect: Dialect): string {
  return typeof text === 'string' ? text : text[dialect];
}
