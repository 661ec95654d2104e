import { LIMITS, PLACE_LIMITS } from '@siplog/contracts';
import type { LatLng } from '../../features/map/map-types';
import type { PlaceSearchResult, ProviderPlaceInfo } from './place-types';

/** The text worth sending to place.search, or null while it is too short. */
export function searchTerm(typed: string): string | null {
  const term = typed.trim().slice(0, PLACE_LIMITS.searchQueryMax);
  return term.length >= PLACE_LIMITS.searchQueryMin ? term : null;
}

/** What choosing a search result does to the map. */
export type SearchAction =
  | { type: 'fly'; center: LatLng; zoom: number }
  | { type: 'openEstablishment'; establishmentId: number; center: LatLng }
  | { type: 'selectProviderPlace'; placeInfo: ProviderPlaceInfo; center: LatLng };

export function searchAction(result: PlaceSearchResult): SearchAction {
  const center = { lat: result.lat, lng: result.lng };
  if (result.kind === 'establishment' && result.establishment_id !== undefined) {
    return { type: 'openEstablishment', establishmentId: result.establishment_id, center };
  }
  if (result.kind === 'place' && result.place_info) {
    return { type: 'selectProviderPlace', placeInfo: result.place_info, center };
  }
  return { type: 'fly', center, zoom: result.zoom ?? LIMITS.mapZoomAfterSearch };
}

/** A result's kind in words, for its row in the list. */
export function resultKindLabel(kind: PlaceSearchResult['kind']): string {
  return { establishment: 'On Siplog', place: 'Place', area: 'Area' }[kind];
}
