import { PLACE_LIMITS } from '@siplog/contracts';
import type { Bounds, LatLng } from './map-types';

/** Moves a view that wrapped round the world (west < -180) back into -180..180 when it lies whole on one side. */
export function normalizeBounds(bounds: Bounds): Bounds {
  const turns = Math.floor((bounds.west + 180) / 360);
  if (turns === 0) return bounds;
  return { ...bounds, west: bounds.west - turns * 360, east: bounds.east - turns * 360 };
}

/** Whether place.inBounds accepts the view: it must not cross the antimeridian nor cover too much (else: zoom in). */
export function isQueryableView(bounds: Bounds): boolean {
  const { west, east, south, north } = normalizeBounds(bounds);
  if (east > 180 || west >= east) return false;
  return east - west <= PLACE_LIMITS.boundsMaxWidthDeg && north - south <= PLACE_LIMITS.boundsMaxHeightDeg;
}

/** Share of the view's width or height an edge may shift before the view counts as a different one. */
const MOVE_TOLERANCE = 0.05;

/** Whether `current` shows a different area than `loaded` (a pan or zoom, not a pixel's jitter). */
export function hasViewMoved(loaded: Bounds | null, current: Bounds): boolean {
  if (!loaded) return true;
  const width = Math.max(loaded.east - loaded.west, 1e-9);
  const height = Math.max(loaded.north - loaded.south, 1e-9);
  return (
    Math.abs(current.west - loaded.west) > width * MOVE_TOLERANCE ||
    Math.abs(current.east - loaded.east) > width * MOVE_TOLERANCE ||
    Math.abs(current.south - loaded.south) > height * MOVE_TOLERANCE ||
    Math.abs(current.north - loaded.north) > height * MOVE_TOLERANCE
  );
}

const TILE_SIZE = 512;
const toMercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const fromMercatorY = (y: number) => (360 / Math.PI) * Math.atan(Math.exp(y)) - 90;

/**
 * The area a map of `width` × `height` px would show around `center` at `zoom` (Web Mercator, 512 px tiles
 * as both engines use): the list of places uses it when there is no map to ask.
 */
export function boundsAround(center: LatLng, zoom: number, width: number, height: number): Bounds {
  const worldPx = TILE_SIZE * 2 ** zoom;
  const halfLng = ((width / 2) * 360) / worldPx;
  const halfMercator = ((height / 2) * 2 * Math.PI) / worldPx;
  const y = toMercatorY(center.lat);
  return {
    west: center.lng - halfLng,
    east: center.lng + halfLng,
    south: fromMercatorY(y - halfMercator),
    north: fromMercatorY(y + halfMercator),
  };
}
