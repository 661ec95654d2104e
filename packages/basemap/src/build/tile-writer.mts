import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type Database from 'better-sqlite3';
import type { TilesetName } from '../index.js';

export interface TilesetStats {
  /** tiles and gzip bytes per zoom */
  perZoom: Map<number, { tiles: number; bytes: number }>;
  largest: { z: number; x: number; y: number; bytes: number };
}

/** Stores MVT tiles gzip-compressed (what the API sends as-is) and keeps counts and a content hash. */
export class TileWriter {
  readonly stats = new Map<TilesetName, TilesetStats>();
  private readonly hash = crypto.createHash('sha256');
  private readonly insert: Database.Statement<[string, number, number, number, Buffer]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO tiles (tileset, z, x, y, data) VALUES (?, ?, ?, ?, ?)');
  }

  add(tileset: TilesetName, z: number, x: number, y: number, mvt: Uint8Array): void {
    const data = zlib.gzipSync(mvt, { level: 9 });
    this.insert.run(tileset, z, x, y, data);
    this.hash.update(`${tileset}/${z}/${x}/${y}`).update(data);
    const stats = this.stats.get(tileset) ?? { perZoom: new Map(), largest: { z, x, y, bytes: 0 } };
    this.stats.set(tileset, stats);
    const zoom = stats.perZoom.get(z) ?? { tiles: 0, bytes: 0 };
    stats.perZoom.set(z, { tiles: zoom.tiles + 1, bytes: zoom.bytes + data.length });
    if (data.length > stats.largest.bytes) stats.largest = { z, x, y, bytes: data.length };
  }

  /** A short hash of every stored tile: changes exactly when the tiles change. */
  version(): string {
    return this.hash.digest('hex').slice(0, 12);
  }
}
