import { MAP_KIND_FILTER_LABELS, MAP_KIND_FILTERS, MAP_TOP_RATING_MIN } from '@siplog/contracts';
import type { ReactNode } from 'react';
import type { MapFilters } from './map-filters';

/** An on/off filter's chip. */
function ToggleChip({ on, label, onToggle, children }: { on: boolean; label?: string; onToggle: () => void; children: ReactNode }) {
  return (
    <button type="button" className="chip-button map-filters__chip" aria-pressed={on} aria-label={label} onClick={onToggle}>
      {children}
    </button>
  );
}

/**
 * Coffee, Tea, Boba (one at a time), 4.5+, Open now and Good for working over the map, combinable: pins, the places
 * list and 'Search this area' follow them.
 */
export function MapFilterChips({ filters, onChange }: { filters: MapFilters; onChange: (filters: MapFilters) => void }) {
  return (
    <div className="map-filters" role="group" aria-label="Filter places">
      {MAP_KIND_FILTERS.map((kind) => (
        <ToggleChip key={kind} on={filters.kind === kind} onToggle={() => onChange({ ...filters, kind: filters.kind === kind ? null : kind })}>
          {MAP_KIND_FILTER_LABELS[kind]}
        </ToggleChip>
      ))}
      <ToggleChip on={filters.top} label={`Rated ${MAP_TOP_RATING_MIN} or more`} onToggle={() => onChange({ ...filters, top: !filters.top })}>
        {MAP_TOP_RATING_MIN}+ <span aria-hidden="true">★</span>
      </ToggleChip>
      <ToggleChip on={filters.open} onToggle={() => onChange({ ...filters, open: !filters.open })}>
        Open now
      </ToggleChip>
      <ToggleChip on={filters.work} onToggle={() => onChange({ ...filters, work: !filters.work })}>
        Good for working
      </ToggleChip>
    </div>
  );
}
