import type { Bbox } from './bbox';

/** What Siplog records in an archive's metadata (under `siplog`) when it adds a region. */
export interface SiplogRegionInfo {
  name: string;
  where: string;
  bbox: Bbox;
  minZoom: number;
  maxZoom: number;
  /** The URL or file the tiles came from. */
  source: string;
  bytesFetched: number;
  seconds: number;
  /** ISO 8601. */
  addedAt: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The siplog object of an archive's metadata, or null when it has none or it is malformed. */
export function readSiplogInfo(metadata: unknown): SiplogRegionInfo | null {
  if (metadata === null || typeof metadata !== 'object') return null;
  const info = (metadata as { siplog?: unknown }).siplog as Partial<SiplogRegionInfo> | undefined;
  if (!info || typeof info !== 'object') return null;
  const bbox = info.bbox as Partial<Bbox> | undefined;
  const wellFormed =
    typeof info.name === 'string' &&
    typeof info.where === 'string' &&
    typeof info.source === 'string' &&
    typeof info.addedAt === 'string' &&
    isNumber(info.minZoom) &&
    isNumber(info.maxZoom) &&
    isNumber(info.bytesFetched) &&
    isNumber(info.seconds) &&
    !!bbox &&
    isNumber(bbox.west) &&
    isNumber(bbox.south) &&
    isNumber(bbox.east) &&
    isNumber(bbox.north);
  return wellFormed ? (info as SiplogRegionInfo) : null;
}
