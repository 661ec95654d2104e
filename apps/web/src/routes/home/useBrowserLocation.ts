import { useEffect, useRef } from 'react';
import { logToServer } from '../../lib/client-log';
import type { LatLng } from '../../features/map/map-types';

/** How long the page waits for the browser's position before it stays on the default centre. */
const LOCATION_TIMEOUT_MS = 6000;

const REASONS: Record<number, string> = { 1: 'denied', 2: 'unavailable', 3: 'timed out' };

/**
 * Asks the browser for the person's position once and hands it to `onLocated`. Spec §8: a refusal, no
 * position or a timeout is only logged (info) and the map keeps its default centre.
 */
export function useBrowserLocation(onLocated: (location: LatLng) => void): void {
  const latest = useRef(onLocated);
  useEffect(() => {
    latest.current = onLocated;
  });
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      logToServer('info', 'Geolocation unavailable: not supported by this browser');
      return;
    }
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (active) latest.current({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => logToServer('info', `Geolocation ${REASONS[error.code] ?? 'failed'}: ${error.message}`),
      { timeout: LOCATION_TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
    return () => {
      active = false;
    };
  }, []);
}
