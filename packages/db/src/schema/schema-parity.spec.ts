import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is, SQL, Table } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteColumn, SQLiteSyncDialect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../client';
import { migratePg, PG_MIGRATIONS_FOLDER } from '../pg-migrate';
import { startPgCluster, type PgCluster } from '../testing/pg-cluster';
import * as pg from './pg';
import * as sqlite from './sqlite';

/*
 * schema/pg.ts must say what schema/sqlite.ts says, and the two migration folders must build the same tables.
 * The only differences allowed are listed here: each database's own search and map machinery, and migration
 * bookkeeping. Anything else added on one side only fails.
 */

/** SQLite's FTS5 and R*Tree (migration 0002): virtual tables, their shadow tables and the triggers feeding them. */
const SQLITE_ONLY_TABLES = [
  'establishments_fts',
  'establishments_fts_config',
  'establishments_fts_data',
  'establishments_fts_docsize',
  'establishments_fts_idx',
  'establishments_rtree',
  'establishments_rtree_node',
  'establishments_rtree_parent',
  'establishments_rtree_rowid',
];
const SQLITE_ONLY_TRIGGERS = [
  'establishments_fts_delete',
  'establishments_fts_insert',
  'establishments_fts_update',
  'establishments_rtree_delete',
  'establishments_rtree_insert',
  'establishments_rtree_update',
];
/** Their PostgreSQL twins (drizzle-pg 0001): expression indexes, so no table or column differs. */
const PG_ONLY_INDEXES = ['establishments_geo_idx', 'establishments_search_idx'];
/** drizzle's migration bookkeeping (PostgreSQL keeps it in its own `drizzle` schema, outside `public`). */
const SQLITE_BOOKKEEPING = ['__drizzle_migrations'];

// ---------------------------------------------------------------------------------------------------------------
// TypeScript level: what drizzle knows of each table.

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

/** One spelling for both dialects' SQL fragments: no quotes, lower case, booleans as SQLite stores them. */
function normalize(text: string): string {
  return text
    .replace(/[`"]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/= true\b/g, '= 1')
    .replace(/= false\b/g, '= 0');
}

/** created_at's default on each side: the same instant in epoch milliseconds. */
const NOW_MS = [/^\(unixepoch\('subsec'\) \* 1000\)$/, /^\(floor\(extract\(epoch from statement_timestamp\(\)\) \* 1000\)\)::bigint$/];

function renderSql(value: SQL, dialect: 'sqlite' | 'pg'): string {
  const query = dialect === 'sqlite' ? sqliteDialect.sqlToQuery(value) : pgDialect.sqlToQuery(value);
  expect(query.params, `parameters in ${query.sql}`).toEqual([]);
  return query.sql;
}

function describeDefault(value: unknown, dialect: 'sqlite' | 'pg'): unknown {
  if (value === undefined) return undefined;
  if (is(value, SQL)) {
    const text = renderSql(value, dialect);
    return NOW_MS.some((pattern) => pattern.test(text)) ? 'now-ms' : `sql:${normalize(text)}`;
  }
  return value;
}

function sqliteTypeClass(column: SQLiteColumn): string {
  switch (column.columnType) {
    case 'SQLiteInteger':
      return 'integer';
    case 'SQLiteTimestamp':
      return `timestamp:${(column as unknown as { mode: string }).mode}`;
    case 'SQLiteBoolean':
      return 'boolean';
    case 'SQLiteReal':
      return 'real';
    case 'SQLiteText':
      return 'text';
    case 'SQLiteTextJson':
      return 'json';
    default:
      return `unmapped:${column.columnType}`;
  }
}

/** pg.ts's custom types are told apart by what they do: Date from epoch ms, JSON from text. */
function pgTypeClass(column: PgColumn): string {
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgBigInt53':
      return 'integer';
    case 'PgBoolean':
      return 'boolean';
    case 'PgDoublePrecision':
      return 'real';
    case 'PgText':
      return 'text';
    case 'PgCustomColumn': {
      const sqlType = column.getSQLType();
      if (sqlType === 'bigint') {
        const fromString = column.mapFromDriverValue('1700000000123') as unknown;
        const fromNumber = column.mapFromDriverValue(1700000000123) as unknown;
        const toDriver = column.mapToDriverValue(new Date(1700000000123)) as unknown;
        if (fromString instanceof Date && fromString.getTime() === 1700000000123 && fromNumber instanceof Date && fromNumber.getTime() === 1700000000123 && toDriver === 1700000000123) {
          return 'timestamp:timestamp_ms';
        }
      }
      if (sqlType === 'text') {
        const parsed = column.mapFromDriverValue('{"a":[1,"b"]}') as unknown;
        if (JSON.stringify(parsed) === '{"a":[1,"b"]}' && column.mapToDriverValue({ a: [1, 'b'] }) === '{"a":[1,"b"]}') return 'json';
      }
      return `unmapped:custom ${sqlType}`;
    }
    default:
      return `unmapped:${column.columnType}`;
  }
}

type AnyTableConfig = ReturnType<typeof getSqliteTableConfig> | ReturnType<typeof getPgTableConfig>;

function describeTable(config: AnyTableConfig, dialect: 'sqlite' | 'pg') {
  const columns = Object.fromEntries(
    [...config.columns]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((column) => {
        const autoIncrement =
          dialect === 'sqlite'
            ? (column as unknown as { autoIncrement?: boolean }).autoIncrement === true
            : (column as unknown as PgColumn).generatedIdentity?.type === 'byDefault';
        return [
          column.name,
          {
            type: dialect === 'sqlite' ? sqliteTypeClass(column as unknown as SQLiteColumn) : pgTypeClass(column as unknown as PgColumn),
            notNull: column.notNull,
            hasDefault: column.hasDefault,
            default: describeDefault(column.default, dialect),
            primary: column.primary,
            autoIncrement,
            enumValues: column.enumValues ?? null,
            generated: column.generated ? 'generated' : null,
          },
        ];
      }),
  );
  const columnNames = (list: readonly { name: string }[]) => list.map((column) => column.name);
  const foreignKeys = config.foreignKeys
    .map((fk) => {
      const ref = fk.reference();
      return `(${columnNames(ref.columns)}) -> ${getTableName(ref.foreignTable)}(${columnNames(ref.foreignColumns)}) on delete ${fk.onDelete ?? 'no action'} on update ${fk.onUpdate ?? 'no action'}`;
    })
    .sort();
  const indexes = Object.fromEntries(
    config.indexes
      .map((index) => {
        const { name, unique, where } = index.config;
        const pgConfig = dialect === 'pg' ? (index.config as ReturnType<typeof getPgTableConfig>['indexes'][number]['config']) : undefined;
        const columns = index.config.columns.map((column) => {
          if (is(column, SQL)) return `expr:${normalize(renderSql(column, dialect))}`;
          const indexed = column as { name: string; indexConfig?: { order?: string; nulls?: string; opClass?: string } };
          if (dialect === 'sqlite') return indexed.name;
          // SQLite orders NULL first: PostgreSQL indexes on nullable columns must too (unless the predicate leaves NULLs
          // out), so the app's ORDER BY, spelled with SQLite's NULL order, can walk them.
          const nullable =
            !config.columns.find((c) => c.name === indexed.name)?.notNull &&
            !(where && normalize(renderSql(where, dialect)).includes(`${config.name}.${indexed.name} is not null`));
          const { order = 'asc', nulls = 'last', opClass } = indexed.indexConfig ?? {};
          return [indexed.name, order === 'asc' ? '' : order, nullable && nulls !== 'first' ? `nulls ${nulls}` : '', opClass ?? ''].filter(Boolean).join(' ');
        });
        return [
          name,
          {
            unique,
            columns,
            where: where ? normalize(renderSql(where, dialect)) : null,
            method: pgConfig?.method && pgConfig.method !== 'btree' ? pgConfig.method : 'btree',
            concurrently: pgConfig?.concurrently ?? false,
          },
        ] as const;
      })
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  return {
    name: config.name,
    schema: (config as { schema?: string }).schema ?? null,
    columns,
    primaryKeys: config.primaryKeys.map((pk) => columnNames(pk.columns)),
    foreignKeys,
    indexes,
    checks: Object.fromEntries(config.checks.map((check) => [check.name, normalize(renderSql(check.value, dialect))])),
    uniqueConstraints: config.uniqueConstraints.map((unique) => [unique.getName(), columnNames(unique.columns)]),
  };
}

function tablesOf(module: Record<string, unknown>, dialect: 'sqlite' | 'pg') {
  const tables = Object.values(module).filter((value): value is Table => is(value, Table));
  for (const table of tables) expect(dialect === 'sqlite' ? is(table, SQLiteTable) : is(table, PgTable), getTableName(table)).toBe(true);
  return Object.fromEntries(
    tables
      .map((table) => describeTable(dialect === 'sqlite' ? getSqliteTableConfig(table as SQLiteTable) : getPgTableConfig(table as PgTable), dialect))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((shape) => [shape.name, shape]),
  );
}

describe('schema/pg.ts against schema/sqlite.ts', () => {
  const sqliteTables = tablesOf(sqlite, 'sqlite');
  const pgTables = tablesOf(pg, 'pg');

  it('export the same names, sharing the plain constants', () => {
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
    for (const name of ['USER_ROLES', 'NOTIFICATION_KIND_VALUES', 'REPORT_KIND_VALUES', 'REPORT_REASON_VALUES', 'REPORT_ACTION_VALUES', 'ACTIVE_USER_SQL', 'WORKING_AMENITY_BITS', 'WORKING_PLACES_SQL'] as const) {
      expect(pg[name], name).toBe(sqlite[name]);
    }
  });

  it('say the same isActiveUser', () => {
    expect(renderSql(pg.isActiveUser, 'pg')).toBe(renderSql(sqlite.isActiveUser, 'sqlite'));
  });

  it('define the same tables', () => {
    expect(Object.keys(pgTables)).toEqual(Object.keys(sqliteTables));
    expect(Object.keys(sqliteTables).length).toBeGreaterThanOrEqual(20);
  });

  it.each(Object.keys(sqliteTables))('define %s alike', (name) => {
    expect(pgTables[name]).toEqual(sqliteTables[name]);
  });

  it('map every column to a known type', () => {
    const types = [...Object.values(sqliteTables), ...Object.values(pgTables)].flatMap((table) => Object.values(table.columns).map((column) => column.type));
    expect(types.filter((type) => type.startsWith('unmapped'))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Database level: what the migrations build.

interface DbShape {
  tables: Record<
    string,
    {
      columns: Record<string, { type: string; notNull: boolean; default: string | null; autoIncrement: boolean }>;
      primaryKey: string[];
      indexes: Record<string, { unique: boolean; columns: (string | null)[]; partial: boolean; where: string | null }>;
      foreignKeys: string[];
      checks: string[];
    }
  >;
  triggers: string[];
}

function normalizeDefault(value: string | null): string | null {
  if (value === null) return null;
  if (/unixepoch\('subsec'\)/i.test(value) || /statement_timestamp\(\)/i.test(value)) return 'now-ms';
  return value.replace(/::[a-z ]+$/i, '');
}

/** Index predicates as SQLite keeps them (`"t"."c" = 1`) and as PostgreSQL prints them (`(c = true)`), alike. */
function normalizePredicate(value: string | null, table: string): string | null {
  if (value === null) return null;
  return normalize(value.replace(new RegExp(`["\`]?${table}["\`]?\\.`, 'g'), ''))
    .replace(/::[a-z ]+/g, '')
    .replace(/[()]/g, '');
}

function sqliteShape(file: string): DbShape {
  const db = openMigratedDatabase(file);
  try {
    const client = db.$client;
    const all = <T>(query: string) => client.prepare(query).all() as T[];
    const objects = all<{ type: string; name: string; tbl_name: string; sql: string | null }>('select type, name, tbl_name, sql from sqlite_master');
    const present = new Set(objects.map((object) => object.name));
    for (const name of [...SQLITE_ONLY_TABLES, ...SQLITE_ONLY_TRIGGERS, ...SQLITE_BOOKKEEPING]) expect(present.has(name), `allow-listed ${name} exists`).toBe(true);

    const tables: DbShape['tables'] = {};
    for (const table of objects.filter((object) => object.type === 'table')) {
      if (table.name.startsWith('sqlite_') || SQLITE_ONLY_TABLES.includes(table.name) || SQLITE_BOOKKEEPING.includes(table.name)) continue;
      const quoted = `"${table.name}"`;
      const info = all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(`pragma table_info(${quoted})`);
      const autoIncrement = (column: string) => new RegExp(`[\`"]${column}[\`"] integer primary key autoincrement`, 'i').test(table.sql ?? '');
      const indexes: DbShape['tables'][string]['indexes'] = {};
      for (const index of all<{ name: string; unique: number; origin: string; partial: number }>(`pragma index_list(${quoted})`)) {
        if (index.origin === 'pk') continue;
        const columns = all<{ seqno: number; name: string | null }>(`pragma index_info("${index.name}")`)
          .sort((a, b) => a.seqno - b.seqno)
          .map((column) => column.name);
        const definition = objects.find((object) => object.name === index.name)?.sql ?? '';
        const where = / where (.*)$/is.exec(definition)?.[1] ?? null;
        indexes[index.name] = { unique: index.unique === 1, columns, partial: index.partial === 1, where: normalizePredicate(where, table.name) };
      }
      const references = all<{ id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string }>(`pragma foreign_key_list(${quoted})`);
      const foreignKeys = [...new Set(references.map((reference) => reference.id))].map((id) => {
        const parts = references.filter((reference) => reference.id === id).sort((a, b) => a.seq - b.seq);
        return `(${parts.map((part) => part.from)}) -> ${parts[0].table}(${parts.map((part) => part.to)}) on delete ${parts[0].on_delete.toLowerCase()} on update ${parts[0].on_update.toLowerCase()}`;
      });
      tables[table.name] = {
        columns: Object.fromEntries(
          info.map((column) => [
            column.name,
            { type: column.type.toLowerCase(), notNull: column.notnull === 1, default: normalizeDefault(column.dflt_value), autoIncrement: column.pk > 0 && autoIncrement(column.name) },
          ]),
        ),
        primaryKey: info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name),
        indexes,
        foreignKeys: foreignKeys.sort(),
        checks: [...(table.sql ?? '').matchAll(/constraint\s+["`]([^"`]+)["`]\s+check/gi)].map((match) => match[1]).sort(),
      };
    }
    const triggers = objects
      .filter((object) => object.type === 'trigger' && !SQLITE_ONLY_TRIGGERS.includes(object.name))
      .map((object) => `${object.tbl_name}.${object.name}`)
      .sort();
    return { tables, triggers };
  } finally {
    db.$client.close();
  }
}

interface IndexColumn {
  name: string | null;
  notNull: boolean;
  desc: boolean;
  nullsFirst: boolean;
}

/** An index column in SQLite's terms: ascending, NULL first (which matters only where the index holds NULLs). */
function describeIndexColumn(column: IndexColumn, where: string | null): string | null {
  if (column.name === null) return null;
  const holdsNulls = !column.notNull && !(where ?? '').includes(`${column.name} is not null`);
  return [column.name, column.desc ? 'desc' : '', holdsNulls && !column.nullsFirst ? 'nulls last' : ''].filter(Boolean).join(' ');
}

/** PostgreSQL types as SQLite declares them (booleans and epoch-ms bigints are SQLite integers). */
const PG_TO_SQLITE_TYPE: Record<string, string> = { integer: 'integer', bigint: 'integer', boolean: 'integer', 'double precision': 'real', text: 'text' };
const PG_FK_ACTION: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

async function pgShape(url: string): Promise<DbShape> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async <T>(query: string) => (await client.query(query)).rows as T[];
    const columns = await rows<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string }>(
      `select table_name, column_name, data_type, is_nullable, column_default, is_identity from information_schema.columns
       where table_schema = 'public' order by table_name, column_name`,
    );
    const tableNames = await rows<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const indexes = await rows<{ table: string; name: string; unique: boolean; primary: boolean; columns: IndexColumn[]; predicate: string | null }>(
      `select t.relname as table, i.relname as name, x.indisunique as unique, x.indisprimary as primary,
              pg_get_expr(x.indpred, x.indrelid) as predicate,
              (select json_agg(json_build_object('name', a.attname, 'notNull', a.attnotnull,
                                                 'desc', (o.option & 1) <> 0, 'nullsFirst', (o.option & 2) <> 0) order by k.n)
               from unnest(x.indkey::int2[]) with ordinality k(attnum, n)
               join unnest(x.indoption::int2[]) with ordinality o(option, n) on o.n = k.n
               left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum) as columns
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace ns on ns.oid = t.relnamespace where ns.nspname = 'public'`,
    );
    const constraints = await rows<{ table: string; name: string; type: string; columns: string[]; foreign_table: string | null; foreign_columns: string[] | null; on_delete: string; on_update: string }>(
      `select t.relname as table, c.conname as name, c.contype as type, f.relname as foreign_table, c.confdeltype as on_delete, c.confupdtype as on_update,
              array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as columns,
              array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, n)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n) as foreign_columns
       from pg_constraint c join pg_class t on t.oid = c.conrelid left join pg_class f on f.oid = c.confrelid
       join pg_namespace ns on ns.oid = t.relnamespace where ns.nspname = 'public'`,
    );
    const triggers = await rows<{ table: string; name: string }>(
      `select t.relname as table, g.tgname as name from pg_trigger g join pg_class t on t.oid = g.tgrelid
       join pg_namespace ns on ns.oid = t.relnamespace where ns.nspname = 'public' and not g.tgisinternal`,
    );

    const present = new Set(indexes.map((index) => index.name));
    for (const name of PG_ONLY_INDEXES) expect(present.has(name), `allow-listed ${name} exists`).toBe(true);

    const tables: DbShape['tables'] = {};
    for (const { table_name: table } of tableNames.sort((a, b) => a.table_name.localeCompare(b.table_name))) {
      const own = <T extends { table: string }>(list: T[]) => list.filter((item) => item.table === table);
      tables[table] = {
        columns: Object.fromEntries(
          columns
            .filter((column) => column.table_name === table)
            .map((column) => [
              column.column_name,
              {
                type: PG_TO_SQLITE_TYPE[column.data_type] ?? `unmapped:${column.data_type}`,
                notNull: column.is_nullable === 'NO',
                default: normalizeDefault(column.column_default),
                autoIncrement: column.is_identity === 'YES',
              },
            ]),
        ),
        primaryKey: own(constraints).find((constraint) => constraint.type === 'p')?.columns ?? [],
        indexes: Object.fromEntries(
          own(indexes)
            .filter((index) => !index.primary && !PG_ONLY_INDEXES.includes(index.name))
            .map((index) => {
              const where = normalizePredicate(index.predicate, table);
              return [index.name, { unique: index.unique, columns: index.columns.map((column) => describeIndexColumn(column, where)), partial: index.predicate !== null, where }];
            }),
        ),
        foreignKeys: own(constraints)
          .filter((constraint) => constraint.type === 'f')
          .map((fk) => `(${fk.columns}) -> ${fk.foreign_table}(${fk.foreign_columns}) on delete ${PG_FK_ACTION[fk.on_delete]} on update ${PG_FK_ACTION[fk.on_update]}`)
          .sort(),
        checks: own(constraints)
          .filter((constraint) => constraint.type === 'c')
          .map((constraint) => constraint.name)
          .sort(),
      };
    }
    return { tables, triggers: triggers.map((trigger) => `${trigger.table}.${trigger.name}`).sort() };
  } finally {
    await client.end();
  }
}

/** Column order differs where SQLite's migrations appended columns; compare by name. */
function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

describe('the SQLite and PostgreSQL migrations', () => {
  let cluster: PgCluster;
  let dir: string;
  let sqliteDb: DbShape;
  let pgDb: DbShape;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-parity-'));
    cluster = await startPgCluster();
    const url = await cluster.newDatabase();
    await migratePg(url);
    sqliteDb = sqliteShape(path.join(dir, 'app.db'));
    pgDb = await pgShape(url);
  }, 60_000);

  afterAll(async () => {
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('build the same tables', () => {
    expect(Object.keys(pgDb.tables).sort()).toEqual(Object.keys(sqliteDb.tables).sort());
  });

  it('build each table alike: columns, nullability, defaults, keys, indexes, checks', () => {
    for (const name of Object.keys(sqliteDb.tables)) {
      const [mine, theirs] = [sqliteDb.tables[name], pgDb.tables[name]];
      expect(theirs, name).toBeDefined();
      expect(sortKeys(theirs.columns), `${name} columns`).toEqual(sortKeys(mine.columns));
      expect(theirs.primaryKey, `${name} primary key`).toEqual(mine.primaryKey);
      expect(sortKeys(theirs.indexes), `${name} indexes`).toEqual(sortKeys(mine.indexes));
      expect(theirs.foreignKeys, `${name} foreign keys`).toEqual(mine.foreignKeys);
      expect(theirs.checks, `${name} checks`).toEqual(mine.checks);
    }
  });

  it('keep the same triggers (besides those feeding FTS5 and the R*Tree)', () => {
    expect(pgDb.triggers).toEqual(sqliteDb.triggers);
  });

  it('let two nodes migrate one fresh database at once: both succeed, each migration applied once', async () => {
    const url = await cluster.newDatabase();
    await Promise.all([migratePg(url), migratePg(url), migratePg(url)]);
    const journal = JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const applied = (await client.query<{ created_at: string; n: string }>('select created_at, count(*) as n from drizzle.__drizzle_migrations group by created_at order by created_at')).rows;
      expect(applied.map((row) => [Number(row.created_at), Number(row.n)])).toEqual(journal.entries.map((entry) => [entry.when, 1]));
    } finally {
      await client.end();
    }
    await migratePg(url);
    expect(await pgShape(url)).toEqual(pgDb);
  });
});
