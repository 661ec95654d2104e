import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Bounds } from '../../features/map/map-types';
import { hasViewMoved, isQueryableView, normalizeBounds } from '../../features/map/view-bounds';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure, httpStatusOf } from '../../lib/trpc-errors';
import type { PlacePin } from '@siplog/contracts';
import { inBoundsFilter, type MapFilters } from './map-filters';

const NO_PLACES: PlacePin[] = [];
const OPEN_NOW_REFRESH_MS = 5 * 60_000;

/**
 * The places of the area last loaded, and whether the map now shows another one ('Search this area').
 * The first view loads by itself (from the map's estimate while the map still loads, then its real view
 * if that differs), and so does the view after a move the page made (a search, the person's location);
 * after the person's own pans and zooms they choose when to load. The map's filters (kind, 4.5+, open now, good for working) narrow every load;
 * they are part of the query's key, so the pins and the list change together when a filter does.
 */
export function usePlacesInView(filters: MapFilters) {
  const [loaded, setLoaded] = useState<Bounds | null>(null);
  const [view, setView] = useState<Bounds | null>(null);
  const loadNextView = useRef(true);

  // The filters apply to the area loaded: changing them reloads that area, not the one the map moved to since.
  const query = trpc.place.inBounds.useQuery({ ...(loaded ?? { west: 0, south: 0, east: 0, north: 0 }), ...inBoundsFilter(filters) }, {
    enabled: loaded !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // Open now goes stale as places open and close: the filtered pins are asked again now and then.
    refetchInterval: filters.open ? OPEN_NOW_REFRESH_MS : false,
  });

  useEffect(() => {
    if (query.error) logToServer('error', describeFailure('Places in view failed', query.error));
  }, [query.error]);

  /** Loads an area; one that differs from the loaded one by a pixel's jitter (the map's first view, after the estimate) is not asked again. */
  const load = useCallback((bounds: Bounds) => {
    const area = normalizeBounds(bounds);
    if (isQueryableView(area)) setLoaded((current) => (hasViewMoved(current, area) ? area : current));
  }, []);

  const onViewSettled = useCallback(
    (bounds: Bounds) => {
      setView(normalizeBounds(bounds));
      if (loadNextView.current && isQueryableView(normalizeBounds(bounds))) {
        loadNextView.current = false;
        load(bounds);
      }
    },
    [load],
  );

  const tooWide = (view !== null && !isQueryableView(view)) || httpStatusOf(query.error) === 400;
  return {
    places: query.data?.places ?? NO_PLACES,
    truncated: query.data?.truncated ?? false,
    loading: query.isFetching,
    failed: query.isError && !tooWide,
    tooWide,
    canSearchArea: view !== null && !tooWide && hasViewMoved(loaded, view) && loaded !== null,
    onViewSettled,
    searchThisArea: () => view && load(view),
    /** Load whatever view the map settles on next (after a move the page itself asked for). */
    loadAfterNextMove: () => {
      loadNextView.current = true;
    },
    /** Load this area now (when there is no map to report one). */
    load,
  };
}
