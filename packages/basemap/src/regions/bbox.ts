import { RegionError } from './errors';

/** A box in degrees (WGS 84), west < east, south < north; it never crosses the antimeridian. */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Inclusive XYZ tile columns and rows (y = 0 at the north) covering a box at one zoom. */
export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Web Mercator stops just short of ±85.0511°; the edges are kept inside so every row is a real row. */
export const MAX_LATITUDE = 85.05;

/** Tiles (all zooms together) one region may hold: a city at z0..15 is a few thousand. */
export const MAX_REGION_TILES = 50_000;

/** PMTiles tile ids stay exact integers in a double up to this zoom. */
export const MAX_ZOOM = 26;

const EARTH_RADIUS_KM = 6371.0088;

/** Returns the box when it is usable, else throws a RegionError saying what is wrong with it. */
export function validateBbox(bbox: Bbox): Bbox {
  if (bbox === null || typeof bbox !== 'object') throw new RegionError('The area must be a box with west, south, east and north in degrees.');
  for (const side of ['west', 'south', 'east', 'north'] as const) {
    const value = bbox[side];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new RegionError(`The box's ${side} edge must be a finite number of degrees (got ${String(value)}).`);
    }
  }
  const { west, south, east, north } = bbox;
  for (const [side, value] of [['west', west], ['east', east]] as const) {
    if (value < -180 || value > 180) throw new RegionError(`The box's ${side} edge ${value} lies outside -180..180 degrees of longitude.`);
  }
  for (const [side, value] of [['south', south], ['north', north]] as const) {
    if (value < -MAX_LATITUDE || value > MAX_LATITUDE) {
      throw new RegionError(`The box's ${side} edge ${value} lies outside -${MAX_LATITUDE}..${MAX_LATITUDE} degrees of latitude (the map's projection ends there).`);
    }
  }
  if (west > east) {
    throw new RegionError(`The box's west edge ${west} lies east of its east edge ${east}: boxes crossing the antimeridian are not supported; add two boxes, one on each side.`);
  }
  if (west === east) throw new RegionError(`The box has no width: west and east are both ${west}.`);
  if (south >= north) throw new RegionError(`The box's south edge ${south} must lie south of its north edge ${north}.`);
  return bbox;
}

/** Checks one zoom level; `what` names it in the message. */
export function validateZoom(zoom: number, what: string): number {
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > MAX_ZOOM) throw new RegionError(`The ${what} must be a whole number from 0 to ${MAX_ZOOM} (got ${String(zoom)}).`);
  return zoom;
}

function lngToTileX(lng: number, tiles: number): number {
  return ((lng + 180) / 360) * tiles;
}

function latToTileY(lat: number, tiles: number): number {
  const rad = (lat * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * tiles;
}

/** Tiles whose area overlaps the box at zoom z; an edge lying exactly on a tile border does not pull in the next tile. */
export function tileRangeOf(bbox: Bbox, z: number): TileRange {
  validateBbox(bbox);
  validateZoom(z, 'zoom');
  const tiles = 2 ** z;
  const clamp = (value: number) => Math.min(tiles - 1, Math.max(0, value));
  const minX = clamp(Math.floor(lngToTileX(bbox.west, tiles)));
  const maxX = Math.max(minX, clamp(Math.ceil(lngToTileX(bbox.east, tiles)) - 1));
  const minY = clamp(Math.floor(latToTileY(bbox.north, tiles)));
  const maxY = Math.max(minY, clamp(Math.ceil(latToTileY(bbox.south, tiles)) - 1));
  return { z, minX, maxX, minY, maxY };
}

/** How many tiles the box covers from minZoom to maxZoom inclusive. */
export function tilesInRegion(bbox: Bbox, minZoom: number, maxZoom: number): number {
  let count = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const range = tileRangeOf(bbox, z);
    count += (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);
  }
  return count;
}

/** The box's area on the sphere, in km². */
export function areaKm2(bbox: Bbox): number {
  const toRad = Math.PI / 180;
  const height = Math.sin(bbox.north * toRad) - Math.sin(bbox.south * toRad);
  return EARTH_RADIUS_KM ** 2 * (bbox.east - bbox.west) * toRad * height;
}

/** Throws when the region would hold more than MAX_REGION_TILES tiles. */
export function assertRegionSize(bbox: Bbox, minZoom: number, maxZoom: number): number {
  const count = tilesInRegion(bbox, minZoom, maxZoom);
  if (count > MAX_REGION_TILES) {
    const km2 = Math.round(areaKm2(bbox)).toLocaleString('en-US');
    throw new RegionError(
      `The box covers ${km2} km², ${count.toLocaleString('en-US')} tiles at zooms ${minZoom}..${maxZoom}, more than the ${MAX_REGION_TILES.toLocaleString('en-US')} one region may hold. ` +
        'Choose a smaller box (a city and its surroundings), or a lower maximum zoom.',
    );
  }
  return count;
}
