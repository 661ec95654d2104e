/**
 * The embedded offline basemap (design §5): one SQLite file built at build time from npm data packages,
 * holding vector tiles for two tilesets and the gazetteer used by offline place search.
 */
import path from 'node:path';

export { Basemap, type GazetteerEntry, type GazetteerKind } from './basemap-reader';
export { nameKey } from './schema';

/** Where `pnpm --filter @siplog/basemap build` writes the file (the package's dist folder, from src or dist alike). */
export const BASEMAP_FILE = path.join(__dirname, '..', 'dist', 'basemap.sqlite');

/** Shown on the map and in the README; the style's source attribution is this HTML. */
export const BASEMAP_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a> (ODbL), ' +
  '<a href="https://www.naturalearthdata.com/">Natural Earth</a>, ' +
  '<a href="https://www.geonames.org/">GeoNames</a>';

export const BASEMAP_ATTRIBUTION_TEXT = '© OpenStreetMap contributors (ODbL), Natural Earth, GeoNames';

/** The area with real streets: the 30 z13 tiles of @mapbox/mvt-fixtures' Chicago set (x 2098..2102, y 3042..3047). */
export const CHICAGO_TILES_Z13 = { minX: 2098, maxX: 2102, minY: 3042, maxY: 3047 } as const;

/** [west, south, east, north] of those tiles, in degrees. */
export const CHICAGO_BOUNDS: [number, number, number, number] = [-87.802734375, 41.77131167976406, -87.5830078125, 41.96765920367815];

export const CHICAGO_CENTER: [number, number] = [-87.6553, 41.8897];

/**
 * Two tilesets, served as two MapLibre sources, because a source has one maxzoom: the world is cut
 * to z8 and overzoomed beyond, the streets exist only over Chicago and only from z10 (overzoomed past 13).
 * Tiles are stored with XYZ rows (y = 0 at the north, as in URLs), not the TMS rows of the MBTiles spec.
 */
export const TILESETS = {
  world: { minzoom: 0, maxzoom: 8 },
  streets: { minzoom: 10, maxzoom: 13 },
} as const;

export type TilesetName = keyof typeof TILESETS;

/** The source-layers each tileset carries: what a style may reference. */
export const LAYERS = {
  world: {
    land: 'land',
    lakes: 'lakes',
    rivers: 'rivers',
    countries: 'country_lines',
    states: 'state_lines',
    cities: 'cities',
  },
  /** Mapbox Streets v7 names, plus `coverage` (the area the street data covers, drawn as land). */
  streets: {
    coverage: 'coverage',
    landuse: 'landuse',
    water: 'water',
    waterway: 'waterway',
    aeroway: 'aeroway',
    building: 'building',
    road: 'road',
    roadLabel: 'road_label',
    waterwayLabel: 'waterway_label',
    placeLabel: 'place_label',
    poiLabel: 'poi_label',
  },
} as const;

/**
 * Map regions (issue 29): PMTiles archives of an operator's own area. Test fixtures (a Protomaps-schema archive, a
 * range-answering server) are imported from '@siplog/basemap/dist/regions/testing', so the API never loads them.
 */
export * from './regions';
