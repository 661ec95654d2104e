import type { Dialect } from '@siplog/db';
import { ftsPrefixQuery } from '../map/gazetteer.service';

/**
 * Words typed into a place search, as the place repository's text queries take them: an FTS5 MATCH expression on
 * SQLite (establishments_fts), a tsquery on PostgreSQL (establishment_search, drizzle-pg 0001). Make one with
 * PlaceRepository.searchQuery.
 */
export type PlaceSearchQuery = string & { readonly placeSearchQuery: unique symbol };

/**
 * Each word typed becomes a prefix term and every term must match: `"caf"* "ole"*` for FTS5, `'caf':* & 'ole':*`
 * for PostgreSQL, where lexemes are folded by f_unaccent as the index folds them. `nameOnly` keeps to the name
 * column (FTS5's `name : (…)`, weight A on PostgreSQL). Null when nothing is searchable.
 */
export function placeSearchQuery(dialect: Dialect, text: string, { nameOnly = false } = {}): PlaceSearchQuery | null {
  const terms = ftsPrefixQuery(text);
  if (!terms) return null;
  if (dialect === 'sqlite') return (nameOnly ? `name : (${terms})` : terms) as PlaceSearchQuery;
  // ftsPrefixQuery quotes words of letters and digits only; quotes and backslashes are escaped all the same.
  const words = Array.from(terms.matchAll(/"((?:[^"]|"")*)"\*/g), (match) => match[1].replaceAll('""', '"'));
  return words.map((word) => `'${word.replace(/['\\]/g, '\\$&')}':*${nameOnly ? 'A' : ''}`).join(' & ') as PlaceSearchQuery;
}
