/** Small geometry on the sphere, enough for distances of a few kilometres and boxes around a point. */

const EARTH_RADIUS_METERS = 6_371_008.8;
/** Metres in one degree of latitude (and of longitude at the equator), as boxes and tests reckon them. */
export const METERS_PER_DEGREE_LAT = 111_320;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

export function distanceMeters(a: LatLng, b: LatLng): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box that holds every point within `meters` of the centre (clamped at the poles and at ±180°). */
export function boxAround(center: LatLng, meters: number): Box {
  const dLat = meters / METERS_PER_DEGREE_LAT;
  const dLng = meters / (METERS_PER_DEGREE_LAT * Math.max(0.01, Math.cos((center.lat * Math.PI) / 180)));
  return {
    south: Math.max(-90, center.lat - dLat),
    north: Math.min(90, center.lat + dLat),
    west: Math.max(-180, center.lng - dLng),
    east: Math.min(180, center.lng + dLng),
  };
}
