/** mapbox-gl with a Mapbox style, when the server has a MAPBOX_TOKEN; a lazy chunk of its own. */
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import { adaptGlMap, styleFor, type GlMap } from './gl-adapter';
import type { CreateMapEngine } from './map-types';

export const createMapEngine: CreateMapEngine = async (options) => {
  const map = new mapboxgl.Map({
    container: options.container,
    style: styleFor(options.config, options.theme),
    accessToken: options.config.accessToken,
    center: [options.center.lng, options.center.lat],
    zoom: options.zoom,
    minZoom: options.minZoom,
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new mapboxgl.AttributionControl({ compact: true }));
  map.addControl(new mapboxgl.NavigationControl({ showCompass: false }), 'bottom-right');
  return adaptGlMap(map as unknown as GlMap, options, (theme) => styleFor(options.config, theme));
};
