import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { TilesetName } from './index';

export type GazetteerKind = 'city' | 'neighbourhood';

export interface GazetteerEntry {
  id: number;
  name: string;
  kind: GazetteerKind;
  state: string;
  country: string;
  lat: number;
  lng: number;
  population: number;
}

const ENTRY_COLUMNS = 'p.id, p.name, p.kind, p.state, p.country, p.lat, p.lng, p.population';
const SEARCH_CANDIDATES = 300;

/**
 * Read-only access to a built basemap file: every query is prepared once, so a tile read is one
 * primary-key lookup. SQL lives here, beside the schema, so no caller touches SQLite itself.
 */
export class Basemap {
  /** Changes whenever the tiles change: part of tile URLs and ETags. */
  readonly version: string;
  private readonly tileQuery: Database.Statement<[string, number, number, number]>;
  private readonly searchQuery: Database.Statement<[string, number]>;
  private readonly boxQuery: Database.Statement<[number, number, number, number]>;
  private readonly keyQuery: Database.Statement<[string]>;

  private constructor(private readonly db: Database.Database) {
    this.version = (db.prepare("SELECT value FROM metadata WHERE name = 'version'").pluck().get() as string | undefined) ?? '0';
    this.tileQuery = db.prepare('SELECT data FROM tiles WHERE tileset = ? AND z = ? AND x = ? AND y = ?').pluck();
    // Ids follow population, so the inner query stops after the most populous matches (a one-letter
    // prefix matches thousands of names); only those are ranked by text match and population.
    this.searchQuery = db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM (
         SELECT rowid AS id, bm25(places_fts) AS score FROM places_fts WHERE places_fts MATCH ? ORDER BY rowid LIMIT ${SEARCH_CANDIDATES}
       ) m JOIN places p ON p.id = m.id ORDER BY m.score - p.boost LIMIT ?`,
    );
    this.boxQuery = db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM places_rtree r JOIN places p ON p.id = r.id
       WHERE r.max_lat >= ? AND r.min_lat <= ? AND r.max_lng >= ? AND r.min_lng <= ?`,
    );
    this.keyQuery = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM places p WHERE p.name_key = ? ORDER BY p.population DESC LIMIT 50`);
  }

  /** Opens the file read-only, or answers null when it has not been built. */
  static open(file: string): Basemap | null {
    if (!fs.existsSync(file)) return null;
    return new Basemap(new Database(file, { readonly: true, fileMustExist: true }));
  }

  /** The gzip-compressed MVT bytes of one tile, or undefined where the tileset has no data. */
  tile(tileset: TilesetName, z: number, x: number, y: number): Buffer | undefined {
    return this.tileQuery.get(tileset, z, x, y) as Buffer | undefined;
  }

  /** `match` must already be a safe FTS5 expression; ranked by bm25 and population. */
  search(match: string, limit: number): GazetteerEntry[] {
    return this.searchQuery.all(match, limit) as GazetteerEntry[];
  }

  /** Entries whose point lies inside the box. */
  within(south: number, north: number, west: number, east: number): GazetteerEntry[] {
    return this.boxQuery.all(south, north, west, east) as GazetteerEntry[];
  }

  /** Entries whose normalised name (see nameKey) is exactly `key`, most populous first. */
  byNameKey(key: string): GazetteerEntry[] {
    return this.keyQuery.all(key) as GazetteerEntry[];
  }

  close(): void {
    this.db.close();
  }
}
