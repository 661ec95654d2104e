import { MAP_KIND_FILTERS, type MapKindFilter } from '@siplog/contracts';

/** The map's filters (issues 19 and 31), as the URL keeps them: `/?kind=boba&top=1&open=1&work=1`. */
export interface MapFilters {
  kind: MapKindFilter | null;
  top: boolean;
  /** Open now, in each place's own time zone. */
  open: boolean;
  /** Good for working: Wi-Fi and outlets confirmed, laptop-friendly not denied. */
  work: boolean;
}

export const NO_MAP_FILTERS: MapFilters = { kind: null, top: false, open: false, work: false };

/** The on/off filters and the URL parameter each is kept in. */
const FLAG_PARAMS = { top: 'top', open: 'open', work: 'work' } as const satisfies Record<string, string>;
type FlagFilter = keyof typeof FLAG_PARAMS;
const FLAG_FILTERS = Object.keys(FLAG_PARAMS) as FlagFilter[];

/** The filters a URL asks for; anything else in it (an unknown kind, top=yes) is ignored, not an error. */
export function mapFiltersOf(search: URLSearchParams): MapFilters {
  const kind = search.get('kind');
  const flags = Object.fromEntries(FLAG_FILTERS.map((flag) => [flag, search.get(FLAG_PARAMS[flag]) === '1'])) as Record<FlagFilter, boolean>;
  return { kind: (MAP_KIND_FILTERS as readonly string[]).includes(kind ?? '') ? (kind as MapKindFilter) : null, ...flags };
}

/** The URL's search parameters with these filters, keeping any others; none for no filter. */
export function withMapFilters(search: URLSearchParams, filters: MapFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filters.kind) next.set('kind', filters.kind);
  else next.delete('kind');
  for (const flag of FLAG_FILTERS) {
    if (filters[flag]) next.set(FLAG_PARAMS[flag], '1');
    else next.delete(FLAG_PARAMS[flag]);
  }
  return next;
}

/** What place.inBounds takes beside the box: only what is on, so an unfiltered map shares one cached answer. */
export function inBoundsFilter(filters: MapFilters): { kind?: MapKindFilter; top?: true; open?: true; working?: true } {
  return {
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.top ? { top: true as const } : {}),
    ...(filters.open ? { open: true as const } : {}),
    ...(filters.work ? { working: true as const } : {}),
  };
}
