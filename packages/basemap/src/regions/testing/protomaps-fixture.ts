/**
 * A made-up town in the Protomaps basemap v4 schema (the layers and properties @protomaps/basemaps'
 * `layers()` filters on), written as a clustered, gzip-tiled PMTiles v3 archive: a 30 km square on the
 * coast around Lagos, Portugal, with a named street grid, a park, a lake, a river, the sea, town and
 * neighbourhood labels, and a building in every corner of every block so tiles weigh what real ones do.
 * Tests across the apps extract regions from it over a local range server instead of the internet.
 */
import zlib from 'node:zlib';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { zxyToTileId } from 'pmtiles';
import vtpbf from 'vt-pbf';
import { tileRangeOf, type Bbox } from '../bbox';
import { Compression, TileType } from '../pmtiles-format';
import { writeArchive, type InMemoryTile } from '../pmtiles-writer';

/** The real gazetteer town the square is centred on. */
export const FIXTURE_CENTER = { lat: 37.10202, lng: -8.67422 } as const;

const KM_PER_DEGREE_LAT = 111.32;
const HALF_SIDE_KM = 15;
const HALF_LAT = HALF_SIDE_KM / KM_PER_DEGREE_LAT;
const HALF_LNG = HALF_SIDE_KM / (KM_PER_DEGREE_LAT * Math.cos((FIXTURE_CENTER.lat * Math.PI) / 180));

/** The 30 km × 30 km square the fixture covers. */
export const FIXTURE_SQUARE: Readonly<Bbox> = {
  west: FIXTURE_CENTER.lng - HALF_LNG,
  south: FIXTURE_CENTER.lat - HALF_LAT,
  east: FIXTURE_CENTER.lng + HALF_LNG,
  north: FIXTURE_CENTER.lat + HALF_LAT,
};

export const FIXTURE_ZOOMS = { min: 0, max: 14 } as const;

/** Streets every 500 m: avenues run north-south, streets east-west, over the land north of the coast. */
const BLOCK_KM = 0.5;
const LAND_SOUTH = FIXTURE_SQUARE.south + 2 * HALF_LAT * 0.2;
const AVENUES = Math.floor((2 * HALF_SIDE_KM) / BLOCK_KM) - 1;
const STREETS = Math.floor(((FIXTURE_SQUARE.north - LAND_SOUTH) * KM_PER_DEGREE_LAT) / BLOCK_KM) - 1;
const LAT_STEP = BLOCK_KM / KM_PER_DEGREE_LAT;
const LNG_STEP = (2 * HALF_LNG) / (AVENUES + 1);

export const FIXTURE_LOCALITY = 'Fixture Town';
export const FIXTURE_NEIGHBOURHOODS = ['Fixture North', 'Fixture Harbour', 'Fixture Hill'] as const;
export const FIXTURE_ROAD_NAMES: readonly string[] = [
  ...Array.from({ length: AVENUES }, (_, i) => `Fixture Avenue ${i + 1}`),
  ...Array.from({ length: STREETS }, (_, j) => `Fixture Street ${j + 1}`),
];

const avenueLng = (i: number) => FIXTURE_SQUARE.west + (i + 1) * LNG_STEP;
const streetLat = (j: number) => LAND_SOUTH + (j + 1) * LAT_STEP;

type Props = Record<string, string | number>;
const feature = (geometry: Geometry, properties: Props): Feature => ({ type: 'Feature', geometry, properties });
const box = (west: number, south: number, east: number, north: number): Geometry => ({
  type: 'Polygon',
  coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]],
});

/** Road classes as Protomaps has them: the middle avenue and street are highways, every 10th a major road. */
function roadProps(index: number, count: number, name: string): Props {
  if (index === Math.floor(count / 2)) return { kind: 'highway', kind_detail: 'motorway', name, min_zoom: 5, sort_rank: 380 };
  if (index % 10 === 0) return { kind: 'major_road', kind_detail: 'primary', name, min_zoom: 8, sort_rank: 370 };
  return { kind: 'minor_road', kind_detail: 'residential', name, min_zoom: 12, sort_rank: 360 };
}

const PARK = { west: avenueLng(20), south: streetLat(30), east: avenueLng(24), north: streetLat(34) };
const LAKE = { west: avenueLng(40) + LNG_STEP * 0.2, south: streetLat(20) + LAT_STEP * 0.2, east: avenueLng(42) - LNG_STEP * 0.2, north: streetLat(22) - LAT_STEP * 0.2 };

function roads(): Feature[] {
  const list: Feature[] = [];
  for (let i = 0; i < AVENUES; i++) {
    const line: Geometry = { type: 'LineString', coordinates: [[avenueLng(i), LAND_SOUTH], [avenueLng(i), FIXTURE_SQUARE.north]] };
    list.push(feature(line, roadProps(i, AVENUES, FIXTURE_ROAD_NAMES[i])));
  }
  for (let j = 0; j < STREETS; j++) {
    const line: Geometry = { type: 'LineString', coordinates: [[FIXTURE_SQUARE.west, streetLat(j)], [FIXTURE_SQUARE.east, streetLat(j)]] };
    list.push(feature(line, roadProps(j, STREETS, FIXTURE_ROAD_NAMES[AVENUES + j])));
  }
  const midLat = (PARK.south + PARK.north) / 2;
  list.push(feature({ type: 'LineString', coordinates: [[PARK.west, midLat], [PARK.east, midLat]] }, { kind: 'path', kind_detail: 'footway', name: 'Fixture Park Path', min_zoom: 14 }));
  return list;
}

/** Deterministic pseudo-random numbers in [0, 1): the same fixture every time, irregular enough not to gzip away. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const EXTENT = 4096;
/** Building lots per z14 tile side: 32 × 32 lots of about 60 m, so a z14 tile weighs tens of kB like a real town's. */
const LOTS_PER_SIDE = 32;
const LOT = EXTENT / LOTS_PER_SIDE;

type TileFeature = { type: 3; geometry: [number, number][][]; tags: Props };

const tileToLng = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const tileToLat = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

/** On land, inside a block (clear of the streets), outside the park and the lake. */
function buildable(lng: number, lat: number): boolean {
  if (lng <= FIXTURE_SQUARE.west || lng >= FIXTURE_SQUARE.east || lat <= LAND_SOUTH || lat >= FIXTURE_SQUARE.north) return false;
  const u = ((lng - FIXTURE_SQUARE.west) / LNG_STEP) % 1;
  const v = ((lat - LAND_SOUTH) / LAT_STEP) % 1;
  if (u < 0.06 || u > 0.94 || v < 0.06 || v > 0.94) return false;
  if (lng >= PARK.west && lng <= PARK.east && lat >= PARK.south && lat <= PARK.north) return false;
  return !(lng >= LAKE.west && lng <= LAKE.east && lat >= LAKE.south && lat <= LAKE.north);
}

/** Irregular footprints around (0, 0), made once (too many for gzip to find them again within its window); each lot takes one. */
const FOOTPRINTS: [number, number][][] = (() => {
  const next = random(14);
  return Array.from({ length: 4096 }, () => {
    const corners = 6 + Math.floor(next() * 6);
    const ring: [number, number][] = [];
    for (let k = 0; k < corners; k++) {
      // Angles increase clockwise on screen (y points down): an exterior ring as MVT wants it.
      const angle = ((k + next() * 0.6) / corners) * 2 * Math.PI;
      const radius = LOT * (0.22 + next() * 0.18);
      ring.push([Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))]);
    }
    ring.push([ring[0][0], ring[0][1]]);
    return ring;
  });
})();

/**
 * The buildings of one z14 tile, made directly in tile coordinates (tens of thousands of polygons would
 * take geojson-vt seconds): one footprint per buildable lot, the same every time for a tile.
 */
function z14Buildings(x: number, y: number, made: Map<number, TileFeature[]>): TileFeature[] {
  const key = x * 16_384 + y;
  const known = made.get(key);
  if (known) return known;
  const next = random(x * 65_536 + y);
  const features: TileFeature[] = [];
  const lotCentre = (i: number) => i * LOT + LOT / 2;
  const lngs = Array.from({ length: LOTS_PER_SIDE }, (_, column) => tileToLng(x + lotCentre(column) / EXTENT, 14));
  for (let row = 0; row < LOTS_PER_SIDE; row++) {
    const lat = tileToLat(y + lotCentre(row) / EXTENT, 14);
    for (let column = 0; column < LOTS_PER_SIDE; column++) {
      if (!buildable(lngs[column], lat)) continue;
      const cx = Math.round(lotCentre(column) + (next() - 0.5) * LOT * 0.2);
      const cy = Math.round(lotCentre(row) + (next() - 0.5) * LOT * 0.2);
      const ring = FOOTPRINTS[Math.floor(next() * FOOTPRINTS.length)].map(([dx, dy]): [number, number] => [cx + dx, cy + dy]);
      features.push({ type: 3, geometry: [ring], tags: { kind: 'building', height: 3 + Math.floor(next() * 30), min_zoom: 14 } });
    }
  }
  made.set(key, features);
  return features;
}

/** z14 keeps every building; z13 every fourth of its four children's, scaled down. */
function buildingsOf(z: number, x: number, y: number, made: Map<number, TileFeature[]>): TileFeature[] {
  if (z === 14) return z14Buildings(x, y, made);
  if (z !== 13) return [];
  const features: TileFeature[] = [];
  for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
    z14Buildings(2 * x + dx, 2 * y + dy, made).forEach((building, i) => {
      if (i % 4 !== 0) return;
      const ring = building.geometry[0].map(([px, py]): [number, number] => [Math.round((dx * EXTENT + px) / 2), Math.round((dy * EXTENT + py) / 2)]);
      features.push({ ...building, geometry: [ring], tags: { ...building.tags, min_zoom: 13 } });
    });
  }
  return features;
}

function waterFeatures(): Feature[] {
  const riverLng = avenueLng(8) + LNG_STEP / 2;
  const river: Geometry = {
    type: 'LineString',
    coordinates: Array.from({ length: 25 }, (_, k) => [riverLng + Math.sin(k / 3) * LNG_STEP, FIXTURE_SQUARE.north - ((FIXTURE_SQUARE.north - LAND_SOUTH) * k) / 24]),
  };
  return [
    feature(box(FIXTURE_SQUARE.west, FIXTURE_SQUARE.south, FIXTURE_SQUARE.east, LAND_SOUTH), { kind: 'ocean', name: 'Fixture Sea', min_zoom: 0 }),
    feature(box(LAKE.west, LAKE.south, LAKE.east, LAKE.north), { kind: 'lake', name: 'Fixture Lake', min_zoom: 9 }),
    feature(river, { kind: 'river', name: 'Fixture River', min_zoom: 9 }),
  ];
}

function places(): Feature[] {
  const point = (lng: number, lat: number): Geometry => ({ type: 'Point', coordinates: [lng, lat] });
  return [
    feature(point(FIXTURE_CENTER.lng, FIXTURE_CENTER.lat), { kind: 'locality', kind_detail: 'town', name: FIXTURE_LOCALITY, min_zoom: 6, population: 31_000, population_rank: 10, sort_key: 1 }),
    feature(point(avenueLng(30), streetLat(40)), { kind: 'neighbourhood', name: FIXTURE_NEIGHBOURHOODS[0], min_zoom: 12, sort_key: 2 }),
    feature(point(avenueLng(30), streetLat(2)), { kind: 'neighbourhood', name: FIXTURE_NEIGHBOURHOODS[1], min_zoom: 12, sort_key: 3 }),
    feature(point(avenueLng(45), streetLat(30)), { kind: 'neighbourhood', name: FIXTURE_NEIGHBOURHOODS[2], min_zoom: 12, sort_key: 4 }),
  ];
}

interface LayerSource {
  name: string;
  minZoom: number;
  features: Feature[];
}

function layerSources(): LayerSource[] {
  const parkPolygon = box(PARK.west, PARK.south, PARK.east, PARK.north);
  const parkCentre: Geometry = { type: 'Point', coordinates: [(PARK.west + PARK.east) / 2, (PARK.south + PARK.north) / 2] };
  return [
    { name: 'earth', minZoom: 0, features: [feature(box(FIXTURE_SQUARE.west, LAND_SOUTH, FIXTURE_SQUARE.east, FIXTURE_SQUARE.north), { kind: 'earth' })] },
    { name: 'water', minZoom: 0, features: waterFeatures() },
    { name: 'landuse', minZoom: 9, features: [feature(parkPolygon, { kind: 'park', name: 'Fixture Park', min_zoom: 9, sort_rank: 30 })] },
    { name: 'roads', minZoom: 5, features: roads() },
    { name: 'pois', minZoom: 13, features: [feature(parkCentre, { kind: 'park', name: 'Fixture Park', min_zoom: 13, population_rank: 0 })] },
    { name: 'places', minZoom: 6, features: places() },
  ];
}

const VECTOR_LAYERS = [
  { id: 'earth', fields: { kind: 'String' }, minzoom: 0, maxzoom: 14 },
  { id: 'water', fields: { kind: 'String', name: 'String', min_zoom: 'Number' }, minzoom: 0, maxzoom: 14 },
  { id: 'landuse', fields: { kind: 'String', name: 'String', min_zoom: 'Number', sort_rank: 'Number' }, minzoom: 9, maxzoom: 14 },
  { id: 'roads', fields: { kind: 'String', kind_detail: 'String', name: 'String', min_zoom: 'Number', sort_rank: 'Number' }, minzoom: 5, maxzoom: 14 },
  { id: 'buildings', fields: { kind: 'String', height: 'Number', min_zoom: 'Number' }, minzoom: 13, maxzoom: 14 },
  { id: 'pois', fields: { kind: 'String', name: 'String', min_zoom: 'Number', population_rank: 'Number' }, minzoom: 13, maxzoom: 14 },
  { id: 'places', fields: { kind: 'String', kind_detail: 'String', name: 'String', min_zoom: 'Number', population: 'Number', population_rank: 'Number', sort_key: 'Number' }, minzoom: 6, maxzoom: 14 },
];

export const FIXTURE_ATTRIBUTION = '<a href="https://github.com/protomaps/basemaps">Protomaps</a> © <a href="https://openstreetmap.org">OpenStreetMap</a>';

export interface ProtomapsFixtureOptions {
  /** Highest zoom written (default 14); lower it for a smaller, faster fixture. */
  maxZoom?: number;
  /** How tiles are stored (default gzip, as Protomaps builds are). */
  tileCompression?: 'gzip' | 'none';
}

export interface ProtomapsFixture {
  file: string;
  /** The archive's size in bytes. */
  bytes: number;
  tiles: number;
  minZoom: number;
  maxZoom: number;
}

/** Writes the fixture archive to `file` (about a second). */
export async function buildProtomapsFixture(file: string, options: ProtomapsFixtureOptions = {}): Promise<ProtomapsFixture> {
  const maxZoom = options.maxZoom ?? FIXTURE_ZOOMS.max;
  const gzip = (options.tileCompression ?? 'gzip') === 'gzip';
  // geojson-vt ships only as an ES module; a dynamic import loads it from this CommonJS package.
  const { default: GeoJSONVT } = await import('geojson-vt');
  const layers = layerSources().map((layer) => ({
    ...layer,
    index: new GeoJSONVT({ type: 'FeatureCollection', features: layer.features } as FeatureCollection, { maxZoom, indexMaxZoom: 5, buffer: 64, extent: 4096 }),
  }));
  const tiles: InMemoryTile[] = [];
  // z13 tiles reuse their children's buildings: each z14 tile's are made once.
  const made = new Map<number, TileFeature[]>();
  for (let z = FIXTURE_ZOOMS.min; z <= maxZoom; z++) {
    const range = tileRangeOf(FIXTURE_SQUARE, z);
    for (let x = range.minX; x <= range.maxX; x++) {
      for (let y = range.minY; y <= range.maxY; y++) {
        const content: Parameters<typeof vtpbf.fromGeojsonVt>[0] = {};
        for (const layer of layers) {
          if (z < layer.minZoom) continue;
          const features = layer.index.getTile(z, x, y)?.features.filter((f) => Number(f.tags?.min_zoom ?? 0) <= z) ?? [];
          if (features.length > 0) content[layer.name] = { features };
        }
        const buildings = buildingsOf(z, x, y, made);
        if (buildings.length > 0) content.buildings = { features: buildings };
        const mvt = vtpbf.fromGeojsonVt(content, { version: 2, extent: 4096 });
        tiles.push({ tileId: zxyToTileId(z, x, y), data: gzip ? zlib.gzipSync(mvt) : mvt });
      }
    }
  }
  const metadata = {
    name: 'Siplog test town (Protomaps basemap v4 schema)',
    description: 'Made-up streets around Lagos, Portugal, for tests',
    attribution: FIXTURE_ATTRIBUTION,
    type: 'baselayer',
    version: '4.13.0',
    vector_layers: VECTOR_LAYERS,
  };
  const bytes = writeArchive(
    file,
    tiles,
    {
      tileType: TileType.Mvt,
      tileCompression: gzip ? Compression.Gzip : Compression.None,
      minZoom: FIXTURE_ZOOMS.min,
      maxZoom,
      bounds: FIXTURE_SQUARE,
      center: { lon: FIXTURE_CENTER.lng, lat: FIXTURE_CENTER.lat, zoom: Math.min(maxZoom, 11) },
    },
    metadata,
  );
  return { file, bytes, tiles: tiles.length, minZoom: FIXTURE_ZOOMS.min, maxZoom };
}
