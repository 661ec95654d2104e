import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileRangeOf, type Bbox } from './bbox';
import { SourceChangedError } from './errors';
import { Compression, TileType } from './pmtiles-format';
import { writeArchive } from './pmtiles-writer';
import { RegionArchive } from './region-archive';
import { extractRegion, partialFilesOf, type ExtractOptions } from './region-extract';
import { installArchive } from './install-archive';
import { LocalFileSource } from './testing/file-source';
import { FIXTURE_CENTER, FIXTURE_SQUARE, buildProtomapsFixture, type ProtomapsFixture } from './testing/protomaps-fixture';
import { startRangeServer, type RangeServer } from './testing/range-server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'region-extract-'));
const served = path.join(dir, 'served');
const out = path.join(dir, 'out');
fs.mkdirSync(served);
fs.mkdirSync(out);
let fixture: ProtomapsFixture;
let server: RangeServer;
let source: RegionArchive;

/** About 3 km × 3 km in the middle of the fixture town. */
const SMALL: Bbox = { west: FIXTURE_CENTER.lng - 0.017, south: FIXTURE_CENTER.lat - 0.0135, east: FIXTURE_CENTER.lng + 0.017, north: FIXTURE_CENTER.lat + 0.0135 };
const info = { name: 'Fixture Town', where: 'Lagos, PT' };
/** Small requests, one at a time, fast retries: many requests, so a cut lands in the middle. */
const SMALL_REQUESTS = { maxRequestBytes: 8 * 1024, maxGapBytes: 1024, concurrency: 1, retries: 1, retryDelayMs: 1 };

beforeAll(async () => {
  fixture = await buildProtomapsFixture(path.join(served, 'fixture.pmtiles'));
  server = await startRangeServer(served);
  source = RegionArchive.open(fixture.file);
});
afterAll(async () => {
  source.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const urlOf = (name: string) => `${server.url}${name}`;

/** Asserts the output holds exactly the source's tiles inside the box at each zoom, byte for byte. */
function expectRegionTiles(file: string, bbox: Bbox, minZoom: number, maxZoom: number): number {
  const archive = RegionArchive.open(file);
  try {
    let count = 0;
    for (let z = 0; z <= 14; z++) {
      const range = tileRangeOf(bbox, z);
      for (let x = range.minX - 1; x <= range.maxX + 1; x++) {
        for (let y = range.minY - 1; y <= range.maxY + 1; y++) {
          const inside = z >= minZoom && z <= maxZoom && x >= range.minX && x <= range.maxX && y >= range.minY && y <= range.maxY;
          const expected = inside ? source.tile(z, x, y) : undefined;
          const got = archive.tile(z, x, y);
          // Buffer.equals: vitest's deep equality walks big buffers byte by byte, slowly.
          if (!expected || !got) expect(got, `tile ${z}/${x}/${y}`).toBe(expected);
          else expect(got.equals(expected), `tile ${z}/${x}/${y} differs`).toBe(true);
          if (expected) count++;
        }
      }
    }
    expect(archive.header.addressedTiles).toBe(count);
    return count;
  } finally {
    archive.close();
  }
}

/** The tile data section: from the header's tile data offset (bytes 56..63) to the end. */
const tileData = (file: string) => {
  const bytes = fs.readFileSync(file);
  return bytes.subarray(Number(bytes.readBigUInt64LE(56)));
};

describe('extractRegion', () => {
  it('fetches a small region over HTTP range requests: a small fraction of the archive, exactly the region tiles', async () => {
    const outFile = path.join(out, 'small.pmtiles');
    const phases = new Set<string>();
    const before = server.requests.length;
    const result = await extractRegion({ source: urlOf('fixture.pmtiles'), bbox: SMALL, outFile, info, onProgress: (p) => phases.add(p.phase) });
    const count = expectRegionTiles(outFile, SMALL, 0, 14);
    expect(result).toMatchObject({ tiles: count, resumed: false, bytesKept: fs.statSync(outFile).size });
    expect(result.bytesFetched / fixture.bytes).toBeLessThan(0.15);
    expect(result.bytesFetched).toBeGreaterThan(result.bytesKept - 4096);
    expect(server.requests.length - before).toBeLessThan(10);
    expect([...phases]).toEqual(['directory', 'tiles', 'finishing']);
    const archive = RegionArchive.open(outFile);
    expect(archive.header).toMatchObject({ minZoom: 0, maxZoom: 14, tileCompression: 'gzip' });
    for (const side of ['west', 'south', 'east', 'north'] as const) expect(archive.header.bounds[side]).toBeCloseTo(SMALL[side], 6);
    expect(archive.header.center.lon).toBeCloseTo(FIXTURE_CENTER.lng, 6);
    expect(archive.header.center.zoom).toBeGreaterThanOrEqual(10);
    expect(archive.info).toMatchObject({ ...info, bbox: SMALL, minZoom: 0, maxZoom: 14, source: urlOf('fixture.pmtiles'), bytesFetched: result.bytesFetched });
    expect(Date.parse(archive.info!.addedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(archive.metadata.vector_layers).toEqual(source.metadata.vector_layers);
    expect(archive.metadata.attribution).toBe(source.metadata.attribution);
    archive.close();
    // The reference reader agrees.
    const reference = new PMTiles(new LocalFileSource(outFile));
    expect(((await reference.getMetadata()) as { siplog: { name: string } }).siplog.name).toBe('Fixture Town');
    expect(fs.readdirSync(out).filter((name) => name.startsWith('.'))).toEqual([]);
    console.log(`fixture ${fixture.bytes} bytes, ${fixture.tiles} tiles; region ${count} tiles: fetched ${result.bytesFetched} bytes (${((100 * result.bytesFetched) / fixture.bytes).toFixed(1)} %), kept ${result.bytesKept}`);
  });

  it('keeps only the zooms asked for, and caps the maximum zoom at the source', async () => {
    const outFile = path.join(out, 'zooms.pmtiles');
    await extractRegion({ source: urlOf('fixture.pmtiles'), bbox: SMALL, minZoom: 10, maxZoom: 12, outFile, info });
    expectRegionTiles(outFile, SMALL, 10, 12);
    const capped = path.join(out, 'capped.pmtiles');
    await extractRegion({ source: fixture.file, bbox: SMALL, minZoom: 13, maxZoom: 18, outFile: capped, info });
    expectRegionTiles(capped, SMALL, 13, 14);
  });

  it('leaves no archive when cut off mid-fetch, then resumes with fewer bytes to the identical archive', async () => {
    const whole = path.join(out, 'whole.pmtiles');
    const full = await extractRegion({ source: urlOf('fixture.pmtiles'), bbox: SMALL, outFile: whole, info, fetch: SMALL_REQUESTS });
    const outFile = path.join(out, 'cut.pmtiles');
    server.cutAfterBytes(Math.round(full.bytesFetched * 0.6));
    await expect(extractRegion({ source: urlOf('fixture.pmtiles'), bbox: SMALL, outFile, info, fetch: SMALL_REQUESTS })).rejects.toThrow(/failed 2 times in a row.*connection dropped/);
    server.cutAfterBytes(null);
    expect(fs.existsSync(outFile)).toBe(false);
    const { partial, journal } = partialFilesOf(outFile);
    expect(fs.existsSync(partial)).toBe(true);
    expect(JSON.parse(fs.readFileSync(journal, 'utf8')).tileBytesDone).toBeGreaterThan(0);

    const resumed = await extractRegion({ source: urlOf('fixture.pmtiles'), bbox: SMALL, outFile, info, fetch: SMALL_REQUESTS });
    expect(resumed.resumed).toBe(true);
    expect(resumed.bytesFetched).toBeLessThan(full.bytesFetched * 0.7);
    expect(tileData(outFile).equals(tileData(whole))).toBe(true);
    expectRegionTiles(outFile, SMALL, 0, 14);
    expect(fs.existsSync(partial) || fs.existsSync(journal)).toBe(false);
  });

  it('stops on an AbortSignal without an archive, and resumes after it', async () => {
    const outFile = path.join(out, 'aborted.pmtiles');
    const controller = new AbortController();
    let batches = 0;
    const run = extractRegion({
      source: urlOf('fixture.pmtiles'),
      bbox: SMALL,
      outFile,
      info,
      fetch: SMALL_REQUESTS,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'tiles' && p.bytesDone > 0 && ++batches === 3) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(fs.existsSync(outFile)).toBe(false);
    const again = await extractRegion({ source: urlOf('fixture.pmtiles'), bbox: SMALL, outFile, info, fetch: SMALL_REQUESTS });
    expect(again.resumed).toBe(true);
    expectRegionTiles(outFile, SMALL, 0, 14);
  });

  it('starts over cleanly when the source changed since the interrupted run, and fails when it changes mid-fetch', async () => {
    const copy = path.join(served, 'changing.pmtiles');
    fs.copyFileSync(fixture.file, copy);
    const outFile = path.join(out, 'changed.pmtiles');
    const options: ExtractOptions = { source: urlOf('changing.pmtiles'), bbox: SMALL, outFile, info, fetch: SMALL_REQUESTS };
    server.cutAfterBytes(30_000);
    await expect(extractRegion(options)).rejects.toThrow(/connection dropped/);
    server.cutAfterBytes(null);
    const later = new Date(Date.now() + 3_600_000);
    fs.utimesSync(copy, later, later);
    const result = await extractRegion(options);
    expect(result.resumed).toBe(false);
    expectRegionTiles(outFile, SMALL, 0, 14);

    let touched = false;
    const midway = extractRegion({
      ...options,
      outFile: path.join(out, 'midway.pmtiles'),
      onProgress: (p) => {
        if (p.phase === 'tiles' && p.bytesDone > 0 && !touched) {
          touched = true;
          const again = new Date(Date.now() + 7_200_000);
          fs.utimesSync(copy, again, again);
        }
      },
    });
    await expect(midway).rejects.toThrow(SourceChangedError);
    await expect(extractRegion({ ...options, outFile: path.join(out, 'midway.pmtiles') }).then((r) => r.resumed)).resolves.toBe(false);
  });
});

describe('extractRegion from a source with leaf directories', () => {
  it('reads only the leaves the region needs and copies exactly its tiles', async () => {
    // Every tile of z0..7 plus z8's first 10,000, with lengths irregular enough that the root cannot hold them.
    const tiles = [];
    for (let id = 0; id < 21_845 + 10_000; id++) {
      let hash = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b);
      hash = (hash ^ (hash >>> 13)) >>> 0;
      tiles.push({ tileId: id, data: Buffer.alloc(30 + (hash % 977), id % 251) });
    }
    const file = path.join(served, 'leaves.pmtiles');
    const description = { tileType: TileType.Mvt, tileCompression: Compression.Gzip, minZoom: 0, maxZoom: 8, bounds: { west: -180, south: -85, east: 180, north: 85 }, center: { lon: 0, lat: 0, zoom: 0 } };
    const bytes = writeArchive(file, tiles, description, { name: 'synthetic' });
    const whole = RegionArchive.open(file);
    const header = fs.readFileSync(file).subarray(0, 127);
    const [leafOffset, leafLength] = [Number(header.readBigUInt64LE(40)), Number(header.readBigUInt64LE(48))];
    expect(leafLength).toBeGreaterThan(0);
    const box: Bbox = { west: -170, south: 70, east: -160, north: 80 };
    const before = server.requests.length;
    const outFile = path.join(out, 'from-leaves.pmtiles');
    const result = await extractRegion({ source: urlOf('leaves.pmtiles'), bbox: box, outFile, info });
    expect(result.bytesFetched).toBeLessThan(bytes / 4);
    // Only the leaves holding the region's ids are read, never the whole leaf section.
    const leafReads = server.requests.slice(before).filter((request) => {
      const start = Number(/bytes=(\d+)-/.exec(request.range ?? '')?.[1]);
      return start >= leafOffset && start < leafOffset + leafLength;
    });
    expect(leafReads.length).toBeGreaterThan(0);
    expect(leafReads.reduce((sum, request) => sum + request.bytes, 0)).toBeLessThan(leafLength * 0.75);
    const archive = RegionArchive.open(outFile);
    let count = 0;
    for (let z = 0; z <= 8; z++) {
      const range = tileRangeOf(box, z);
      for (let x = range.minX; x <= range.maxX; x++) {
        for (let y = range.minY; y <= range.maxY; y++) {
          const expected = whole.tile(z, x, y);
          expect(archive.tile(z, x, y)?.equals(expected ?? Buffer.alloc(0)) ?? expected === undefined, `tile ${z}/${x}/${y}`).toBe(true);
          if (expected) count++;
        }
      }
    }
    expect(archive.header.addressedTiles).toBe(count);
    expect(result.tiles).toBe(count);
    archive.close();
    whole.close();
  });
});

describe('installArchive', () => {
  it('copies a whole local archive with the siplog metadata added', async () => {
    const outFile = path.join(out, 'installed.pmtiles');
    const result = await installArchive(fixture.file, outFile, { name: 'Whole fixture', where: fixture.file });
    expect(result).toMatchObject({ tiles: fixture.tiles, resumed: false });
    const archive = RegionArchive.open(outFile);
    expect(archive.info).toMatchObject({ name: 'Whole fixture', minZoom: 0, maxZoom: 14, source: fixture.file });
    expect(archive.info!.bbox.west).toBeCloseTo(FIXTURE_SQUARE.west, 6);
    archive.close();
    expectRegionTiles(outFile, FIXTURE_SQUARE, 0, 14);
    await expect(installArchive(path.join(dir, 'nope.pmtiles'), outFile, info)).rejects.toThrow(/does not exist/);
    await expect(installArchive(urlOf('fixture.pmtiles'), outFile, info)).rejects.toThrow(/takes a local file/);
    const raster = path.join(dir, 'raster.pmtiles');
    const description = { tileType: TileType.Webp, tileCompression: Compression.None, minZoom: 0, maxZoom: 0, bounds: SMALL, center: { lon: 0, lat: 0, zoom: 0 } };
    writeArchive(raster, [{ tileId: 0, data: Buffer.from('webp') }], description, {});
    await expect(installArchive(raster, path.join(out, 'raster.pmtiles'), info)).rejects.toThrow(/WebP raster tiles/);
    expect(fs.existsSync(path.join(out, 'raster.pmtiles'))).toBe(false);
  });
});

describe('bad inputs', () => {
  const description = { tileType: TileType.Mvt, tileCompression: Compression.Gzip, minZoom: 0, maxZoom: 14, bounds: SMALL, center: { lon: 0, lat: 0, zoom: 0 } };
  const tiny = (name: string, overrides: Partial<typeof description>) => {
    const file = path.join(served, name);
    writeArchive(file, [{ tileId: 0, data: Buffer.from('x') }], { ...description, ...overrides }, {});
    return urlOf(name);
  };
  const extract = (sourceUrl: string, extra: Partial<ExtractOptions> = {}) =>
    extractRegion({ source: sourceUrl, bbox: SMALL, outFile: path.join(out, 'bad.pmtiles'), info, fetch: { retries: 0 }, ...extra });

  it('refuses sources that are not PMTiles v3 MVT archives with gzip or no tile compression', async () => {
    fs.writeFileSync(path.join(served, 'text.pmtiles'), 'hello, this is not an archive'.repeat(10));
    await expect(extract(urlOf('text.pmtiles'))).rejects.toThrow(/is not a PMTiles archive/);
    const v2 = Buffer.alloc(512);
    v2.write('PM', 0, 'latin1');
    v2.writeUInt16LE(2, 2);
    fs.writeFileSync(path.join(served, 'v2.pmtiles'), v2);
    await expect(extract(urlOf('v2.pmtiles'))).rejects.toThrow(/PMTiles version 2 archive; only version 3/);
    await expect(extract(tiny('raster.pmtiles', { tileType: TileType.Png, tileCompression: Compression.None }))).rejects.toThrow(/PNG raster tiles; Siplog's map needs MVT/);
    await expect(extract(tiny('brotli.pmtiles', { tileCompression: Compression.Brotli }))).rejects.toThrow(/compresses its tiles with brotli; only gzip or none/);
    await expect(extract(urlOf('missing.pmtiles'))).rejects.toThrow(/was not found \(404\)/);
    await expect(extract(path.join(dir, 'missing.pmtiles'))).rejects.toThrow(/does not exist/);
    await expect(extract('ftp://example.com/x.pmtiles')).rejects.toThrow(/unsupported scheme/);
    await expect(extract(fixture.file, { outFile: fixture.file })).rejects.toThrow(/cannot be the source file/);
    expect(fs.readdirSync(out).filter((name) => name.includes('bad'))).toEqual([]);
  });

  it('refuses a server that ignores range requests', async () => {
    const plain = await startRangeServer(fixture.file, { ranges: false });
    try {
      await expect(extract(plain.url)).rejects.toThrow(/does not answer range requests/);
    } finally {
      await plain.close();
    }
  });

  it('refuses bad boxes, zooms and regions too big, with clear messages', async () => {
    const cases: [Partial<Bbox> | null, RegExp][] = [
      [{ west: Number.NaN }, /west edge must be a finite number/],
      [{ west: -190 }, /west edge -190 lies outside -180..180/],
      [{ north: 86 }, /north edge 86 lies outside -85.05..85.05/],
      [{ west: 10, east: -10 }, /crossing the antimeridian/],
      [{ south: 37.2, north: 37.1 }, /south edge 37.2 must lie south of its north edge/],
    ];
    for (const [change, message] of cases) await expect(extract(urlOf('fixture.pmtiles'), { bbox: { ...SMALL, ...change } })).rejects.toThrow(message);
    await expect(extract(urlOf('fixture.pmtiles'), { minZoom: 12, maxZoom: 10 })).rejects.toThrow(/minimum zoom 12 is above the maximum zoom 10/);
    await expect(extract(urlOf('fixture.pmtiles'), { maxZoom: 1.5 })).rejects.toThrow(/maximum zoom must be a whole number/);
    await expect(extract(urlOf('fixture.pmtiles'), { info: { name: ' ', where: '' } })).rejects.toThrow(/needs a name/);
    const big: Bbox = { west: -10, south: 36, east: -6, north: 42 };
    await expect(extract(urlOf('fixture.pmtiles'), { bbox: big, maxZoom: 14 })).rejects.toThrow(/covers 2[\d,]+ km², [\d,]+ tiles at zooms 0..14, more than the 50,000 .* smaller box/);
    // Without a maximum zoom the source's is used, read from its header first.
    const requests = server.requests.length;
    await expect(extract(urlOf('fixture.pmtiles'), { bbox: big })).rejects.toThrow(/more than the 50,000/);
    expect(server.requests.length - requests).toBeLessThanOrEqual(2);
    await expect(extract(urlOf('fixture.pmtiles'), { bbox: { west: 100, south: 10, east: 100.01, north: 10.01 } })).rejects.toThrow(/no tiles at zoom 14 inside the box/);
  });
});
