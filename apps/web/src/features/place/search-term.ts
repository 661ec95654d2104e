import { PLACE_LIMITS } from '@siplog/contracts';

/** The text worth sending to place.search, or null while it is too short (the map's search and Quick Post's alike). */
export function searchTerm(typed: string): string | null {
  const term = typed.trim().slice(0, PLACE_LIMITS.searchQueryMax);
  return term.length >= PLACE_LIMITS.searchQueryMin ? term : null;
}
