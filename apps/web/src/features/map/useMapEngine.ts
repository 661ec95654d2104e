import { useEffect, useRef, useState, type RefObject } from 'react';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { loadEngine } from './load-engine';
import type { LatLng, MapEngine, MapEngineEvents } from './map-types';
import { readPinColors } from './pin-colors';
import { supportsWebGL2 } from './webgl';

export type MapStatus = 'loading' | 'ready' | 'failed' | 'unsupported';

interface EngineSetup {
  container: RefObject<HTMLDivElement | null>;
  /** Where the map opens when it is made (the latest value until then). */
  initialCenter: LatLng;
  initialZoom: number;
  minZoom: number;
  events: RefObject<MapEngineEvents>;
}

/**
 * Asks the server which map to draw, loads that engine's chunk (with the spec's retries) and makes the map
 * in `container`. `retry` starts over after a failure.
 */
export function useMapEngine({ container, initialCenter, initialZoom, minZoom, events }: EngineSetup) {
  const [webgl] = useState(supportsWebGL2);
  const config = trpc.map.config.useQuery(undefined, { enabled: webgl, staleTime: Infinity });
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const opening = useRef({ center: initialCenter, zoom: initialZoom });
  if (!engine && !failed) opening.current = { center: initialCenter, zoom: initialZoom };

  useEffect(() => {
    if (config.error) logToServer('error', `Map config failed: ${errorMessage(config.error)}`);
  }, [config.error]);

  useEffect(() => {
    const element = container.current;
    if (!config.data || !element) return;
    let cancelled = false;
    let made: MapEngine | null = null;
    setFailed(false);
    loadEngine(config.data.mode)
      .then((createMapEngine) =>
        createMapEngine({
          container: element,
          config: config.data,
          center: opening.current.center,
          zoom: opening.current.zoom,
          minZoom,
          colors: readPinColors(),
          // The engine keeps these callbacks for its lifetime; they read the caller's latest ones.
          events: {
            onPinSelect: (id) => events.current.onPinSelect(id),
            onPinHover: (pin, point) => events.current.onPinHover(pin, point),
            onMoveEnd: (bounds, center, zoom) => {
              opening.current = { center, zoom };
              events.current.onMoveEnd(bounds, center, zoom);
            },
            onMove: () => events.current.onMove(),
            onMapClick: (point) => events.current.onMapClick(point),
            onError: (message) => events.current.onError(message),
          },
        }),
      )
      .then((created) => {
        made = created;
        if (cancelled) created.remove();
        else setEngine(created);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        logToServer('error', `Map could not start: ${errorMessage(error)}`);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      made?.remove();
      setEngine(null);
    };
  }, [config.data, attempt, container, events, minZoom]);

  const status: MapStatus = !webgl ? 'unsupported' : failed || config.isError ? 'failed' : engine ? 'ready' : 'loading';
  const retry = () => {
    if (config.isError) void config.refetch();
    setAttempt((count) => count + 1);
  };
  return { engine, status, retry };
}
