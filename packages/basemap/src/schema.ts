/** The basemap file's tables: written by the build, read by Basemap. */
export const SCHEMA_SQL = `
CREATE TABLE metadata (name TEXT PRIMARY KEY, value TEXT NOT NULL);
-- y is the XYZ row (0 = north), not the TMS row of the MBTiles spec; data is a gzip-compressed MVT.
-- A rowid table packs the blobs densely (WITHOUT ROWID measured 50 % larger here); the index finds them.
CREATE TABLE tiles (tileset TEXT NOT NULL, z INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL, data BLOB NOT NULL);
CREATE UNIQUE INDEX tiles_zxy ON tiles (tileset, z, x, y);
-- name_key: the name lower-cased, without diacritics, words joined by single spaces (exact lookups and slugs).
CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, kind TEXT NOT NULL,
  state TEXT NOT NULL, country TEXT NOT NULL, lat REAL NOT NULL, lng REAL NOT NULL, population INTEGER NOT NULL,
  -- ln(population) scaled so it can be subtracted from bm25 when ranking search results
  boost REAL NOT NULL);
CREATE INDEX places_name_key ON places (name_key, population DESC);
CREATE VIRTUAL TABLE places_fts USING fts5 (name, content = 'places', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
CREATE VIRTUAL TABLE places_rtree USING rtree (id, min_lat, max_lat, min_lng, max_lng);
`;

/** Lower-case, no diacritics, any run of non-letters/digits as one space: how names and slugs are compared. */
export function nameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
