import { MAP_REGION_LIMITS, MAP_REGION_MESSAGES, parseBboxText, type MapRegion, type MapRegionJob } from '@siplog/contracts';

/** What the 'Map regions' panel says about its form, its jobs and its regions: pure, so the spec reads it without a page. */

export const MAP_REGION_FORM_MESSAGES = {
  whereRequired: MAP_REGION_MESSAGES.whereRequired,
  whereTooLong: `Keep it under ${MAP_REGION_LIMITS.whereMax} characters: a city's name, or four numbers west,south,east,north.`,
  radiusNotNumber: `The radius is a number of km, from ${MAP_REGION_LIMITS.radiusMinKm} to ${MAP_REGION_LIMITS.radiusMaxKm}.`,
  radiusWithBox: 'A radius goes with a city or area name: a bounding box already says how far the region reaches.',
  badBox: 'A bounding box is west,south,east,north in degrees, with west < east and south < north (longitudes −180 to 180, latitudes −85.05 to 85.05, where the map’s projection ends).',
} as const;

export type RegionFormField = 'where' | 'radius';

export type RegionFormCheck =
  | { ok: true; input: { where: string; radius_km?: number } }
  | { ok: false; field: RegionFormField; error: string };

/** Web Mercator ends just short of ±85.0511°: the server refuses a box past this. */
const LATITUDE_MAX = 85.05;

function isSensibleBox({ west, south, east, north }: { west: number; south: number; east: number; north: number }): boolean {
  const inRange = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;
  return inRange(west, 180) && inRange(east, 180) && inRange(south, LATITUDE_MAX) && inRange(north, LATITUDE_MAX) && west < east && south < north;
}

/**
 * The form's two boxes as the addMapRegion call takes them, or the first thing wrong with them. The server checks
 * the same (and whether a name is in its gazetteer); this only spares a round trip for what is plainly wrong.
 */
export function checkRegionForm(whereText: string, radiusText: string): RegionFormCheck {
  const where = whereText.trim();
  if (!where) return { ok: false, field: 'where', error: MAP_REGION_FORM_MESSAGES.whereRequired };
  if (where.length > MAP_REGION_LIMITS.whereMax) return { ok: false, field: 'where', error: MAP_REGION_FORM_MESSAGES.whereTooLong };
  const box = parseBboxText(where);
  if (box && !isSensibleBox(box)) return { ok: false, field: 'where', error: MAP_REGION_FORM_MESSAGES.badBox };
  const radius = radiusText.trim();
  if (!radius) return { ok: true, input: { where } };
  if (box) return { ok: false, field: 'radius', error: MAP_REGION_FORM_MESSAGES.radiusWithBox };
  // A comma is a decimal point to much of the world.
  const radiusKm = Number(radius.replace(',', '.'));
  if (!Number.isFinite(radiusKm) || radiusKm < MAP_REGION_LIMITS.radiusMinKm || radiusKm > MAP_REGION_LIMITS.radiusMaxKm) {
    return { ok: false, field: 'radius', error: MAP_REGION_FORM_MESSAGES.radiusNotNumber };
  }
  return { ok: true, input: { where, radius_km: radiusKm } };
}

const KIB = 1024;
const MIB = KIB * KIB;

/** A size as people read it: bytes, KB under a megabyte, else MB with one decimal (the CLI's MB are MiB too). */
export function sizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < KIB) return `${Math.round(bytes)} bytes`;
  if (bytes < MIB) return `${Math.round(bytes / KIB)} KB`;
  return `${(bytes / MIB).toFixed(1)} MB`;
}

export const countText = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** A job as the panel draws it: the words for where it is, and the bar's value out of max (no value: not known yet). */
export interface JobProgressView {
  phase: string;
  detail: string;
  value: number | undefined;
  max: number;
  /** The share done, 0..100, when known. */
  percent: number | undefined;
}

export function jobProgress(job: MapRegionJob): JobProgressView {
  const known = job.bytes_total > 0;
  const done = Math.min(job.bytes_done, job.bytes_total);
  const percent = known ? Math.floor((done / job.bytes_total) * 100) : undefined;
  switch (job.phase) {
    case 'directory':
      // The archive's directory says how many tiles and bytes there are: until it is read the bar has no end.
      return { phase: 'Reading the directory…', detail: 'Finding the tiles of this area in the source archive.', value: undefined, max: 1, percent: undefined };
    case 'tiles':
      return {
        phase: 'Fetching tiles…',
        detail: known
          ? `${countText(job.tiles, 'tile', 'tiles')}: ${sizeText(done)} of ${sizeText(job.bytes_total)}`
          : `${countText(job.tiles, 'tile', 'tiles')}`,
        value: known ? done : undefined,
        max: known ? job.bytes_total : 1,
        percent,
      };
    case 'finishing':
      return { phase: 'Writing the archive…', detail: `${countText(job.tiles, 'tile', 'tiles')}, ${sizeText(job.bytes_total)} fetched`, value: 1, max: 1, percent: 100 };
    case 'failed':
      return { phase: 'Failed', detail: job.error ?? 'The fetch stopped.', value: done, max: known ? job.bytes_total : 1, percent };
  }
}

/** Whether a job still runs: the panel asks again every second while one does. */
export const isJobUnderWay = (job: MapRegionJob) => job.phase !== 'failed';

export function zoomsText(region: Pick<MapRegion, 'min_zoom' | 'max_zoom'>): string {
  return region.min_zoom === region.max_zoom ? `z${region.min_zoom}` : `z${region.min_zoom}–${region.max_zoom}`;
}

/** The day a region was added, in the reader's time zone; the ISO text itself when it is no date. */
export function addedText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** How much of the fetched bytes the region kept: the archive's directory and tile runs cost a little extra to read. */
export function fetchedText(region: Pick<MapRegion, 'bytes_fetched' | 'seconds'>): string {
  const seconds = region.seconds > 0 ? ` in ${region.seconds < 10 ? region.seconds.toFixed(1) : Math.round(region.seconds)} s` : '';
  return `${sizeText(region.bytes_fetched)}${seconds}`;
}

/**
 * The regions that arrived since the panel last looked: a job it saw under way is gone and a region with its slug
 * is installed. Said aloud (aria-live) so the operator need not watch the list.
 */
export function arrivedRegions(jobsSeen: ReadonlySet<string>, regions: readonly MapRegion[], jobs: readonly MapRegionJob[]): MapRegion[] {
  const stillRunning = new Set(jobs.map((job) => job.slug));
  return regions.filter((region) => jobsSeen.has(region.slug) && !stillRunning.has(region.slug));
}

export function arrivedText(regions: readonly MapRegion[]): string {
  return regions.map((region) => `${region.name} added: ${countText(region.tiles, 'tile', 'tiles')}, ${sizeText(region.bytes_on_disk)} on disk.`).join(' ');
}

/**
 * The file the panel may send, or the server's own words for why not: checked before a byte goes out, since a
 * refused gigabyte would otherwise be refused only once it had all been sent.
 */
export function checkRegionFile(file: Pick<File, 'name' | 'size'> | null | undefined): string | null {
  if (!file) return MAP_REGION_MESSAGES.uploadMissing;
  if (!/\.pmtiles$/i.test(file.name)) return MAP_REGION_MESSAGES.uploadNotPmtiles;
  if (file.size > MAP_REGION_LIMITS.uploadMaxBytes) return MAP_REGION_MESSAGES.uploadTooLarge;
  return null;
}

/** How far an upload is, 0..1 of `bytes`: '340 KB of 1.2 MB sent'. */
export function uploadProgressText(fraction: number, bytes: number): string {
  const share = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return `${sizeText(Math.round(share * bytes))} of ${sizeText(bytes)} sent`;
}
