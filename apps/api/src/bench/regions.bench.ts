/**
 * Map regions (issue 29): adding the fixture town from a Protomaps-schema archive on a local range server (bytes
 * fetched against bytes kept, and the time), then its tiles over HTTP beside the world and Chicago tiles, and one
 * tile read at the archive beside one read of the SQLite basemap. Bounded loops; printed, never asserted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Basemap, BASEMAP_FILE, extractRegion, RegionArchive, tileRangeOf, type Bbox } from '@siplog/basemap';
import { buildProtomapsFixture, FIXTURE_CENTER, startRangeServer } from '@siplog/basemap/dist/regions/testing';
import { boxAround } from '../modules/map/regions/region-where';
import { measure, measureSync, type Sample } from './measure';

const GZIP = { headers: { 'Accept-Encoding': 'gzip' } };
const SLUG = 'fixture-town';

/** Writes the fixture town into `mapDir` (before the app starts) and prints what the fetch cost. */
export async function addBenchRegion(workDir: string, mapDir: string): Promise<Bbox> {
  const fixture = await buildProtomapsFixture(path.join(workDir, 'planet.pmtiles'));
  const source = await startRangeServer(fixture.file);
  const bbox = boxAround(FIXTURE_CENTER.lat, FIXTURE_CENTER.lng, 3);
  try {
    const result = await extractRegion({ source: source.url, bbox, outFile: path.join(mapDir, `${SLUG}.pmtiles`), info: { name: 'Fixture Town', where: 'bench' } });
    console.log(
      `map region: the fixture town (6 × 6 km, z0-14) from a ${(fixture.bytes / 1e6).toFixed(2)} MB archive over HTTP: ${source.requests.length} requests, ` +
        `${(result.bytesFetched / 1e3).toFixed(0)} KB fetched (${((100 * result.bytesFetched) / fixture.bytes).toFixed(1)} % of the archive), ` +
        `${(result.bytesKept / 1e3).toFixed(0)} KB kept, ${result.tiles} tiles, ${(result.seconds * 1000).toFixed(0)} ms`,
    );
  } finally {
    await source.close();
    fs.rmSync(fixture.file, { force: true });
  }
  return bbox;
}

/** The region's tiles a person panning over the town asks for at zoom z. */
function regionTiles(bbox: Bbox, z: number): string[] {
  const range = tileRangeOf(bbox, z);
  const tiles: string[] = [];
  for (let x = range.minX; x <= range.maxX; x++) for (let y = range.minY; y <= range.maxY; y++) tiles.push(`regions/${z}/${x}/${y}`);
  return tiles;
}

export async function benchRegionTiles(baseUrl: string, mapDir: string, bbox: Bbox): Promise<Sample[]> {
  const tile = (tilePath: string) => fetch(`${baseUrl}/api/map/tiles/${tilePath}.pbf`, GZIP);
  const samples: Sample[] = [];
  for (const z of [12, 13, 14]) {
    const tiles = regionTiles(bbox, z);
    samples.push(await measure(`GET map tiles regions z${z} fixture town (${tiles.length})`, 150, (i) => tile(tiles[i % tiles.length])));
  }
  samples.push(await measure('GET map tile regions, empty (204)', 200, () => tile('regions/14/0/0'), 204));
  samples.push(await measure('GET /api/map/style.json (with a region)', 100, () => fetch(`${baseUrl}/api/map/style.json`)));

  // One tile read where each is kept, no HTTP: the archive's in-memory directory and pread, the basemap's SQLite row.
  const archive = RegionArchive.open(path.join(mapDir, `${SLUG}.pmtiles`));
  const z14 = regionTiles(bbox, 14).map((name) => name.split('/').slice(1).map(Number));
  samples.push(measureSync('RegionArchive.tile (z14, in memory + pread)', 2000, (i) => archive.tile(z14[i % z14.length][0], z14[i % z14.length][1], z14[i % z14.length][2])));
  archive.close();
  const basemap = Basemap.open(BASEMAP_FILE);
  if (basemap) {
    samples.push(measureSync('Basemap.tile (streets z13, SQLite)', 2000, (i) => basemap.tile('streets', 13, 2098 + (i % 5), 3042 + (i % 6))));
    basemap.close();
  }
  return samples;
}
