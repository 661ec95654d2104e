import { AsyncLocalStorage } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import { backupDatabaseTo, dataVersionReader, type DB } from './client';
import { sqlFor, type Database, type Orm, type Params, type Preparable, type SqlText, type Statement, type StatementOptions } from './database';

/** Thrown when a transaction on SQLite waited for something other than the database (see `transaction`). */
export class TransactionSpannedError extends Error {
  constructor() {
    super(
      'A SQLite transaction waited for something other than the database (a file, a hash, the network): do that before or after the transaction',
    );
  }
}

interface OpenTransaction {
  savepoints: number;
  committed: Array<() => void>;
  /** Committed or rolled back: work it set going that runs later is outside it. */
  done: boolean;
}

/** SQLite's driver binds numbers, strings, bigints, buffers and null; booleans go in as 1 and 0, as the tables store them. */
function bindable(params: Params | undefined): Params | undefined {
  if (!params) return params;
  let copy: Params | undefined;
  for (const key in params) {
    if (typeof params[key] === 'boolean') {
      copy ??= { ...params };
      copy[key] = params[key] ? 1 : 0;
    }
  }
  return copy ?? params;
}

/**
 * The Database over one better-sqlite3 connection. Its queries run synchronously inside the promises they answer, so
 * a transaction whose work awaits only the database finishes within one turn of the event loop and nothing else can
 * run on the connection meanwhile. Transactions are serialized (one connection), and one that lets a turn pass is
 * rolled back with TransactionSpannedError rather than let another request's writes into it.
 */
export class SqliteDatabase implements Database {
  readonly dialect = 'sqlite' as const;
  /** One process writes the file: nothing to tell other nodes. */
  readonly spansNodes = false;
  readonly nodes = null;
  readonly dataVersion: () => number;
  /** The connection itself, for SQLite-only tools and tests. */
  readonly sqlite: BetterSqlite3.Database;
  readonly orm: Orm;
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private open: Promise<void> | null = null;

  /** @param drizzle The synchronous Drizzle handle on the connection, with the SQLite tables (SQLite-only tools and tests). */
  constructor(readonly drizzle: DB) {
    this.sqlite = drizzle.$client;
    this.dataVersion = dataVersionReader(this.sqlite);
    // One connection: the builder outside a transaction is the builder inside it.
    this.orm = drizzle as unknown as Orm;
  }

  get select(): Orm['select'] {
    return this.orm.select.bind(this.orm);
  }
  get selectDistinct(): Orm['selectDistinct'] {
    return this.orm.selectDistinct.bind(this.orm);
  }
  get insert(): Orm['insert'] {
    return this.orm.insert.bind(this.orm);
  }
  get update(): Orm['update'] {
    return this.orm.update.bind(this.orm);
  }
  get delete(): Orm['delete'] {
    return this.orm.delete.bind(this.orm);
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.active();
    if (outer) return this.savepoint(outer, work);
    while (this.open) await this.open;
    let release!: () => void;
    this.open = new Promise((resolve) => (release = resolve));
    let spanned = false;
    const sentinel = setImmediate(() => (spanned = true));
    const open: OpenTransaction = { savepoints: 0, committed: [], done: false };
    this.exec('begin immediate');
    try {
      const result = await this.current.run(open, work);
      if (spanned) throw new TransactionSpannedError();
      this.exec('commit');
      open.done = true;
      for (const effect of open.committed) effect();
      return result;
    } catch (error) {
      if (this.sqlite.inTransaction) this.exec('rollback');
      throw error;
    } finally {
      // Node 24's AsyncLocalStorage keeps the store in every continuation made inside `run`, whatever `disable`
      // says: the flag is what ends the transaction for them.
      open.done = true;
      clearImmediate(sentinel);
      // Node 22's AsyncLocalStorage slows every await in the process while it is enabled (about 2x): it is on only
      // while a transaction runs, which is what tells a nested call (a savepoint) from another request's (it waits).
      this.current.disable();
      this.open = null;
      release();
    }
  }

  private async savepoint<T>(outer: OpenTransaction, work: () => Promise<T>): Promise<T> {
    const name = `sp${++outer.savepoints}`;
    this.exec(`savepoint ${name}`);
    const effects = outer.committed.length;
    try {
      const result = await work();
      this.exec(`release ${name}`);
      return result;
    } catch (error) {
      this.exec(`rollback to ${name}`);
      // What the rolled-back part meant to announce never happened.
      outer.committed.length = effects;
      this.exec(`release ${name}`);
      throw error;
    }
  }

  /** The transaction the caller runs in, if it is still open. */
  private active(): OpenTransaction | undefined {
    const open = this.current.getStore();
    return open && !open.done ? open : undefined;
  }

  afterCommit(effect: () => void): void {
    const open = this.active();
    if (open) open.committed.push(effect);
    else effect();
  }

  readonly onlineBackup = (file: string): Promise<string[]> => backupDatabaseTo(this.sqlite, file);

  statement<Row = Record<string, unknown>>(text: SqlText, options?: StatementOptions<Row>): Statement<Row> {
    const source = sqlFor(text, 'sqlite');
    let prepared: BetterSqlite3.Statement | undefined;
    const statement = () => (prepared ??= this.sqlite.prepare(source));
    const booleans = options?.booleans;
    if (booleans?.length) {
      // SQLite stores booleans as 0/1: the rows leave here as the app reads them.
      const typed = (row: Record<string, unknown> | undefined) => {
        if (row) for (const column of booleans) if (column in row) row[column] = Boolean(row[column]);
        return row as Row | undefined;
      };
      return {
        source,
        all: async (params) => (statement().all(bindable(params) ?? {}) as Record<string, unknown>[]).map((row) => typed(row)!),
        get: async (params) => typed(statement().get(bindable(params) ?? {}) as Record<string, unknown> | undefined),
        run: async (params) => statement().run(bindable(params) ?? {}).changes,
      };
    }
    return {
      source,
      all: async (params) => statement().all(bindable(params) ?? {}) as Row[],
      get: async (params) => statement().get(bindable(params) ?? {}) as Row | undefined,
      run: async (params) => statement().run(bindable(params) ?? {}).changes,
    };
  }

  prepared<Result>(_name: string, build: (orm: Orm) => Preparable<Result>): Statement<Result extends ReadonlyArray<infer Row> ? Row : never> {
    type Row = Result extends ReadonlyArray<infer R> ? R : never;
    // On better-sqlite3 Drizzle's prepared query is synchronous: all/get/run answer at once.
    const query = build(this.orm).prepare(_name) as unknown as {
      all(params?: Params): Row[];
      get(params?: Params): Row | undefined;
      run(params?: Params): { changes: number };
    };
    return {
      source: (query as unknown as { getQuery(): { sql: string } }).getQuery().sql,
      all: async (params) => query.all(bindable(params)),
      get: async (params) => query.get(bindable(params)),
      run: async (params) => query.run(bindable(params)).changes,
    };
  }

  async tryLock(_name: string, work: () => Promise<void>): Promise<boolean> {
    await work();
    return true;
  }

  private exec(text: string): void {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.sqlite.prepare(text);
      this.statements.set(text, statement);
    }
    statement.run();
  }

  async close(): Promise<void> {
    if (this.sqlite.open) this.sqlite.close();
  }
}
