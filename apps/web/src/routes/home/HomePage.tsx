import { DEFAULT_MAP_CENTER, LIMITS, type PlaceSearchResult } from '@siplog/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { loadedMapConfig, loadMapConfig, startMapLoad } from '../../features/map/load-engine';
import { MapView, type MapViewHandle } from '../../features/map/MapView';
import type { LatLng } from '../../features/map/map-types';
import type { MapStatus } from '../../features/map/useMapEngine';
import { boundsAround } from '../../features/map/view-bounds';
import { MapQuickPostButton } from '../../features/post/quick-post/QuickPostButton';
import { PostsSection } from '../../features/post/feed/PostsSection';
import { useSession } from '../../features/session/useSession';
import { useWantToTryIds } from '../../features/want-to-try/useWantToTry';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AddPlaceForm } from './AddPlaceForm';
import { HomePanel } from './HomePanel';
import { MapFilterChips } from './MapFilterChips';
import { mapFiltersOf, withMapFilters } from './map-filters';
import { MapStatusBar } from './MapStatusBar';
import { toMapPin, type PlaceSummary } from './place-pins';
import { PlacePopup } from './PlacePopup';
import { PlaceSearchBox } from './PlaceSearchBox';
import { PlacesInViewSection } from './PlacesInViewSection';
import { searchAction, type AreaLink } from './search-actions';
import { useBrowserLocation } from './useBrowserLocation';
import { usePlacesInView } from './usePlacesInView';
import './home.css';

/** Someone on another server, found by handle (issue 30): loaded only when someone types one. */
const RemotePersonDialog = lazy(() => import('../../features/federation/RemotePersonDialog').then((module) => ({ default: module.RemotePersonDialog })));

// The map's config, engine and worker start loading with this page's code, not after its first render.
startMapLoad();

type Adding = { step: 'off' } | { step: 'picking' } | { step: 'form'; at: LatLng };

const unknownAddress = { street: '', city: '', state: '', rating: '', posts: 0, hours: null, good_for_working: false };

/** Hands map.config's start centre (MAP_CENTER, or the first map region's) to `onStart` once, when the server names one. */
function useServerStartCenter(onStart: (center: LatLng) => void): void {
  const latest = useRef(onStart);
  useEffect(() => {
    latest.current = onStart;
  });
  useEffect(() => {
    let active = true;
    loadMapConfig().then(
      (config) => {
        if (active && config.center) latest.current(config.center);
      },
      // Logged by loadMapConfig; the map shows its own failure.
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
}

/** The map home (spec §2): search, pins of the places in view, the place card and the Activity panel. */
export function HomePage() {
  useDocumentTitle('Map');
  const session = useSession();
  const navigate = useNavigate();
  const map = useRef<MapViewHandle>(null);
  // The server's start centre (MAP_CENTER, or its first map region's) when the config is already here; see below otherwise.
  const [center, setCenter] = useState<LatLng>(() => loadedMapConfig()?.center ?? DEFAULT_MAP_CENTER);
  const [viewCenter, setViewCenter] = useState<LatLng | null>(null);
  const [mapStatus, setMapStatus] = useState<MapStatus>('loading');
  const [selected, setSelected] = useState<PlaceSummary | null>(null);
  const [adding, setAdding] = useState<Adding>({ step: 'off' });
  const [remoteHandle, setRemoteHandle] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [area, setArea] = useState<AreaLink | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => mapFiltersOf(searchParams), [searchParams]);
  const places = usePlacesInView(filters);
  const { loadAfterNextMove, load } = places;
  const utils = trpc.useUtils();
  const selectProviderPlace = trpc.place.select.useMutation();
  const noMap = mapStatus === 'unsupported';

  const located = useRef(false);
  useBrowserLocation((location) => {
    located.current = true;
    loadAfterNextMove();
    setCenter(location);
  });

  // The config arrives before the engine's code, so the map is made at the server's centre rather than flying there;
  // the person's own position, when the browser gives it, wins whichever comes first.
  useServerStartCenter((start) => {
    if (located.current) return;
    loadAfterNextMove();
    setCenter(start);
  });

  // Without a map, the list shows the places a map of this window would show.
  useEffect(() => {
    if (noMap) load(boundsAround(center, LIMITS.mapZoom, window.innerWidth, window.innerHeight));
  }, [noMap, center, load]);

  const wanted = useWantToTryIds();
  const pins = useMemo(() => {
    const shown = places.places.map((place) => toMapPin(place, wanted.has(place.establishment_id)));
    if (selected && !places.places.some((place) => place.establishment_id === selected.establishment_id)) {
      shown.push(toMapPin(selected, wanted.has(selected.establishment_id)));
    }
    return shown;
  }, [places.places, selected, wanted]);

  /** Selects a place; with `flyZoom` the map flies to it at that zoom. */
  const select = useCallback(
    (place: PlaceSummary, flyZoom?: number) => {
      setAdding({ step: 'off' });
      setPanelOpen(false);
      if (noMap) {
        navigate(`/view/${place.establishment_id}`);
        return;
      }
      setSelected(place);
      if (flyZoom !== undefined) map.current?.flyTo({ lat: place.lat, lng: place.lng }, flyZoom);
    },
    [navigate, noMap],
  );

  const onPinSelect = (id: number) => {
    const place = places.places.find((candidate) => candidate.establishment_id === id) ?? (selected?.establishment_id === id ? selected : null);
    if (place) select(place);
  };

  const chooseResult = async (result: PlaceSearchResult) => {
    const action = searchAction(result);
    loadAfterNextMove();
    setArea(action.type === 'fly' ? action.area : null);
    if (action.type === 'fly') {
      setSelected(null);
      if (noMap) setCenter(action.center);
      else map.current?.flyTo(action.center, action.zoom);
      return;
    }
    const fromSearch = { name: result.name, lat: action.center.lat, lng: action.center.lng, ...unknownAddress };
    if (action.type === 'openEstablishment') {
      select({ ...fromSearch, establishment_id: action.establishmentId }, action.zoom);
      return;
    }
    try {
      const { establishment } = await selectProviderPlace.mutateAsync({ place_info: action.placeInfo });
      select(establishment, action.zoom);
    } catch (error) {
      logToServer('error', describeFailure('Place select failed', error));
    }
  };

  const onMapClick = (point: LatLng) => {
    if (adding.step === 'picking') setAdding({ step: 'form', at: point });
    else setSelected(null);
  };

  const onPlaceAdded = (place: PlaceSummary) => {
    setAdding({ step: 'off' });
    setSelected(place);
    void utils.place.inBounds.invalidate();
  };

  const popup =
    adding.step === 'form'
      ? { at: adding.at, content: <AddPlaceForm at={adding.at} onAdded={onPlaceAdded} onCancel={() => setAdding({ step: 'off' })} /> }
      : selected
        ? { at: selected, content: <PlacePopup key={selected.establishment_id} place={selected} onClose={() => setSelected(null)} /> }
        : null;

  return (
    <div className={`home${noMap ? ' home--no-map' : ''}${adding.step === 'picking' ? ' home--picking' : ''}`}>
      <div className="home__map-area">
        <MapView
          ref={map}
          className="home__map"
          center={center}
          zoom={LIMITS.mapZoom}
          pins={pins}
          selectedId={selected?.establishment_id ?? null}
          onPinSelect={onPinSelect}
          onOpeningView={load}
          onMoveEnd={(bounds, at) => {
            setViewCenter(at);
            places.onViewSettled(bounds);
          }}
          onMapClick={onMapClick}
          onStatusChange={setMapStatus}
          popup={popup}
          unsupportedHint="The places nearby are listed below."
        />
        <div className="home__top">
          <PlaceSearchBox near={viewCenter ?? center} onChoose={(result) => void chooseResult(result)} onFindPerson={setRemoteHandle} />
          {remoteHandle && (
            <Suspense fallback={null}>
              <RemotePersonDialog handle={remoteHandle} signedIn={session !== null} onClose={() => setRemoteHandle(null)} />
            </Suspense>
          )}
          <MapQuickPostButton />
          {session && !noMap && (
            <button
              type="button"
              className={`home__add button button--small${adding.step === 'off' ? '' : ' is-active'}`}
              aria-pressed={adding.step !== 'off'}
              onClick={() => {
                setSelected(null);
                setAdding(adding.step === 'off' ? { step: 'picking' } : { step: 'off' });
              }}
            >
              <span aria-hidden="true" className="home__add-plus">
                +
              </span>
              <span className="home__add-label">Add a place</span>
            </button>
          )}
        </div>
        <div className="home__filters">
          <MapFilterChips filters={filters} onChange={(next) => setSearchParams(withMapFilters(searchParams, next), { replace: true })} />
        </div>
        {!noMap && (
          <MapStatusBar
            picking={adding.step === 'picking'}
            onCancelPicking={() => setAdding({ step: 'off' })}
            canSearchArea={places.canSearchArea}
            onSearchArea={places.searchThisArea}
            loading={places.loading}
            tooWide={places.tooWide}
            // A place card takes the spot; the link returns when it closes.
            area={popup ? null : area}
            onDismissArea={() => setArea(null)}
          />
        )}
      </div>
      <HomePanel open={panelOpen} onToggle={setPanelOpen}>
        <PlacesInViewSection
          places={places.places}
          selectedId={selected?.establishment_id ?? null}
          loading={places.loading}
          failed={places.failed}
          tooWide={places.tooWide}
          truncated={places.truncated}
          // Choosing from the list keeps a closer look, else the default zoom (spec §9: 14).
          onSelect={(place) => select(place, Math.max(LIMITS.mapZoom, map.current?.getZoom() ?? 0))}
        />
        <PostsSection near={viewCenter ?? center} />
      </HomePanel>
    </div>
  );
}
