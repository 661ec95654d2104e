import { LIMITS } from '@siplog/contracts';
// Only the built file's URL (a string), not the worker's code: fetched alongside the engine so MapLibre starts its worker at once.
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { logToServer } from '../../lib/client-log';
import { trpcClient, UNBATCHED } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import type { CreateMapEngine, MapConfig, MapMode } from './map-types';
import { withRetries } from './retry';
import { hasWebGL2 } from './webgl';

type EngineModule = { createMapEngine: CreateMapEngine };

/**
 * The URL of the module a failed import() names: Chromium says "Failed to fetch dynamically imported module: URL",
 * Firefox "error loading dynamically imported module: URL". Null when the message names none (Safari).
 */
export function failedModuleUrl(error: unknown): string | null {
  const match = /(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?['"]?\s*$/.exec(errorMessage(error));
  return match ? match[1] : null;
}

/** The same file under a URL the browser has not tried yet (the query is ignored by the server). */
export function cacheBustedUrl(url: string, bust: number): string {
  const next = new URL(url);
  next.searchParams.set('retry', String(bust));
  return next.href;
}

/**
 * Browsers remember a failed import() of a URL for the page's life (the HTML module map), so importing the
 * same URL again fails at once without a request. A retry therefore imports the chunk the failure named under
 * a fresh query; a counter for the page keeps every retry's URL new, also across the Retry button.
 */
let bust = 0;
const failedChunk: Partial<Record<MapMode, string>> = {};
const loadedEngine: Partial<Record<MapMode, Promise<EngineModule>>> = {};

function importEngine(mode: MapMode, retry: number): Promise<EngineModule> {
  const failed = failedChunk[mode];
  if (retry > 0 && failed) return import(/* @vite-ignore */ cacheBustedUrl(failed, ++bust)) as Promise<EngineModule>;
  // Each engine is its own chunk, fetched only when a map is shown: MapLibre for our styles, mapbox-gl with a token.
  return mode === 'mapbox' ? import('./mapbox-engine') : import('./maplibre-engine');
}

/** The engine's code, with the spec's retries (§8); every failed attempt goes to the client log. */
export function loadEngine(mode: MapMode): Promise<CreateMapEngine> {
  const loaded = (loadedEngine[mode] ??= withRetries(
    (retry) => importEngine(mode, retry),
    LIMITS.mapScriptRetries,
    (attempt, error) => {
      failedChunk[mode] ??= failedModuleUrl(error) ?? undefined;
      logToServer('error', `Map script load failed (${mode}, attempt ${attempt}): ${errorMessage(error)}`);
    },
  ));
  loaded.catch(() => {
    if (loadedEngine[mode] === loaded) delete loadedEngine[mode];
  });
  return loaded.then((module) => module.createMapEngine);
}

/**
 * MapLibre's worker file, fetched while the engine chunk loads, as a blob: URL for setWorkerUrl. A browser does
 * not serve a worker's own request from a preload, so without this the worker's fetch waits for the engine's
 * code. Falls back to the file's URL.
 */
function prefetchMaplibreWorker(): Promise<string> {
  return fetch(maplibreWorkerUrl)
    .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then((script) => URL.createObjectURL(new Blob([script], { type: 'text/javascript' })))
    .catch((error: unknown) => {
      logToServer('info', `Map worker prefetch failed: ${errorMessage(error)}`);
      return maplibreWorkerUrl;
    });
}

export interface MapSetup {
  config: MapConfig;
  createMapEngine: CreateMapEngine;
  /** MapLibre's worker, ready to start (absent for mapbox-gl, which brings its own). */
  workerUrl?: string;
}

let setup: Promise<MapSetup> | null = null;
let configAsked: Promise<MapConfig> | null = null;
let configKnown: MapConfig | null = null;

/**
 * The server's map config alone (the map's start centre is in it), shared with loadMap: it resolves before the
 * engine's code has loaded, so a page can move the opening view before the map is made. A call after a failure
 * asks again.
 */
export function loadMapConfig(): Promise<MapConfig> {
  if (configAsked) return configAsked;
  // Alone, never batched: the service worker keeps its last answer by address, so the map draws offline too.
  const asked = withRetries(() => trpcClient.map.config.query(undefined, UNBATCHED), 1).then(
    (config) => {
      configKnown = config;
      return config;
    },
    (error: unknown) => {
      logToServer('error', `Map config failed: ${errorMessage(error)}`);
      if (configAsked === asked) configAsked = null;
      throw error;
    },
  );
  configAsked = asked;
  return asked;
}

/** The config once it has arrived (a page opened later in the visit reads it at once), else null. */
export function loadedMapConfig(): MapConfig | null {
  return configKnown;
}

/**
 * The server's map config, then that engine's code (never the other engine's) and, for MapLibre, its worker
 * file alongside. Shared by every caller until it fails; a later call after a failure starts over.
 */
export function loadMap(): Promise<MapSetup> {
  if (setup) return setup;
  const started = loadMapConfig()
    .then(async (config) => {
      const engine = loadEngine(config.mode);
      const worker = config.mode === 'mapbox' ? undefined : prefetchMaplibreWorker();
      return { config, createMapEngine: await engine, workerUrl: await worker };
    });
  setup = started;
  started.catch(() => {
    if (setup === started) setup = null;
  });
  return started;
}

/** Starts loading the map before any component asks (a page with a map calls it when its code loads). */
export function startMapLoad(): void {
  if (hasWebGL2()) void loadMap().catch(() => {});
}
