/** Places and the map: limits, messages, answer shapes and the slug rule, shared by the API and the web app. */
import type { AmenitySummary, OpenInterval, PlaceHours } from './place-hours';

export const PLACE_LIMITS = {
  /** Search text: fewer than 2 characters finds too much to be useful, more than 100 is not a place name. */
  searchQueryMin: 2,
  searchQueryMax: 100,
  /** Results of one place search, all kinds together. */
  searchResultsMax: 20,
  /** Our own places this close to the map's centre come first in search results, nearest first. */
  searchNearbyMeters: 10_000,
  searchNearbyMax: 8,
  /** Areas (cities, neighbourhoods) in one search answer. */
  searchAreasMax: 5,
  /** Pins in one bounds answer: the most reviewed first, `truncated` says there were more. */
  boundsPinsMax: 300,
  /**
   * The largest box a bounds query takes, in degrees: about a US state or two. A zoomed-out map asks for
   * a smaller box (or shows no pins) instead of shipping every place.
   */
  boundsMaxWidthDeg: 60,
  boundsMaxHeightDeg: 40,
  /** Two selections of one real place with the same name this close together are the same place. */
  duplicateRadiusMeters: 30,
  /** `loadestablishmentbylocation` with `lat,lng`: the nearest establishment this close. */
  locationMatchMeters: 50,
  /** Quick Post's 'Taken near X?': the known places this close to where a photo was taken, nearest first, at most photoNearMax. */
  photoNearMeters: 150,
  photoNearMax: 5,
  /** `suggestaddress`: the nearest city this close, else none. */
  citySuggestionMeters: 50_000,
  /** `suggestaddress`: the zip of the nearest establishment this close, else ''. */
  zipSuggestionMeters: 2000,
  /** `/view/{location}` for an area: establishments this close to its centre, nearest first. */
  areaRadiusCityMeters: 15_000,
  areaRadiusNeighbourhoodMeters: 3_000,
  areaEstablishmentsMax: 100,
  /** An establishment's images: file names of its reviews' photos, newest first. */
  establishmentImagesMax: 12,
  /** Where the map flies for a search result of each kind. */
  zoomForEstablishment: 16,
  zoomForNeighbourhood: 14,
  zoomForCity: 12,
  slugMax: 80,
  /** Provider details stored with a selected place, as JSON text. */
  detailsJsonMax: 4000,
} as const;

export const PLACE_SERVER_MESSAGES = {
  notFound: 'Place not found',
  /** placeselected for a provider place this server has not seen in a recent search (or at all, offline). */
  searchAgain: 'Place not found. Please search for the place again.',
  areaNotFound: 'No such city or neighbourhood.',
  nameRequired: 'Enter the name of the place.',
  boundsCrossAntimeridian: 'The map area must not cross the antimeridian (west must be less than east).',
  boundsTooLarge: `The map area is too large: zoom in to at most ${PLACE_LIMITS.boundsMaxWidthDeg}° by ${PLACE_LIMITS.boundsMaxHeightDeg}°.`,
  boundsInverted: 'The map area is empty (south must be less than north).',
  latitudeRange: 'Latitude must be between -90 and 90.',
  longitudeRange: 'Longitude must be between -180 and 180.',
  searchTooShort: `Type at least ${PLACE_LIMITS.searchQueryMin} characters.`,
  searchTooLong: `Search text must be at most ${PLACE_LIMITS.searchQueryMax} characters.`,
  detailsTooLarge: 'The place details are too large.',
} as const;

/** The place page's answer (design §3), plus `slug` and the spec's state aliases. */
export interface Establishment {
  establishment_id: number;
  place_id: string;
  slug: string;
  name: string;
  street: string;
  city: string;
  state: string;
  locstate: string;
  locationstate: string;
  zip: string;
  country: string;
  lat: number;
  lng: number;
  images: string[];
  posts: number;
  followers: number;
  rating: string;
  /** Opening hours (issue 31), null when nobody has set them. */
  hours: PlaceHours | null;
  /** What reviewers say of its amenities, in AMENITIES order; amenities nobody answered are absent. */
  amenities: AmenitySummary[];
  /** Wi-Fi and outlets confirmed, laptop-friendly not denied (GOOD_FOR_WORKING), as the map's filter reads it. */
  good_for_working: boolean;
}

/** A pin's hours: enough for its short status ('Open · closes 6 PM') for a while after the answer. */
export interface PinHours {
  time_zone: string;
  /** The current or next open interval and the one after (HOURS_LIMITS.pinIntervals). */
  intervals: OpenInterval[];
  /** Epoch ms up to which `intervals` tell the whole truth: later, the pin's status is unknown. */
  until: number;
}

/** A map pin: enough for the pin and its tooltip. */
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
  rating: string;
  /** Null when the place has no opening hours. */
  hours: PinHours | null;
  /** Wi-Fi and outlets confirmed, laptop-friendly not denied (GOOD_FOR_WORKING). */
  good_for_working: boolean;
}

/** What the web sends to `placeselected` for a provider's result. */
export interface PlaceInfo {
  place_id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  lat: number;
  lng: number;
}

export type PlaceSearchKind = 'establishment' | 'place' | 'area';

export interface PlaceSearchResult {
  kind: PlaceSearchKind;
  id: string;
  name: string;
  /** The second line: street and city, or "City, ST". */
  label: string;
  lat: number;
  lng: number;
  establishment_id?: number;
  /** For 'place' (a provider's) results. */
  place_info?: PlaceInfo;
  zoom?: number;
}

export type AreaKind = 'city' | 'neighbourhood';

export interface Area {
  name: string;
  kind: AreaKind;
  state: string;
  country: string;
  lat: number;
  lng: number;
}

/** An average rating as places show it: one decimal, '' when nobody rated yet. */
export function formatRating(sum: number, count: number): string {
  return count > 0 ? (sum / count).toFixed(1) : '';
}

/** A place's URL name: name and city, lower case, diacritics folded, anything else one dash ("Café Zoë, Chicago" -> "cafe-zoe-chicago"). */
export function slugify(name: string, city = ''): string {
  const slug = `${name} ${city}`
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, PLACE_LIMITS.slugMax)
    .replace(/^-+|-+$/g, '');
  return slug || 'place';
}

/** A `location` of the form "lat,lng" (as `/view/location/{location}` may carry), else null. */
export function parseLatLng(location: string): { lat: number; lng: number } | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(location);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
