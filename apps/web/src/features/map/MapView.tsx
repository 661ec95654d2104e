import { LIMITS } from '@siplog/contracts';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { logToServer } from '../../lib/client-log';
import { useTheme } from '../../lib/theme';
import type { Bounds, LatLng, MapPin, ScreenPoint } from './map-types';
import { readPinColors } from './pin-colors';
import { useMapEngine, type MapStatus, type MapViewEvents } from './useMapEngine';
import { boundsAround } from './view-bounds';
import './map.css';

export interface MapViewHandle {
  flyTo: (center: LatLng, zoom?: number) => void;
  /** The visible area, or null while there is no map. */
  getBounds: () => Bounds | null;
  getZoom: () => number | null;
}

export interface MapViewProps {
  ref?: Ref<MapViewHandle>;
  /** Where the map looks; a later change flies there. */
  center: LatLng;
  zoom: number;
  minZoom?: number;
  pins: MapPin[];
  selectedId?: number | null;
  onPinSelect?: (id: number) => void;
  /**
   * The area the map will open on, told once before the engine has loaded (from the map's size), so the
   * page can fetch what it shows at the same time as the map loads.
   */
  onOpeningView?: (bounds: Bounds) => void;
  /** The camera settled on a view (also once for the first view). */
  onMoveEnd?: (bounds: Bounds, center: LatLng, zoom: number) => void;
  /** A click on the map away from any pin. */
  onMapClick?: (point: LatLng) => void;
  onStatusChange?: (status: MapStatus) => void;
  /** A card that stays beside a place as the map moves (a bottom sheet on phones, by CSS). */
  popup?: { at: LatLng; content: ReactNode } | null;
  /** What the map says when it cannot be drawn, after its own notice (e.g. where the list of places is). */
  unsupportedHint?: ReactNode;
  className?: string;
}

const noop = () => {};

/**
 * The one map of the app (design §5): pins with clusters, hover tooltips, a selected pin and an anchored card,
 * drawn by whichever engine the server's map config names, loaded lazily.
 */
export function MapView({
  ref,
  center,
  zoom,
  minZoom = LIMITS.mapMinZoom,
  pins,
  selectedId = null,
  onPinSelect = noop,
  onOpeningView = noop,
  onMoveEnd = noop,
  onMapClick = noop,
  onStatusChange = noop,
  popup = null,
  unsupportedHint,
  className = '',
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const popupElement = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ pin: MapPin; point: ScreenPoint } | null>(null);
  const [showsView, setShowsView] = useState(false);
  const placePopup = useRef<() => void>(noop);

  // The engine keeps one set of callbacks for its lifetime; they reach the latest props through this ref.
  const events = useRef<MapViewEvents>(null!);
  useLayoutEffect(() => {
    events.current = {
    onPinSelect: (id) => {
      setHover(null);
      onPinSelect(id);
    },
    onPinHover: (pin, point) => setHover(pin && point ? { pin, point } : null),
    // Attributes, not state: no render per flight; tests and styles can tell a moving map and its zoom.
    onMoveStart: () => frame.current?.setAttribute('data-moving', ''),
    onMoveEnd: (bounds, at, level) => {
      frame.current?.removeAttribute('data-moving');
      frame.current?.setAttribute('data-zoom', level.toFixed(2));
      setShowsView(true);
      onMoveEnd(bounds, at, level);
    },
    onMove: () => placePopup.current(),
    onMapClick,
    onError: (message) => logToServer('error', `Map: ${message}`),
    };
  });

  const { engine, status, retry } = useMapEngine({ container, initialCenter: center, initialZoom: zoom, minZoom, events });

  const openingViewTold = useRef(false);
  useLayoutEffect(() => {
    const element = container.current;
    if (openingViewTold.current || !element || status === 'unsupported') return;
    openingViewTold.current = true;
    onOpeningView(boundsAround(center, zoom, element.clientWidth, element.clientHeight));
  }, [status, center, zoom, onOpeningView]);

  // A new `center` (the person's location, say) moves the camera; the first one is where the map opened.
  const shownCenter = useRef(center);
  useEffect(() => {
    if (!engine || (shownCenter.current.lat === center.lat && shownCenter.current.lng === center.lng)) return;
    shownCenter.current = center;
    engine.flyTo(center, zoom);
  }, [engine, center, zoom]);

  useEffect(() => onStatusChange(status), [status, onStatusChange]);
  useEffect(() => engine?.setPins(pins), [engine, pins]);
  useEffect(() => engine?.setSelected(selectedId), [engine, selectedId]);
  // The dark theme has a dark map (issue 19), switched live with the app's.
  const { theme } = useTheme();
  useEffect(() => engine?.setTheme(theme, readPinColors()), [engine, theme]);

  useImperativeHandle(
    ref,
    () => ({
      flyTo: (to, level) => engine?.flyTo(to, level),
      getBounds: () => engine?.getBounds() ?? null,
      getZoom: () => engine?.getZoom() ?? null,
    }),
    [engine],
  );

  // Positioned by hand on every camera frame: a React render per frame would be far too slow.
  useLayoutEffect(() => {
    placePopup.current = () => {
      const element = popupElement.current;
      if (!element || !engine || !popup) return;
      const { x, y } = engine.project(popup.at);
      element.style.setProperty('--popup-x', `${Math.round(x)}px`);
      element.style.setProperty('--popup-y', `${Math.round(y)}px`);
    };
    placePopup.current();
  });

  if (status === 'unsupported') {
    return (
      <div className={`map-view map-view--notice ${className}`.trim()} role="status">
        <p className="map-view__notice-title">This browser cannot show the map</p>
        <p className="map-view__notice-text">The map needs WebGL 2, which is turned off or missing here. {unsupportedHint}</p>
      </div>
    );
  }

  return (
    <div ref={frame} className={`map-view ${className}`.trim()}>
      <div ref={container} className="map-view__canvas" aria-label="Map" role="region" />
      {status === 'loading' || (status === 'ready' && !showsView) ? <div className="map-view__loading" aria-hidden="true" /> : null}
      {status === 'failed' && (
        <div className="map-view__failure" role="alert">
          <p>The map could not be loaded.</p>
          <p className="map-view__failure-hint">Check your connection and try again.</p>
          <button type="button" className="button button--small button--primary" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {hover && !(popup && selectedId === hover.pin.id) && (
        <div className="map-tooltip" role="tooltip" style={{ left: hover.point.x, top: hover.point.y }}>
          <span className="map-tooltip__name">{hover.pin.label}</span>
          {hover.pin.extra && <span className="map-tooltip__extra">{hover.pin.extra}</span>}
        </div>
      )}
      {popup && engine && (
        <div ref={popupElement} className="map-popup">
          {popup.content}
        </div>
      )}
    </div>
  );
}
