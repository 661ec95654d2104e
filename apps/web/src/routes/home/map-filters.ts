import { MAP_KIND_FILTERS, type MapKindFilter } from '@siplog/contracts';

/** The map's filters (issue 19), as the URL keeps them: `/?kind=boba&top=1`. */
export interface MapFilters {
  kind: MapKindFilter | null;
  top: boolean;
}

export const NO_MAP_FILTERS: MapFilters = { kind: null, top: false };

/** The filters a URL asks for; anything else in it (an unknown kind, top=yes) is ignored, not an error. */
export function mapFiltersOf(search: URLSearchParams): MapFilters {
  const kind = search.get('kind');
  return {
    kind: (MAP_KIND_FILTERS as readonly string[]).includes(kind ?? '') ? (kind as MapKindFilter) : null,
    top: search.get('top') === '1',
  };
}

/** The URL's search parameters with these filters, keeping any others; none for no filter. */
export function withMapFilters(search: URLSearchParams, filters: MapFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filters.kind) next.set('kind', filters.kind);
  else next.delete('kind');
  if (filters.top) next.set('top', '1');
  else next.delete('top');
  return next;
}

/** What place.inBounds takes beside the box. */
export function inBoundsFilter(filters: MapFilters): { kind?: MapKindFilter; top?: true } {
  return { ...(filters.kind ? { kind: filters.kind } : {}), ...(filters.top ? { top: true as const } : {}) };
}
