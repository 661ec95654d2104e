import { SqliteDatabase, type Orm, type Preparable } from '@siplog/db';

/** A Drizzle query as prepared on SQLite: its SQL and its placeholders, in order. */
interface PreparedSql {
  getQuery(): { sql: string; params: unknown[] };
}

export interface RecordedQuery {
  sql: string;
  /** Placeholder names in the order of the SQL's `?`s (a literal parameter is kept as its value). */
  params: unknown[];
}

/**
 * The Database on a SQLite connection that keeps each prepared Drizzle query's SQL by name, so tests can read the plan
 * SQLite picks and benchmarks can run exactly the statements the app runs.
 */
export class RecordingDatabase extends SqliteDatabase {
  private readonly queries = new Map<string, RecordedQuery>();

  override prepared<Result>(name: string, build: (orm: Orm) => Preparable<Result>) {
    const { sql, params } = (build(this.orm).prepare(name) as unknown as PreparedSql).getQuery();
    this.queries.set(name, { sql, params: params.map((param) => (isPlaceholder(param) ? param.name : param)) });
    return super.prepared(name, build);
  }

  /** The SQL of the query prepared under `name`. */
  query(name: string): RecordedQuery {
    const query = this.queries.get(name);
    if (!query) throw new Error(`no prepared query ${name}`);
    return query;
  }
}

function isPlaceholder(param: unknown): param is { name: string } {
  return typeof param === 'object' && param !== null && typeof (param as { name?: unknown }).name === 'string';
}

/**
 * The plan SQLite picks for one of the queries prepared under `name`, one step a line. Each named placeholder is
 * bound to `valueOf(name)` (by default 1: the plans a design relies on do not depend on the values).
 */
export function queryPlan(database: RecordingDatabase, name: string, valueOf: (placeholder: string) => unknown = () => 1): string[] {
  const { sql, params } = database.query(name);
  const values = params.map((param) => (typeof param === 'string' ? valueOf(param) : param));
  return database.sqlite
    .prepare(`explain query plan ${sql}`)
    .all(...values)
    .map((row) => (row as { detail: string }).detail);
}
