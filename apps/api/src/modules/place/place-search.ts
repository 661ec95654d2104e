import { PLACE_LIMITS, type PlaceInfo, type PlaceSearchResult } from '@siplog/contracts';
import type { GazetteerEntry, GazetteerService } from '../map/gazetteer.service';
import { boxAround, distanceMeters, type LatLng } from '../../common/geo';
import type { PinRow, PlaceRepository } from './place.repository';
import { areaResultOf, establishmentResultOf } from './place.views';

/**
 * Place search behind one interface (design §5), chosen at start-up: offline (our establishments through
 * FTS5 or its PostgreSQL twin, plus the bundled gazetteer) or, with MAPBOX_TOKEN, Mapbox's geocoding and POI
 * search plus ours.
 */
export interface PlaceSearch {
  search(query: string, center: LatLng | null): Promise<PlaceSearchResult[]>;
  /**
   * A provider place this server itself got from the provider (in a recent search), or null: placeselected
   * creates a place only from these, never from what a client sends.
   */
  providerPlace(placeId: string): Promise<PlaceInfo | null>;
}

export const PLACE_SEARCH = Symbol('PLACE_SEARCH');

/** Our establishments split in two: those near the centre (nearest first), then the rest by text rank. */
export interface EstablishmentHits {
  near: PlaceSearchResult[];
  other: PlaceSearchResult[];
}

/** Keeps the first result of each id, up to the cap of one answer. */
export function mergeResults(...groups: PlaceSearchResult[][]): PlaceSearchResult[] {
  const seen = new Set<string>();
  const merged: PlaceSearchResult[] = [];
  for (const result of groups.flat()) {
    if (seen.has(result.id)) continue;
    seen.add(result.id);
    merged.push(result);
    if (merged.length === PLACE_LIMITS.searchResultsMax) break;
  }
  return merged;
}

/** Areas within this of the map's centre come first; the gazetteer is asked for this many more to find them. */
const AREA_NEAR_METERS = 50_000;
const AREA_CANDIDATES_PER_RESULT = 4;

export class OfflinePlaceSearch implements PlaceSearch {
  constructor(
    private readonly places: PlaceRepository,
    private readonly gazetteer: GazetteerService,
  ) {}

  async search(query: string, center: LatLng | null): Promise<PlaceSearchResult[]> {
    const { near, other } = await this.establishments(query, center);
    return mergeResults(near, this.areas(query, center), other);
  }

  /** No provider offline: places are added with addplace. */
  async providerPlace(): Promise<PlaceInfo | null> {
    return null;
  }

  /** User text becomes prefix terms (see placeSearchQuery), so quotes, operators, `*`, NEAR and parentheses are only text. */
  async establishments(query: string, center: LatLng | null): Promise<EstablishmentHits> {
    const match = this.places.searchQuery(query);
    if (!match) return { near: [], other: [] };
    let near: PinRow[] = [];
    if (center) {
      near = (await this.places.searchTextInBox(match, boxAround(center, PLACE_LIMITS.searchNearbyMeters), PLACE_LIMITS.searchResultsMax))
        .map((row) => ({ row, distance: distanceMeters(center, row) }))
        .filter(({ distance }) => distance <= PLACE_LIMITS.searchNearbyMeters)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, PLACE_LIMITS.searchNearbyMax)
        .map(({ row }) => row);
    }
    const nearIds = new Set(near.map((row) => row.id));
    const other = (await this.places.searchText(match, PLACE_LIMITS.searchResultsMax)).filter((row) => !nearIds.has(row.id));
    return { near: near.map(establishmentResultOf), other: other.map(establishmentResultOf) };
  }

  /**
   * Cities and neighbourhoods of the bundled gazetteer; with the map's centre, those around it first (a community
   * whose map opens on its own region finds its own 'Baixa' before a bigger one abroad).
   */
  areas(query: string, center: LatLng | null = null): PlaceSearchResult[] {
    const max = PLACE_LIMITS.searchAreasMax;
    let found = this.gazetteer.search(query, center ? max * AREA_CANDIDATES_PER_RESULT : max);
    if (center) {
      const around = (entry: GazetteerEntry) => distanceMeters(center, entry) <= AREA_NEAR_METERS;
      found = [...found.filter(around), ...found.filter((entry) => !around(entry))].slice(0, max);
    }
    return found.map((entry) => areaResultOf(entry, entry.kind === 'neighbourhood' ? this.gazetteer.nearest(entry.lat, entry.lng) : null));
  }
}
