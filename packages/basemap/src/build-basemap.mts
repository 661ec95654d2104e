/**
 * `pnpm --filter @siplog/basemap build`: writes dist/basemap.sqlite from the npm data packages
 * (tiles for the world and for Chicago's streets, plus the gazetteer). Runs on every clean clone.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { BASEMAP_ATTRIBUTION, BASEMAP_FILE, CHICAGO_BOUNDS, TILESETS } from './index.js';
import { SCHEMA_SQL } from './schema.js';
import { buildChicagoTiles } from './build/chicago-layers.mjs';
import { buildGazetteer } from './build/gazetteer.mjs';
import { TileWriter } from './build/tile-writer.mjs';
import { buildWorldTiles } from './build/world-layers.mjs';

const started = performance.now();
const say = (line: string) => process.stdout.write(`basemap: ${line}\n`);
const lap = (what: string) => say(`${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

// Written beside the target and renamed at the end, so a running API never sees a half-built file.
const temporary = `${BASEMAP_FILE}.${process.pid}.tmp`;
fs.rmSync(temporary, { force: true });
const db = new Database(temporary);
db.pragma('journal_mode = OFF');
db.pragma('synchronous = OFF');
db.exec(SCHEMA_SQL);

const writer = new TileWriter(db);
const neighbourhoods = db.transaction(() => {
  buildWorldTiles(writer);
  lap('world tiles');
  return buildChicagoTiles(writer);
})();
lap('Chicago street tiles');
const places = db.transaction(() => buildGazetteer(db, neighbourhoods))();
lap(`gazetteer: ${places} places`);

const version = writer.version();
const metadata = db.prepare('INSERT INTO metadata (name, value) VALUES (?, ?)');
for (const [name, value] of Object.entries({
  name: 'Siplog offline basemap',
  format: 'pbf',
  version,
  attribution: BASEMAP_ATTRIBUTION,
  streets_bounds: CHICAGO_BOUNDS.join(','),
  tilesets: JSON.stringify(TILESETS),
})) {
  metadata.run(name, value);
}
db.exec('ANALYZE; VACUUM');
db.close();
fs.renameSync(temporary, BASEMAP_FILE);

for (const [tileset, stats] of writer.stats) {
  const zooms = [...stats.perZoom].map(([z, { tiles, bytes }]) => `z${z}: ${tiles} (${(bytes / 1024).toFixed(0)} KB)`);
  say(`${tileset} ${zooms.join(', ')}; largest z${stats.largest.z}/${stats.largest.x}/${stats.largest.y} ${(stats.largest.bytes / 1024).toFixed(1)} KB`);
}
lap(`wrote ${BASEMAP_FILE} (${(fs.statSync(BASEMAP_FILE).size / 1024 / 1024).toFixed(1)} MB, version ${version})`);
