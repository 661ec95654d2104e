import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { logToServer } from '../../lib/client-log';
import { errorMessage } from '../../lib/trpc-errors';
import { loadMap } from './load-engine';
import type { LatLng, MapEngine, MapEngineEvents } from './map-types';
import { readPinColors } from './pin-colors';
import { hasWebGL2 } from './webgl';

export type MapStatus = 'loading' | 'ready' | 'failed' | 'unsupported';

/** The engine's events MapView handles; a failed first load is this hook's (it turns into the 'failed' status). */
export type MapViewEvents = Omit<MapEngineEvents, 'onLoadFailed'>;

interface EngineSetup {
  container: RefObject<HTMLDivElement | null>;
  /** Where the map opens when it is made (the latest value until then). */
  initialCenter: LatLng;
  initialZoom: number;
  minZoom: number;
  events: RefObject<MapViewEvents>;
}

/**
 * Asks the server which map to draw, loads that engine's chunk (with the spec's retries) and makes the map
 * in `container`. `retry` starts over after a failure: the code, the style and the first view.
 */
export function useMapEngine({ container, initialCenter, initialZoom, minZoom, events }: EngineSetup) {
  const [webgl] = useState(hasWebGL2);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const opening = useRef({ center: initialCenter, zoom: initialZoom });
  // Until a map exists it opens where the caller says now; after that, where it was last left (a retry).
  useLayoutEffect(() => {
    if (!engine && !failed) opening.current = { center: initialCenter, zoom: initialZoom };
  });

  useEffect(() => {
    const element = container.current;
    if (!webgl || !element) return;
    let cancelled = false;
    let made: MapEngine | null = null;
    const fail = (what: string, error: unknown) => {
      if (cancelled) return;
      logToServer('error', `${what}: ${errorMessage(error)}`);
      setFailed(true);
    };
    loadMap()
      .then(({ config, createMapEngine, workerUrl }) =>
        createMapEngine({
          container: element,
          config,
          workerUrl,
          center: opening.current.center,
          zoom: opening.current.zoom,
          minZoom,
          // The theme shown now; a later change reaches the map through MapView's setTheme.
          theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light',
          colors: readPinColors(),
          // The engine keeps these callbacks for its lifetime; they read the caller's latest ones.
          events: {
            onPinSelect: (id) => events.current.onPinSelect(id),
            onPinHover: (pin, point) => events.current.onPinHover(pin, point),
            onMoveStart: () => events.current.onMoveStart(),
            onMoveEnd: (bounds, center, zoom) => {
              opening.current = { center, zoom };
              events.current.onMoveEnd(bounds, center, zoom);
            },
            onMove: () => events.current.onMove(),
            onMapClick: (point) => events.current.onMapClick(point),
            onError: (message) => events.current.onError(message),
            onLoadFailed: (message) => fail('Map could not load', message),
          },
        }),
      )
      .then((created) => {
        made = created;
        if (cancelled) created.remove();
        else setEngine(created);
      })
      .catch((error: unknown) => fail('Map could not start', error));
    return () => {
      cancelled = true;
      made?.remove();
      setEngine(null);
    };
  }, [webgl, attempt, container, events, minZoom]);

  const status: MapStatus = !webgl ? 'unsupported' : failed ? 'failed' : engine ? 'ready' : 'loading';
  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };
  return { engine, status, retry };
}
