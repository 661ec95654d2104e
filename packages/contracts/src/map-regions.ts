import { z } from 'zod';
import { slugify } from './places';
import { plainText } from './schemas/fields';

/**
 * Map regions (issue 29): streets for an area, fetched once from a Protomaps basemap build and served by this server.
 * What an operator types, the CLI and the admin panel alike: a city or area name ('Portland, OR', 'Lisbon'), or a
 * bounding box 'west,south,east,north' in degrees.
 */
export const MAP_REGION_LIMITS = {
  whereMax: 200,
  /** a region's file name: what the CLI's remove and the panel's remove take */
  slugMax: 60,
  /** around a gazetteer place, when the operator gives a radius (km) */
  radiusMinKm: 1,
  radiusMaxKm: 50,
  /** A .pmtiles file sent from the admin panel: a city is tens of MB, a small country a few hundred. */
  uploadMaxBytes: 1024 * 1024 * 1024,
} as const;

export const MAP_REGION_MESSAGES = {
  whereRequired: 'Type a city or area name, or a bounding box as west,south,east,north.',
  notFound: (where: string) =>
    `No city or area called '${where}' in the bundled gazetteer. Try the city's name with its state or country code ('Portland, OR', 'Lagos, PT'), or a bounding box as west,south,east,north.`,
  badSlug: 'A region is named by lower-case letters, digits and dashes.',
  noSuchRegion: (slug: string) => `No map region '${slug}' is installed.`,
  busy: (slug: string) => `The region '${slug}' is already being fetched.`,
  disabled: 'Map regions need the embedded map: this server uses MAPBOX_TOKEN or MAP_STYLE_URL instead.',
  uploadMissing: 'Choose a .pmtiles file to add.',
  uploadNotPmtiles: 'Only a .pmtiles file (a PMTiles v3 archive of vector tiles) can be added as a region.',
  uploadTooLarge: 'That file is larger than 1 GB. Add it on the server with pnpm map:add <file> instead.',
} as const;

const BBOX_PATTERN = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,2}(?:\.\d+)?)\s*$/;

/** 'west,south,east,north' as numbers, or null when the text is not four comma-separated numbers (a name, then). */
export function parseBboxText(text: string): { west: number; south: number; east: number; north: number } | null {
  const match = BBOX_PATTERN.exec(text);
  if (!match) return null;
  const [west, south, east, north] = match.slice(1).map(Number);
  return { west, south, east, north };
}

const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** A region's file name from its name: ASCII letters, digits and dashes only, so it is safe on any disk and as a storage key. */
export function regionSlug(name: string): string {
  const slug = slugify(name)
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, MAP_REGION_LIMITS.slugMax)
    .replace(/^-+|-+$/g, '');
  return slug || 'region';
}

export function isRegionSlug(slug: string): boolean {
  return slug.length <= MAP_REGION_LIMITS.slugMax && SLUG_PATTERN.test(slug);
}

export const mapRegionAddSchema = z.strictObject({
  where: plainText({ error: MAP_REGION_MESSAGES.whereRequired })
    .trim()
    .min(1, { error: MAP_REGION_MESSAGES.whereRequired })
    .max(MAP_REGION_LIMITS.whereMax, { error: MAP_REGION_MESSAGES.whereRequired }),
  /** Around a named place: the box's half-width in km; unset, it follows the place's size. */
  radius_km: z.number().min(MAP_REGION_LIMITS.radiusMinKm).max(MAP_REGION_LIMITS.radiusMaxKm).optional(),
});

export const mapRegionSlugSchema = z.strictObject({
  slug: plainText().refine(isRegionSlug, { error: MAP_REGION_MESSAGES.badSlug }),
});

/** A region being fetched, as the admin panel shows it (any node may answer: progress is told to every node). */
export interface MapRegionJob {
  slug: string;
  name: string;
  where: string;
  phase: 'directory' | 'tiles' | 'finishing' | 'failed';
  bytes_done: number;
  bytes_total: number;
  tiles: number;
  /** Why it failed, in words for the operator (phase 'failed'). */
  error: string | null;
  started_at: string;
  /** When this state was last heard: a job no node has spoken of for a while is gone with its node. */
  updated_at: string;
}

/** An installed region, as `pnpm map:list` and the admin panel show it. */
export interface MapRegion {
  slug: string;
  name: string;
  where: string;
  bbox: { west: number; south: number; east: number; north: number };
  min_zoom: number;
  max_zoom: number;
  tiles: number;
  bytes_on_disk: number;
  bytes_fetched: number;
  seconds: number;
  source: string;
  added_at: string;
}

export interface MapRegionsAnswer {
  regions: MapRegion[];
  jobs: MapRegionJob[];
}
