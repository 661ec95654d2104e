import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileRangeOf } from './bbox';
import { RegionError } from './errors';
import { Compression, TileType } from './pmtiles-format';
import { writeArchive } from './pmtiles-writer';
import { RegionArchive } from './region-archive';
import { LocalFileSource } from './testing/file-source';
import { FIXTURE_LOCALITY, FIXTURE_ROAD_NAMES, FIXTURE_SQUARE, FIXTURE_ZOOMS, buildProtomapsFixture, type ProtomapsFixture } from './testing/protomaps-fixture';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'region-archive-'));
let fixture: ProtomapsFixture;

beforeAll(async () => {
  fixture = await buildProtomapsFixture(path.join(dir, 'fixture.pmtiles'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Names of features in one tile's layer, decoded with the reference MVT reader. */
async function namesIn(tile: Buffer, layerName: string, gzipped = true): Promise<Set<string>> {
  const { VectorTile } = await import('@mapbox/vector-tile');
  const { PbfReader } = await import('pbf');
  const decoded = new VectorTile(new PbfReader(gzipped ? zlib.gunzipSync(tile) : tile));
  const layer = decoded.layers[layerName];
  const names = new Set<string>();
  for (let i = 0; layer && i < layer.length; i++) names.add(String(layer.feature(i).properties.name));
  return names;
}

describe('RegionArchive', () => {
  it('serves every tile of the fixture exactly as the pmtiles reader reads it', async () => {
    const archive = RegionArchive.open(fixture.file);
    const reference = new PMTiles(new LocalFileSource(fixture.file));
    expect(archive.fileBytes).toBe(fixture.bytes);
    expect(archive.header).toMatchObject({ minZoom: 0, maxZoom: 14, tileCompression: 'gzip', addressedTiles: fixture.tiles });
    expect(archive.header.bounds.west).toBeCloseTo(FIXTURE_SQUARE.west, 6);
    expect(archive.header.bounds.north).toBeCloseTo(FIXTURE_SQUARE.north, 6);
    expect(archive.info).toBeNull();
    expect((archive.metadata.vector_layers as { id: string }[]).map((layer) => layer.id)).toContain('roads');
    let compared = 0;
    for (let z = FIXTURE_ZOOMS.min; z <= FIXTURE_ZOOMS.max; z += 1) {
      const range = tileRangeOf(FIXTURE_SQUARE, z);
      for (let x = range.minX; x <= range.maxX; x++) {
        for (let y = range.minY; y <= range.maxY; y++) {
          const ours = archive.tile(z, x, y);
          const theirs = await reference.getZxy(z, x, y);
          // Buffer.equals: vitest's deep equality walks big buffers byte by byte, slowly.
          expect(zlib.gunzipSync(ours!).equals(Buffer.from(theirs!.data)), `tile ${z}/${x}/${y}`).toBe(true);
          compared++;
        }
      }
      expect(archive.tile(z, range.maxX + 1, range.minY)).toBeUndefined();
    }
    expect(compared).toBe(fixture.tiles);
    expect(archive.tile(15, 0, 0)).toBeUndefined();
    expect(archive.tile(3, 8, 0)).toBeUndefined();
    expect(archive.tile(3, -1, 0)).toBeUndefined();
    expect(archive.tile(2.5, 0, 0)).toBeUndefined();
    archive.close();
    expect(() => archive.tile(0, 0, 0)).toThrow(/closed/);
  });

  it('holds the Protomaps layers the style filters on, with named streets and the town label', async () => {
    const archive = RegionArchive.open(fixture.file);
    const centre = tileRangeOf({ west: -8.675, south: 37.1, east: -8.674, north: 37.101 }, 14);
    const tile = archive.tile(14, centre.minX, centre.minY)!;
    const roads = await namesIn(tile, 'roads');
    expect([...roads].filter((name) => FIXTURE_ROAD_NAMES.includes(name)).length).toBeGreaterThan(2);
    expect((await namesIn(tile, 'buildings')).size).toBeGreaterThan(0);
    const z10 = tileRangeOf({ west: -8.675, south: 37.1, east: -8.674, north: 37.101 }, 10);
    expect(await namesIn(archive.tile(10, z10.minX, z10.minY)!, 'places')).toContain(FIXTURE_LOCALITY);
    archive.close();
  });

  it('serves uncompressed tiles as they are stored', async () => {
    const plain = await buildProtomapsFixture(path.join(dir, 'plain.pmtiles'), { maxZoom: 10, tileCompression: 'none' });
    const archive = RegionArchive.open(plain.file);
    expect(archive.header).toMatchObject({ maxZoom: 10, tileCompression: 'none', addressedTiles: plain.tiles });
    const tile = archive.tile(10, 487, 398)!;
    expect(tile.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    expect(await namesIn(tile, 'places', false)).toContain(FIXTURE_LOCALITY);
    archive.close();
  });

  it('refuses files that are not servable archives, saying why', () => {
    const notPmtiles = path.join(dir, 'not.pmtiles');
    fs.writeFileSync(notPmtiles, Buffer.alloc(500, 7));
    expect(() => RegionArchive.open(notPmtiles)).toThrow(/is not a PMTiles archive/);
    expect(() => RegionArchive.open(path.join(dir, 'missing.pmtiles'))).toThrow(/Cannot open the map archive .*ENOENT/);
    const raster = path.join(dir, 'raster.pmtiles');
    const description = { tileType: TileType.Png, tileCompression: Compression.None, minZoom: 0, maxZoom: 0, bounds: FIXTURE_SQUARE, center: { lon: 0, lat: 0, zoom: 0 } };
    writeArchive(raster, [{ tileId: 0, data: Buffer.from('png') }], description, {});
    expect(() => RegionArchive.open(raster)).toThrow(RegionError);
    expect(() => RegionArchive.open(raster)).toThrow(/PNG raster tiles; Siplog's map needs MVT vector tiles/);
    const truncated = path.join(dir, 'truncated.pmtiles');
    fs.writeFileSync(truncated, fs.readFileSync(fixture.file).subarray(0, fixture.bytes - 1000));
    expect(() => RegionArchive.open(truncated)).toThrow(/truncated/);
  });
});
