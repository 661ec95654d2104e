import { MAP_KIND_FILTER_LABELS, MAP_KIND_FILTERS, MAP_TOP_RATING_MIN } from '@siplog/contracts';
import type { MapFilters } from './map-filters';

/** Coffee, Tea, Boba (one at a time) and 4.5+ over the map: pins, the places list and 'Search this area' follow them. */
export function MapFilterChips({ filters, onChange }: { filters: MapFilters; onChange: (filters: MapFilters) => void }) {
  return (
    <div className="map-filters" role="group" aria-label="Filter places">
      {MAP_KIND_FILTERS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="chip-button map-filters__chip"
          aria-pressed={filters.kind === kind}
          onClick={() => onChange({ ...filters, kind: filters.kind === kind ? null : kind })}
        >
          {MAP_KIND_FILTER_LABELS[kind]}
        </button>
      ))}
      <button
        type="button"
        className="chip-button map-filters__chip"
        aria-pressed={filters.top}
        aria-label={`Rated ${MAP_TOP_RATING_MIN} or more`}
        onClick={() => onChange({ ...filters, top: !filters.top })}
      >
        {MAP_TOP_RATING_MIN}+ <span aria-hidden="true">★</span>
      </button>
    </div>
  );
}
