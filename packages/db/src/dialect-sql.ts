import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DIALECT } from './dialect';

/*
 * The few SQL spellings that differ between SQLite and PostgreSQL, for queries shared by both. Builders take Drizzle
 * SQL; the UPPER-case twins give text for plain statements with :name parameters.
 */
const onPg = DIALECT === 'pg';

/** The numbers of a JSON array parameter as a one-column subquery: `x in (${jsonIds(p)})`. Ids travel as JSON text on both. */
export function jsonIds(json: SQLWrapper): SQL {
  return onPg ? sql`select (json_array_elements_text(${json}::json))::int` : sql`select value from json_each(${json})`;
}
export function JSON_IDS(param: string): string {
  return onPg ? `select (json_array_elements_text(${param}::json))::int` : `select value from json_each(${param})`;
}

/** The strings of a JSON array parameter as a one-column subquery (its column is `value`). */
export function JSON_TEXTS(param: string): string {
  return onPg ? `select json_array_elements_text(${param}::json) as value` : `select value from json_each(${param})`;
}

/**
 * A boolean column's true in plain SQL (`where flag = ${TRUE_SQL}`), spelled as its partial index's condition: SQLite
 * picks a partial index only when the query repeats the index's `= 1` (a bare `where flag` or `= true` scans the table).
 */
export const TRUE_SQL = onPg ? 'true' : '1';

/** The larger of two values (SQLite's two-argument max()). */
export function greatest(a: SQLWrapper, b: SQLWrapper): SQL {
  return onPg ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;
}
export function GREATEST(a: string, b: string): string {
  return onPg ? `greatest(${a}, ${b})` : `max(${a}, ${b})`;
}

/** A JSON array of a column's values in a group, as text (null for none on PostgreSQL, '[]'-less too on SQLite when empty groups are filtered). */
export function JSON_ARRAY_AGG(expression: string): string {
  return onPg ? `coalesce(json_agg(${expression})::text, '[]')` : `json_group_array(${expression})`;
}
