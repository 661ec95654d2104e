import { LIMITS } from '@siplog/contracts';
import { logToServer } from '../../lib/client-log';
import { errorMessage } from '../../lib/trpc-errors';
import type { CreateMapEngine, MapMode } from './map-types';
import { withRetries } from './retry';

/** Each engine is its own chunk, fetched only when a map is shown: MapLibre for our styles, mapbox-gl with a token. */
function importEngine(mode: MapMode): Promise<{ createMapEngine: CreateMapEngine }> {
  return mode === 'mapbox' ? import('./mapbox-engine') : import('./maplibre-engine');
}

/** The engine's code, with the spec's retries (§8); every failed attempt goes to the client log. */
export function loadEngine(mode: MapMode): Promise<CreateMapEngine> {
  return withRetries(
    async () => (await importEngine(mode)).createMapEngine,
    LIMITS.mapScriptRetries,
    (attempt, error) => logToServer('error', `Map script load failed (${mode}, attempt ${attempt}): ${errorMessage(error)}`),
  );
}
