import { LIMITS, slugify, type PlaceInfo, type PlaceSearchResult } from '@siplog/contracts';
import type { LatLng } from '../../features/map/map-types';

/** An area the map moved to, and the address of its page. */
export interface AreaLink {
  name: string;
  /** `/view/{slug}`: the area page. */
  path: string;
}

/**
 * The area page of an area result. Its label ends with the area's state or country code ('Chicago, IL',
 * 'Paris, 11'): name and code make a slug the area page finds again ('wicker-park-il', 'springfield-il'), the
 * right Springfield among many. A label without a code gives the name alone (the best-known place of that name).
 */
export function areaLink(result: Pick<PlaceSearchResult, 'name' | 'label'>): AreaLink {
  const parts = result.label.split(',');
  const region = parts.length > 1 ? parts[parts.length - 1].trim() : '';
  const code = /^[\p{L}\p{N}]{1,3}$/u.test(region) ? region : '';
  return { name: result.name, path: `/view/${slugify(result.name, code)}` };
}

/** What choosing a search result does to the map. Every result moves the map to the after-search zoom (spec §9). */
export type SearchAction =
  | { type: 'fly'; center: LatLng; zoom: number; area: AreaLink | null }
  | { type: 'openEstablishment'; establishmentId: number; center: LatLng; zoom: number }
  | { type: 'selectProviderPlace'; placeInfo: PlaceInfo; center: LatLng; zoom: number };

export function searchAction(result: PlaceSearchResult): SearchAction {
  const center = { lat: result.lat, lng: result.lng };
  const zoom = LIMITS.mapZoomAfterSearch;
  if (result.kind === 'establishment' && result.establishment_id !== undefined) {
    return { type: 'openEstablishment', establishmentId: result.establishment_id, center, zoom };
  }
  if (result.kind === 'place' && result.place_info) {
    return { type: 'selectProviderPlace', placeInfo: result.place_info, center, zoom };
  }
  return { type: 'fly', center, zoom, area: result.kind === 'area' ? areaLink(result) : null };
}

/** A result's kind in words, for its row in the list. */
export function resultKindLabel(kind: PlaceSearchResult['kind']): string {
  return { establishment: 'On Siplog', place: 'Place', area: 'Area' }[kind];
}
