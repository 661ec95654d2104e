import { MAP_REGION_MESSAGES, parseBboxText, regionSlug } from '@siplog/contracts';
import { assertRegionSize, RegionError, validateBbox, type GazetteerEntry } from '@siplog/basemap';
import { AppError } from '../../../common/app-error';
import { METERS_PER_DEGREE_LAT } from '../../../common/geo';

export interface RegionBbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** What `<where>` named: an area to cut out of the source archive, with the name and file name it will have. */
export interface RegionTarget {
  name: string;
  slug: string;
  where: string;
  bbox: RegionBbox;
}

/** The gazetteer's two questions a `<where>` needs (GazetteerService answers them). */
export interface PlaceNames {
  findByName(name: string): GazetteerEntry | null;
  nearest(lat: number, lng: number): GazetteerEntry | null;
}

/**
 * How far around a gazetteer place its region reaches (half the box's width, km): a neighbourhood is a walk across,
 * a town a few km, a big city's built-up area 10-15 km. A city of 600,000 gets 20 × 20 km, about 400 km².
 */
export function radiusKmOf(entry: GazetteerEntry): number {
  if (entry.kind === 'neighbourhood') return 2;
  const people = entry.population;
  if (people >= 2_000_000) return 15;
  if (people >= 500_000) return 10;
  if (people >= 100_000) return 7;
  if (people >= 20_000) return 4;
  return 3;
}

/** The box reaching `radiusKm` each way from a point. */
export function boxAround(lat: number, lng: number, radiusKm: number): RegionBbox {
  const dLat = (radiusKm * 1000) / METERS_PER_DEGREE_LAT;
  const dLng = dLat / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return {
    west: round(Math.max(-180, lng - dLng)),
    south: round(Math.max(-85, lat - dLat)),
    east: round(Math.min(180, lng + dLng)),
    north: round(Math.min(85, lat + dLat)),
  };
}

/** 'Portland, OR' for a US city, 'Lisbon, PT' elsewhere: the name a region is listed under. */
function placeName(entry: GazetteerEntry): string {
  return `${entry.name}, ${entry.country === 'US' && entry.state ? entry.state : entry.country}`;
}

/**
 * Reads a `<where>`: a bounding box 'west,south,east,north', or a city or area name from the bundled gazetteer
 * ('Portland, OR', 'Lisbon', 'Lagos, PT'). `name` overrides the listed name (and so the file name).
 */
export function regionTargetOf(where: string, places: PlaceNames, options: { radiusKm?: number; name?: string } = {}): RegionTarget {
  const text = where.trim();
  if (!text) throw new AppError('BAD_REQUEST', MAP_REGION_MESSAGES.whereRequired);
  const box = parseBboxText(text);
  if (box) {
    checked(box);
    const near = places.nearest((box.south + box.north) / 2, (box.west + box.east) / 2);
    const name = options.name?.trim() || (near ? `${placeName(near)} area` : `Area ${text.replace(/\s+/g, '')}`);
    return { name, slug: regionSlug(name), where: text, bbox: box };
  }
  const entry = places.findByName(text.replace(/\s*,\s*/g, ' '));
  if (!entry) throw new AppError('NOT_FOUND', MAP_REGION_MESSAGES.notFound(text));
  const name = options.name?.trim() || placeName(entry);
  return { name, slug: regionSlug(name), where: text, bbox: checked(boxAround(entry.lat, entry.lng, options.radiusKm ?? radiusKmOf(entry))) };
}

/** The deepest zoom a Protomaps build has: what a region's size is judged by before anything is fetched. */
const SOURCE_MAX_ZOOM = 15;

/** A box the extraction will take (on the map, the right way round, not too many tiles), or a 400 saying why not. */
function checked(bbox: RegionBbox): RegionBbox {
  try {
    validateBbox(bbox);
    assertRegionSize(bbox, 0, SOURCE_MAX_ZOOM);
    return bbox;
  } catch (error) {
    if (error instanceof RegionError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}
