import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PMTiles, zxyToTileId, tileIdToZxy } from 'pmtiles';
import { afterAll, describe, expect, it } from 'vitest';
import { Compression, TileType, decodeDirectory, parseHeader } from './pmtiles-format';
import { planArchive, writeArchive, type ArchiveDescription } from './pmtiles-writer';
import { LocalFileSource } from './testing/file-source';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pmtiles-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const description = (maxZoom: number): ArchiveDescription => ({
  tileType: TileType.Mvt,
  tileCompression: Compression.Gzip,
  minZoom: 0,
  maxZoom,
  bounds: { west: -10, south: 30, east: 10, north: 50 },
  center: { lon: 0, lat: 40, zoom: 3 },
});

/** Deterministic pseudo-random bytes, so tile lengths vary like real tiles do. */
function bytesFor(seed: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed * 2654435761 + 1;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/** An integer hash, so lengths look random to gzip (a regular pattern would compress the root below 16 KiB). */
function mix(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

describe('pmtiles writer', () => {
  it('writes a root-only archive the pmtiles reader reads back, deduplicating equal contents into runs', async () => {
    const file = path.join(dir, 'small.pmtiles');
    const ocean = zlib.gzipSync('ocean');
    const tiles = [
      { tileId: zxyToTileId(0, 0, 0), data: zlib.gzipSync('world') },
      // z1: three tiles share one content, two of them neighbours in Hilbert order.
      { tileId: zxyToTileId(1, 0, 0), data: ocean },
      { tileId: zxyToTileId(1, 0, 1), data: ocean },
      { tileId: zxyToTileId(1, 1, 1), data: zlib.gzipSync('land') },
      { tileId: zxyToTileId(1, 1, 0), data: ocean },
    ];
    writeArchive(file, tiles, description(1), { name: 'small', vector_layers: [] });
    const reader = new PMTiles(new LocalFileSource(file));
    const header = await reader.getHeader();
    expect(header).toMatchObject({ specVersion: 3, numAddressedTiles: 5, numTileContents: 3, clustered: true, minZoom: 0, maxZoom: 1, leafDirectoryLength: 0 });
    expect(header.numTileEntries).toBeLessThan(5);
    expect(await reader.getMetadata()).toEqual({ name: 'small', vector_layers: [] });
    for (const tile of tiles) {
      const [z, x, y] = tileIdToZxy(tile.tileId);
      const got = await reader.getZxy(z, x, y);
      expect(Buffer.from(got!.data)).toEqual(zlib.gunzipSync(tile.data));
    }
    expect(await reader.getZxy(1, 5, 5).catch((error: Error) => error.message)).toMatch(/outside/);
  });

  it('splits 30,000 tiles into leaf directories with a root under 16 KiB, all readable', async () => {
    const file = path.join(dir, 'leaves.pmtiles');
    const tiles = Array.from({ length: 30_000 }, (_, i) => ({ tileId: i * 3 + (i % 2), data: bytesFor(i, 20 + (mix(i) % 700)) }));
    writeArchive(file, tiles, { ...description(12), tileCompression: Compression.None }, {});
    const bytes = fs.readFileSync(file);
    const header = parseHeader(bytes, 'the archive');
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    expect(header.rootDirectoryOffset + header.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    const root = decodeDirectory(zlib.gunzipSync(bytes.subarray(header.rootDirectoryOffset, header.rootDirectoryOffset + header.rootDirectoryLength)), 'root');
    expect(root.length).toBeGreaterThan(1);
    expect(root.every((entry) => entry.runLength === 0)).toBe(true);

    const reader = new PMTiles(new LocalFileSource(file));
    expect((await reader.getHeader()).numAddressedTiles).toBe(30_000);
    for (const i of [0, 1, 4095, 4096, 12_345, 29_999]) {
      const [z, x, y] = tileIdToZxy(tiles[i].tileId);
      const got = await reader.getZxy(z, x, y);
      expect(Buffer.from(got!.data)).toEqual(tiles[i].data);
    }
    // An id between two written tiles is absent.
    const [z, x, y] = tileIdToZxy(tiles[100].tileId + 1);
    expect(await reader.getZxy(z, x, y)).toBeUndefined();
  });

  it('lays out the data section in first-occurrence order before any tile byte is known', () => {
    const layout = planArchive(
      [
        { tileId: 1, runLength: 1, contentKey: 'b', length: 10 },
        { tileId: 2, runLength: 2, contentKey: 'a', length: 5 },
        { tileId: 4, runLength: 1, contentKey: 'a', length: 5 },
        { tileId: 9, runLength: 1, contentKey: 'b', length: 10 },
      ],
      description(3),
      64,
    );
    expect(layout.contents).toEqual([
      { contentKey: 'b', offset: 0, length: 10 },
      { contentKey: 'a', offset: 10, length: 5 },
    ]);
    expect(layout.entries).toEqual([
      { tileId: 1, runLength: 1, offset: 0, length: 10 },
      { tileId: 2, runLength: 3, offset: 10, length: 5 },
      { tileId: 9, runLength: 1, offset: 0, length: 10 },
    ]);
    expect(layout.addressedTiles).toBe(5);
    expect(layout.tileDataLength).toBe(15);
    expect(layout.prelude(Buffer.alloc(10)).length).toBe(layout.tileDataOffset);
    expect(() => layout.header(65)).toThrow(/does not fit/);
    expect(() => planArchive([{ tileId: 2, runLength: 2, contentKey: 1, length: 1 }, { tileId: 3, runLength: 1, contentKey: 2, length: 1 }], description(3), 0)).toThrow(
      /sorted/,
    );
  });
});
