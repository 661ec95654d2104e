import type { LatLng } from '../../map/map-types';

/** A tenth of a degree (about 11 km): panning around a neighbourhood keeps the same suggestions, a city away asks anew. */
const STEP = 10;

/**
 * The point user.followSuggestions is asked about for a map centre: rounded, so small pans neither refetch nor
 * reshuffle the list someone is following from, with the longitude brought back into -180..180 (a map panned across
 * the antimeridian reports 190) and the latitude held inside -90..90, as the API's input asks.
 */
export function suggestionPoint({ lat, lng }: LatLng): LatLng {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return {
    lat: Math.min(90, Math.max(-90, Math.round(lat * STEP) / STEP)),
    lng: Math.min(180, Math.max(-180, Math.round(wrapped * STEP) / STEP)),
  };
}
