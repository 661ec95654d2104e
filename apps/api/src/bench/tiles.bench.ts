/**
 * The offline map's hot paths: tiles over HTTP (the same tile again, as a browser's cache misses
 * would, and a walk over Chicago at z10-14), the style, and gazetteer searches. Prints the process RSS
 * once the tiles have been read. Bounded loops; printed, never asserted.
 */
import { CHICAGO_TILES_Z13 } from '@siplog/basemap';
import type { GazetteerService } from '../modules/map/gazetteer.service';
import { measure, measureSync, type Sample } from './measure';

const GZIP = { headers: { 'Accept-Encoding': 'gzip' } };

/** The tiles a person panning over Chicago asks for at zoom z (beyond 13 MapLibre overzooms the z13 tiles). */
function chicagoTiles(z: number): string[] {
  const shift = 13 - Math.min(z, 13);
  const tiles: string[] = [];
  for (let x = CHICAGO_TILES_Z13.minX >> shift; x <= CHICAGO_TILES_Z13.maxX >> shift; x++) {
    for (let y = CHICAGO_TILES_Z13.minY >> shift; y <= CHICAGO_TILES_Z13.maxY >> shift; y++) tiles.push(`streets/${Math.min(z, 13)}/${x}/${y}`);
  }
  return tiles;
}

export async function benchTiles(baseUrl: string, gazetteer?: GazetteerService): Promise<Sample[]> {
  const tile = (path: string) => fetch(`${baseUrl}/api/map/tiles/${path}.pbf`, GZIP);
  const world = ['world/0/0/0', 'world/3/2/2', 'world/5/8/11', 'world/8/65/95'];
  const samples = [
    await measure('GET map tile world z0 (same tile)', 500, () => tile('world/0/0/0')),
    await measure('GET map tiles world z0-8 over Chicago', 200, (i) => tile(world[i % world.length])),
  ];
  for (const z of [10, 11, 12, 13]) {
    const tiles = chicagoTiles(z);
    samples.push(await measure(`GET map tiles streets z${z} Chicago (${tiles.length})`, 150, (i) => tile(tiles[i % tiles.length])));
  }
  samples.push(await measure('GET map tile, empty (204)', 200, () => tile('world/6/2/40'), 204));
  samples.push(await measure('GET /api/map/style.json', 100, () => fetch(`${baseUrl}/api/map/style.json`)));
  if (gazetteer) {
    const words = ['chic', 'wicker park', 'san', 'springfield', 'zürich', 'new york', 'lo', 'near north'];
    samples.push(measureSync('gazetteer.search (prefix)', 400, (i) => gazetteer.search(words[i % words.length], 10)));
    samples.push(measureSync('gazetteer.nearest', 400, (i) => gazetteer.nearest(41.8 + (i % 20) / 100, -87.7 + (i % 17) / 100)));
    samples.push(measureSync('gazetteer.findByName (slug)', 400, (i) => gazetteer.findByName(['chicago-il', 'wicker-park', 'paris-fr'][i % 3])));
  }
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`map: process RSS after serving tiles ${rss.toFixed(0)} MB`);
  return samples;
}
