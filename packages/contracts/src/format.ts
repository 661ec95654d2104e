/** Small text rules the spec states for inputs and displays, shared by the API and the web app. */
import { LIMITS } from './limits';

const PHONE_DIGITS = 10;

/** Spec §5 Login: spaces are stripped from an e-mail and it is lower-cased (as typed, and again on the server). */
export function normalizeEmail(raw: string): string {
  return raw.replace(/\s/g, '').toLowerCase();
}

/** Keeps digits only and inserts hyphens after the 3rd and 6th digit: 5555555555 -> 555-555-5555. */
export function formatPhoneInput(raw: string, maxLength: number = LIMITS.phoneMax): string {
  const digits = raw.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean);
  return parts.join('-').slice(0, maxLength);
}

export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;

/** First letter upper case, the rest lower case (spec §5 Registration). */
export function capitalizeName(name: string): string {
  const trimmed = name.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1).toLowerCase();
}

/** Values of 1000 or more show as thousands with one decimal and a K suffix (1234 -> 1.2K). */
export function formatCount(value: number): string {
  if (value < 1000) return String(value);
  return `${(Math.floor(value / 100) / 10).toFixed(1)}K`;
}

/** First 5 characters of the base name plus the extension (spec §5 Add review). */
export function shortFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return fileName.slice(0, 5);
  return fileName.slice(0, Math.min(dot, 5)) + fileName.slice(dot);
}

/** Month/day/year, as posts show their dates. */
export function formatPostDate(date: Date | string | number): string {
  const d = new Date(date);
  return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
}

/**
 * A place's displayed name (spec §9: cut to 20 characters). A cut name keeps its first 20 characters and ends in
 * '…', so it never stops mid-word without a sign; trailing spaces before the ellipsis are dropped.
 */
export function displayPlaceName(name: string, max: number = LIMITS.placeNameDisplayMax): string {
  const trimmed = name.trim();
  if (trimmed.length <= max) return trimmed;
  return `${trimmed.slice(0, max).trimEnd()}…`;
}

/** The parts of a place's address; empty strings are left out wherever they are shown. */
export interface AddressParts {
  street: string;
  city: string;
  state: string;
  zip: string;
  country?: string;
}

function joinParts(parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * A place's full address on one line: street, city, "STATE ZIP", country; empty parts are left out
 * ('1 Main St, Chicago, IL 60601, US'). State and zip share a part, as addresses are written.
 */
export function formatAddressLine({ street, city, state, zip, country }: AddressParts): string {
  const stateZip = [state, zip].map((part) => part.trim()).filter(Boolean).join(' ');
  return joinParts([street, city, stateZip, country ?? '']);
}

/**
 * The second line of a search result or pin: "street, city" when the street is known, else "city, state"
 * ('2521 N Milwaukee Ave, Chicago'; 'Chicago, IL'). An area passes its name as `city` and no street.
 */
export function formatPlaceLabel({ street, city, state }: Pick<AddressParts, 'street' | 'city' | 'state'>): string {
  return street.trim() ? joinParts([street, city]) : joinParts([city, state]);
}
