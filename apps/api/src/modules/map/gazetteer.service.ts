import { Injectable } from '@nestjs/common';
import { nameKey, type GazetteerEntry } from '@siplog/basemap';
import { distanceMeters, METERS_PER_DEGREE_LAT } from '../../common/geo';
import { BasemapHandle } from './basemap.provider';

export type { GazetteerEntry } from '@siplog/basemap';

const MAX_TERMS = 6;
const MAX_TERM_LENGTH = 40;
const MAX_LIMIT = 50;
/** Search radii for nearest(), in degrees of latitude: widened until something is found. */
const NEAREST_RADII = [0.1, 0.4, 1.5, 6, 25];

/**
 * The offline gazetteer (design §5): GeoNames cities (population ≥ 1000) and Chicago neighbourhoods from
 * the built basemap file. Every method answers empty when the file is missing.
 */
@Injectable()
export class GazetteerService {
  constructor(private readonly handle: BasemapHandle) {}

  /** Places whose names start with the words typed, ranked by text match and population. */
  search(text: string, limit: number): GazetteerEntry[] {
    const match = ftsPrefixQuery(text);
    const basemap = this.handle.basemap;
    if (!match || !basemap) return [];
    return basemap.search(match, Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit) || 1)));
  }

  /** The nearest city (not neighbourhood) to a point, or null far from any. */
  nearest(lat: number, lng: number): GazetteerEntry | null {
    const basemap = this.handle.basemap;
    if (!basemap || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    const lngScale = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
    for (const radius of NEAREST_RADII) {
      const lngRadius = Math.min(180, radius / lngScale);
      let best: GazetteerEntry | null = null;
      let bestDistance = Infinity;
      for (const entry of basemap.within(lat - radius, lat + radius, lng - lngRadius, lng + lngRadius)) {
        if (entry.kind !== 'city') continue;
        const distance = distanceMeters({ lat, lng }, entry);
        if (distance < bestDistance) [best, bestDistance] = [entry, distance];
      }
      // Only trust a hit inside the circle the box encloses; a nearer one may sit outside the box's corner.
      if (best && bestDistance <= radius * METERS_PER_DEGREE_LAT) return best;
    }
    return null;
  }

  /**
   * The place with exactly this name (case and diacritics ignored), the most populous first. Also takes
   * slugs: 'wicker-park', and 'chicago-il' or 'paris-fr' where the last word is a state or country code.
   */
  findByName(name: string): GazetteerEntry | null {
    const basemap = this.handle.basemap;
    const key = typeof name === 'string' ? nameKey(name.slice(0, 200)) : '';
    if (!basemap || !key) return null;
    const exact = basemap.byNameKey(key)[0];
    if (exact) return exact;
    const words = key.split(' ');
    const withRegion = (placeWords: number, accept: (entry: GazetteerEntry, region: string[]) => boolean) => {
      if (words.length <= placeWords || placeWords < 1) return null;
      const region = words.slice(placeWords).map((word) => word.toUpperCase());
      return basemap.byNameKey(words.slice(0, placeWords).join(' ')).find((entry) => accept(entry, region)) ?? null;
    };
    // 'chicago-il' or 'paris-fr', then 'springfield-il-us'
    return (
      withRegion(words.length - 1, (entry, [region]) => entry.state.toUpperCase() === region || entry.country === region) ??
      withRegion(words.length - 2, (entry, [state, country]) => entry.state.toUpperCase() === state && entry.country === country)
    );
  }
}

/**
 * User text as an FTS5 expression that cannot fail: each word becomes a quoted prefix term ("word"*),
 * so quotes, AND/OR/NOT/NEAR, *, :, ^ and parentheses are only ever text. Null when nothing is searchable.
 */
export function ftsPrefixQuery(text: string): string | null {
  if (typeof text !== 'string') return null;
  const words = text.slice(0, 200).match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, MAX_TERMS).map((word) => `"${word.slice(0, MAX_TERM_LENGTH)}"*`);
  return terms.length > 0 ? terms.join(' ') : null;
}
