import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { sqlFor, type Database, type Orm, type Params, type Preparable, type NodeLink, type SqlText, type Statement, type StatementOptions } from './database';
import { toPositional } from './named-params';
import { listenPg, type PgListener, type PgListenOptions } from './pg-listener';

/** int8 (counts, sums, epoch milliseconds) and numeric come back as numbers, as SQLite gives them. */
const numberTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

interface OpenTransaction {
  client: pg.PoolClient;
  orm: Orm;
  savepoints: number;
  /** Drizzle queries prepared for this transaction's connection, by the app-wide prepared query they stand for. */
  prepared: Map<object, { execute(params?: Params): Promise<unknown> }>;
  committed: Array<() => void>;
  /** Committed or rolled back: work it set going that runs later is outside it (its connection is back in the pool). */
  done: boolean;
}

export interface PgOptions {
  /** Connections per node; each API process keeps its own pool. */
  max?: number;
}

/** The Database over a node-postgres pool; a transaction holds one pooled connection from BEGIN to COMMIT. */
export class PgDatabase implements Database, NodeLink {
  readonly dialect = 'pg' as const;
  /** Every node of a deployment opens the same database. */
  readonly spansNodes = true;
  readonly nodes: NodeLink = this;
  /** Other writers are other nodes, heard of through `nodes`. */
  readonly dataVersion = null;
  /** pg_dump and point-in-time recovery back PostgreSQL up. */
  readonly onlineBackup = null;
  readonly pool: pg.Pool;
  private readonly root: Orm;
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  private readonly listeners = new Set<PgListener>();

  constructor(
    readonly url: string,
    options: PgOptions = {},
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: numberTypes });
    // A broken idle connection is dropped and replaced by the pool; without a listener it would crash the process.
    this.pool.on('error', () => undefined);
    this.root = drizzle({ client: this.pool }) as unknown as Orm;
  }

  /** The transaction the caller runs in, if it is still open. */
  private active(): OpenTransaction | undefined {
    const open = this.current.getStore();
    return open && !open.done ? open : undefined;
  }

  get orm(): Orm {
    return this.active()?.orm ?? this.root;
  }
  get select(): Orm['select'] {
    const orm = this.orm;
    return orm.select.bind(orm);
  }
  get selectDistinct(): Orm['selectDistinct'] {
    const orm = this.orm;
    return orm.selectDistinct.bind(orm);
  }
  get insert(): Orm['insert'] {
    const orm = this.orm;
    return orm.insert.bind(orm);
  }
  get update(): Orm['update'] {
    const orm = this.orm;
    return orm.update.bind(orm);
  }
  get delete(): Orm['delete'] {
    const orm = this.orm;
    return orm.delete.bind(orm);
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.active();
    if (outer) return this.savepoint(outer, work);
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      const open: OpenTransaction = { client, orm: drizzle({ client }) as unknown as Orm, savepoints: 0, prepared: new Map(), committed: [], done: false };
      try {
        const result = await this.current.run(open, work);
        // A statement that failed inside (and whose error `work` caught) aborted the transaction: PostgreSQL then
        // answers COMMIT with a rollback, and the caller must not take the work for done.
        const commit = await client.query('commit');
        if (commit.command === 'ROLLBACK') throw new Error('The transaction was rolled back: a statement in it failed');
        open.done = true;
        for (const effect of open.committed) effect();
        return result;
      } finally {
        open.done = true;
      }
    } catch (error) {
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async savepoint<T>(outer: OpenTransaction, work: () => Promise<T>): Promise<T> {
    const name = `sp${++outer.savepoints}`;
    await outer.client.query(`savepoint ${name}`);
    const effects = outer.committed.length;
    try {
      const result = await work();
      await outer.client.query(`release savepoint ${name}`);
      return result;
    } catch (error) {
      await outer.client.query(`rollback to savepoint ${name}`);
      // What the rolled-back part meant to announce never happened.
      outer.committed.length = effects;
      throw error;
    }
  }

  afterCommit(effect: () => void): void {
    const open = this.active();
    if (open) open.committed.push(effect);
    else effect();
  }

  async tryLock(name: string, work: () => Promise<void>): Promise<boolean> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [name]);
      if (!rows[0]!.locked) return false;
      try {
        await work();
      } finally {
        try {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        } catch {
          // The session is gone, and its lock with it: the connection is not handed out again.
          broken = true;
        }
      }
      return true;
    } finally {
      client.release(broken);
    }
  }

  /** The connection of the current transaction, else the pool (which lends one connection per query). */
  private queryable(): pg.Pool | pg.PoolClient {
    return this.active()?.client ?? this.pool;
  }

  /** PostgreSQL answers booleans as booleans: `options.booleans` needs no work here. */
  statement<Row = Record<string, unknown>>(text: SqlText, options: StatementOptions<Row> = {}): Statement<Row> {
    const compiled = toPositional(sqlFor(text, 'pg'));
    const { name } = options;
    const query = async (params?: Params) => {
      const values = compiled.names.map((param) => {
        if (!params || !(param in params)) throw new Error(`missing SQL parameter :${param}`);
        return params[param];
      });
      return name === undefined ? this.queryable().query(compiled.text, values) : this.queryable().query({ name, text: compiled.text, values });
    };
    return {
      source: compiled.text,
      all: async (params) => (await query(params)).rows as Row[],
      get: async (params) => (await query(params)).rows[0] as Row | undefined,
      run: async (params) => (await query(params)).rowCount ?? 0,
    };
  }

  prepared<Result>(name: string, build: (orm: Orm) => Preparable<Result>): Statement<Result extends ReadonlyArray<infer Row> ? Row : never> {
    type Row = Result extends ReadonlyArray<infer R> ? R : never;
    const outside = build(this.root).prepare(name);
    // Inside a transaction the query must run on the transaction's connection: prepared again there, once per transaction.
    const execute = (params?: Params): Promise<unknown> => {
      const open = this.active();
      if (!open) return outside.execute(params);
      let inside = open.prepared.get(outside);
      if (!inside) {
        inside = build(open.orm).prepare(name);
        open.prepared.set(outside, inside);
      }
      return inside.execute(params);
    };
    return {
      source: (outside as unknown as { getQuery(): { sql: string } }).getQuery().sql,
      all: async (params) => (await execute(params)) as Row[],
      get: async (params) => ((await execute(params)) as Row[])[0],
      run: async (params) => {
        const result = (await execute(params)) as { rowCount?: number | null } | unknown[];
        return Array.isArray(result) ? result.length : (result.rowCount ?? 0);
      },
    };
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  /** On a connection of its own (see listenPg). */
  async listen(channel: string, options: PgListenOptions): Promise<PgListener> {
    const listener = await listenPg(this.url, channel, options);
    this.listeners.add(listener);
    return listener;
  }

  async close(): Promise<void> {
    await Promise.all([...this.listeners].map((listener) => listener.close()));
    await this.pool.end();
  }
}
