/** Small display rules of the place screens (spec §2 Establishment page, Test feed card). */
import { formatCount } from '@siplog/contracts';

export interface AddressParts {
  street: string;
  city: string;
  state: string;
  zip: string;
  country?: string;
}

/** `/view/{param}`: digits name an establishment (the place page); anything else names an area. */
export function isEstablishmentId(param: string): boolean {
  return /^[1-9]\d{0,15}$/.test(param);
}

/**
 * The address line: street, city, state and zip, then the country when there is one; empty parts are left out
 * ('1 Main St, Chicago, IL 60601, US'). State and zip share a part, as addresses are written.
 */
export function addressLine({ street, city, state, zip, country }: AddressParts): string {
  const stateZip = [state, zip].map((part) => part.trim()).filter(Boolean).join(' ');
  return [street, city, stateZip, country ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** Street and city only (the test feed card). */
export function streetAndCity({ street, city }: Pick<AddressParts, 'street' | 'city'>): string {
  return [street, city].map((part) => part.trim()).filter(Boolean).join(', ');
}

/** '1 review', '12 reviews', '1.2K reviews'. */
export function reviewCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/** 'N followers', the spec's link text, with the count shorthand. */
export function followersLabel(count: number): string {
  return `${formatCount(count)} followers`;
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
