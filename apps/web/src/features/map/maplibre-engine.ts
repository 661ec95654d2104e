/** MapLibre GL JS for the embedded offline map and for MAP_STYLE_URL; a lazy chunk of its own. */
import { addProtocol, Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
// MapLibre 6 finds its worker beside its own module, which a bundle moves: name the built file instead.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Theme } from '../../lib/theme';
import { adaptGlMap, styleFor } from './gl-adapter';
import type { CreateMapEngine } from './map-types';
import { isSoftwareWebGL } from './webgl';

let pmtilesRegistered = false;

/** A self-hoster's style may point at a PMTiles archive (pmtiles://...). */
async function registerPmtiles() {
  if (pmtilesRegistered) return;
  const { Protocol } = await import('pmtiles');
  addProtocol('pmtiles', new Protocol().tile);
  pmtilesRegistered = true;
}

export const createMapEngine: CreateMapEngine = async (options) => {
  const styleUrl = (theme: Theme) => new URL(styleFor(options.config, theme), window.location.href).href;
  // Before the first map: MapLibre starts its worker pool then.
  setWorkerUrl(options.workerUrl ?? workerUrl);
  if (options.config.mode === 'style') await registerPmtiles();
  const map = new MapLibreMap({
    container: options.container,
    style: styleUrl(options.theme),
    center: [options.center.lng, options.center.lat],
    zoom: options.zoom,
    minZoom: options.minZoom,
    attributionControl: { compact: true },
    dragRotate: false,
    pitchWithRotate: false,
    // Labels appear at once instead of fading in: a fade redraws the map every frame for 300 ms after each move,
    // which on a phone's CPU is most of the first load's main-thread work.
    fadeDuration: 0,
    ...(isSoftwareWebGL() ? { pixelRatio: 1 } : {}),
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
  return adaptGlMap(map, options, styleUrl);
};
