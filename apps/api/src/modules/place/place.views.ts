import { formatPlaceLabel, formatRating, PLACE_LIMITS, type Area, type OpenInterval, type PinHours, type PlacePin, type PlaceSearchResult } from '@siplog/contracts';
import { WORKING_AMENITY_BITS } from '@siplog/db';
import type { GazetteerEntry } from '../map/gazetteer.service';
import type { PinRow } from './place.repository';

/** Pure mappings from rows to the answer shapes of the place calls. */

/** Pins rank and count by the trigger-kept totals (every review), which is what makes the bounds query cheap. */
export function pinOf(row: PinRow): PlacePin {
  return {
    establishment_id: row.id,
    place_id: row.placeId,
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    lat: row.lat,
    lng: row.lng,
    posts: row.postCount,
    rating: formatRating(row.ratingSum, row.postCount),
    hours: pinHoursOf(row),
    good_for_working: goodForWorking(row),
  };
}

/**
 * A pin's hours from the two intervals its row keeps (issue 31): they tell the whole truth until the second ends, or,
 * with no second within the evaluated window, until the window's end.
 */
function pinHoursOf(row: PinRow): PinHours | null {
  if (row.timeZone === null || row.hoursUntil === null) return null;
  const intervals: OpenInterval[] = [];
  if (row.openFrom !== null && row.openUntil !== null) intervals.push([Number(row.openFrom), Number(row.openUntil)]);
  if (row.nextFrom !== null && row.nextUntil !== null) intervals.push([Number(row.nextFrom), Number(row.nextUntil)]);
  const until = intervals.length === 2 ? intervals[1][1] : Number(row.hoursUntil);
  return { time_zone: row.timeZone, intervals, until };
}

/** GOOD_FOR_WORKING over the bits kept from reviewers' answers: the masks the bounds query's WORKING_PLACES_SQL is built on. */
export function goodForWorking(row: { amenitiesYes: number; amenitiesNo: number }): boolean {
  const { confirmed, notDenied } = WORKING_AMENITY_BITS;
  return (row.amenitiesYes & confirmed) === confirmed && (row.amenitiesNo & notDenied) === 0;
}

export function establishmentResultOf(row: PinRow): PlaceSearchResult {
  return {
    kind: 'establishment',
    id: `establishment:${row.id}`,
    name: row.name,
    label: formatPlaceLabel(row),
    lat: row.lat,
    lng: row.lng,
    establishment_id: row.id,
    zoom: PLACE_LIMITS.zoomForEstablishment,
  };
}

export function areaOf(entry: GazetteerEntry): Area {
  return { name: entry.name, kind: entry.kind, state: entry.state, country: entry.country, lat: entry.lat, lng: entry.lng };
}

/** `label` is "City, ST" (a neighbourhood shows the city it lies in, when known). */
export function areaResultOf(entry: GazetteerEntry, city: GazetteerEntry | null): PlaceSearchResult {
  const within = entry.kind === 'neighbourhood' && city ? city : entry;
  return {
    kind: 'area',
    id: `area:${entry.id}`,
    name: entry.name,
    // US states by their code ('Springfield, IL'); elsewhere GeoNames' region codes are numbers, so the country ('Teapa, MX').
    label: formatPlaceLabel({ street: '', city: within.name, state: (within.country === 'US' && within.state) || within.country }),
    lat: entry.lat,
    lng: entry.lng,
    zoom: entry.kind === 'city' ? PLACE_LIMITS.zoomForCity : PLACE_LIMITS.zoomForNeighbourhood,
  };
}
