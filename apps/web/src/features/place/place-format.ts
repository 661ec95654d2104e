/** Small display rules of the place screens (spec §2 Establishment page, Test feed card). */
import { formatAddressLine, formatCount, formatPlaceLabel, type AddressParts } from '@siplog/contracts';

/** `/view/{param}`: digits name an establishment (the place page); anything else names an area. */
export function isEstablishmentId(param: string): boolean {
  return /^[1-9]\d{0,15}$/.test(param);
}

/**
 * The address line ('1 Main St, Chicago, IL 60601, US'): the shared contracts rule, under the name the place
 * screens and the map use.
 */
export const addressLine = formatAddressLine;

/** Street and city only (the test feed card, the map's list): 'street, city', or the city alone. */
export function streetAndCity({ street, city }: Pick<AddressParts, 'street' | 'city'>): string {
  return formatPlaceLabel({ street, city, state: '' });
}

/** '1 review', '12 reviews', '1.2K reviews'. */
export function reviewCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/** '1 follower', '12 followers', '2.5K followers': the followers link's text. */
export function followersLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'follower' : 'followers'}`;
}

/**
 * Directions to the place in the person's own map app. Google's universal Maps URL opens the Google Maps app on
 * Android and iOS when installed and the website elsewhere, so one link serves every device (a `geo:` URI does
 * nothing on desktops and iPhones).
 */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** The average rating as a number for the stars, or null when the place has none yet ('' from the API). */
export function ratingValue(rating: string): number | null {
  const value = Number.parseFloat(rating);
  return Number.isFinite(value) && value > 0 ? value : null;
}
