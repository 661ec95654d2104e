import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { Basemap, BASEMAP_FILE, CHICAGO_TILES_Z13, LAYERS, nameKey } from './index.js';

// Reads the built file: run `pnpm --filter @siplog/basemap build` first (turbo runs build before test).
const basemap = Basemap.open(BASEMAP_FILE);
afterAll(() => basemap?.close());

function decode(data: Buffer | undefined): VectorTile {
  expect(data, 'tile present').toBeDefined();
  return new VectorTile(new PbfReader(zlib.gunzipSync(data!)));
}

describe('the built basemap file', () => {
  it('exists and has a version', () => {
    expect(basemap, `${BASEMAP_FILE} is built`).not.toBeNull();
    expect(basemap!.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it('has the world at z0 with land, borders and big cities', () => {
    const tile = decode(basemap!.tile('world', 0, 0, 0));
    for (const layer of [LAYERS.world.land, LAYERS.world.countries, LAYERS.world.cities]) expect(tile.layers[layer]?.length).toBeGreaterThan(0);
  });

  it('has no world tile in the open ocean at z6', () => {
    expect(basemap!.tile('world', 6, 2, 40)).toBeUndefined();
  });

  it('has Chicago at z13 with named streets, water and the coverage area', () => {
    const tile = decode(basemap!.tile('streets', 13, 2100, 3044));
    const labels = tile.layers[LAYERS.streets.roadLabel];
    const names = new Set(Array.from({ length: labels.length }, (_, i) => labels.feature(i).properties.name));
    expect(tile.layers[LAYERS.streets.road].length).toBeGreaterThan(100);
    expect([...names].some((name) => /^[NSEW] .+ (Ave|St|Blvd|Rd|Dr)$/.test(String(name)))).toBe(true);
    expect(tile.layers[LAYERS.streets.coverage].length).toBe(1);
    expect(tile.layers.barrier_line).toBeUndefined();
  });

  it('keeps low-zoom Chicago tiles small: major roads, water and parks only', () => {
    const data = basemap!.tile('streets', 10, CHICAGO_TILES_Z13.minX >> 3, CHICAGO_TILES_Z13.minY >> 3);
    expect(data!.length).toBeLessThan(60_000);
    const roads = decode(data).layers[LAYERS.streets.road];
    const classes = new Set(Array.from({ length: roads.length }, (_, i) => roads.feature(i).properties.class));
    expect([...classes].sort()).toEqual(expect.arrayContaining(['motorway']));
    expect(classes.has('street')).toBe(false);
  });
});

describe('the gazetteer', () => {
  it('finds Chicago first by prefix, ranked by population', () => {
    const [first] = basemap!.search('"chica"*', 5);
    expect(first).toMatchObject({ name: 'Chicago', kind: 'city', state: 'IL', country: 'US' });
  });

  it('finds Chicago neighbourhoods from the street data and from GeoNames', () => {
    expect(basemap!.byNameKey(nameKey('Wicker Park'))[0]).toMatchObject({ kind: 'neighbourhood', country: 'US' });
    expect(basemap!.byNameKey(nameKey('Logan Square'))[0]).toMatchObject({ kind: 'neighbourhood', state: 'IL' });
  });

  it('folds case and diacritics in names', () => {
    expect(nameKey('  São-Paulo ')).toBe('sao paulo');
    expect(basemap!.byNameKey('sao paulo')[0]).toMatchObject({ country: 'BR' });
  });
});
