import type { PlacePin } from '@siplog/contracts';
import type { MapPin } from '../../features/map/map-types';
import { reviewCountLabel } from '../../features/place/place-format';

/** What the map, the list and the card need of a place: a pin, or an establishment the API answered. */
export type PlaceSummary = Omit<PlacePin, 'place_id'>;

/** The tooltip's second line: '4.5 ★ · 12 reviews', or 'No reviews yet'. */
export function pinSummary(place: Pick<PlaceSummary, 'rating' | 'posts'>): string {
  if (place.posts === 0) return 'No reviews yet';
  return place.rating ? `${place.rating} ★ · ${reviewCountLabel(place.posts)}` : reviewCountLabel(place.posts);
}

/** A place's pin; one on the person's Want to try list is marked, and its tooltip says so. */
export function toMapPin(place: PlaceSummary, wanted = false): MapPin {
  const summary = pinSummary(place);
  return { id: place.establishment_id, lat: place.lat, lng: place.lng, label: place.name, extra: wanted ? `${summary} · Want to try` : summary, wanted };
}
