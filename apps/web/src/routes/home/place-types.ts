/** The place procedures' answers the home page reads (place.inBounds, place.search). */

export interface PlacePin {
  establishment_id: number;
  place_id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
  posts: number;
  /** The average with one decimal ('4.5'), '' when unrated. */
  rating: string;
}

/** What the map, the list and the card need of a place (a pin, or an establishment the API answered). */
export type PlaceSummary = Omit<PlacePin, 'place_id'>;

export interface ProviderPlaceInfo {
  place_id: string;
  name: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  lat: number;
  lng: number;
}

export interface PlaceSearchResult {
  kind: 'establishment' | 'place' | 'area';
  id: string;
  name: string;
  label: string;
  lat: number;
  lng: number;
  establishment_id?: number;
  place_info?: ProviderPlaceInfo;
  zoom?: number;
}
