import { LIMITS } from '@siplog/contracts';
import type { Theme } from '../../lib/theme';
import type { Bounds, MapConfig, MapEngine, MapEngineOptions, MapPin, PinColors } from './map-types';

/**
 * The calls MapView makes on an engine's map. mapbox-gl is MapLibre's origin and both maps have this
 * same shape, so one adapter drives either.
 */
export interface GlMap {
  // mapbox-gl and MapLibre type their events differently; this one signature must accept both maps' overloads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(type: string, listener: (event: any) => void): unknown;
  addSource(id: string, source: object): unknown;
  getSource(id: string): unknown;
  addLayer(layer: object): unknown;
  setPaintProperty(layer: string, property: string, value: unknown): unknown;
  setStyle(style: string, options: { diff: boolean }): unknown;
  queryRenderedFeatures(box: [[number, number], [number, number]], options: { layers: string[] }): GlFeature[];
  getCanvas(): HTMLCanvasElement;
  getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number } | null;
  getCenter(): { lng: number; lat: number };
  getZoom(): number;
  project(lngLat: [number, number]): { x: number; y: number };
  flyTo(options: { center: [number, number]; zoom?: number; essential?: boolean }): unknown;
  easeTo(options: { center: [number, number]; zoom: number }): unknown;
  resize(): unknown;
  remove(): void;
}

interface GlFeature {
  geometry: { type: string; coordinates?: unknown };
  properties: Record<string, unknown> | null;
  layer?: { id: string };
}

interface GeoJsonSourceLike {
  setData(data: object): unknown;
}

const SOURCE = 'siplog-places';
/** The selected pin on its own, never clustered: it stays visible at the after-search zoom inside a crowd. */
const SELECTED_SOURCE = 'siplog-selected';
const CLUSTERS = 'siplog-clusters';
const CLUSTER_COUNT = 'siplog-cluster-count';
const PIN_SHADOW = 'siplog-pin-shadow';
const PINS = 'siplog-pins';
const SELECTED = 'siplog-pin-selected';
const HIT_LAYERS = [SELECTED, PINS, CLUSTERS];

/** The client log hears this many map errors per page; after that only how many more there were. */
const LOGGED_ERRORS_MAX = 5;
const ERROR_COUNT_EVERY_MS = 60_000;
/** A first view that has not appeared by then will not: the page says so and offers a retry. */
const FIRST_LOAD_TIMEOUT_MS = 45_000;

let errorsSeen = 0;
let errorsUncounted = 0;
let countTimer: ReturnType<typeof setTimeout> | null = null;

/** Passes the page's first few map errors on, then one line a minute with how many more there were (tile errors come in floods). */
function reportMapError(message: string, report: (message: string) => void) {
  errorsSeen += 1;
  if (errorsSeen <= LOGGED_ERRORS_MAX) {
    report(errorsSeen === LOGGED_ERRORS_MAX ? `${message} (further map errors are only counted)` : message);
    return;
  }
  errorsUncounted += 1;
  countTimer ??= setTimeout(() => {
    report(`${errorsUncounted} more map errors (${errorsSeen} on this page)`);
    errorsUncounted = 0;
    countTimer = null;
  }, ERROR_COUNT_EVERY_MS);
}

function pinFeatures(pins: MapPin[]) {
  return {
    type: 'FeatureCollection',
    features: pins.map((pin) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [pin.lng, pin.lat] },
      properties: { id: pin.id, wanted: pin.wanted === true },
    })),
  };
}

/** The style of a theme: the config's dark one in the dark theme where it names one, else its only one. */
export function styleFor(config: MapConfig, theme: Theme): string {
  return theme === 'dark' && config.darkStyleUrl ? config.darkStyleUrl : config.styleUrl;
}

/** The pin layers' colours, set again when the theme changes and the style stays. */
function paintPins(map: GlMap, colors: PinColors) {
  map.setPaintProperty(CLUSTERS, 'circle-color', colors.pin);
  map.setPaintProperty(CLUSTERS, 'circle-stroke-color', colors.halo);
  map.setPaintProperty(CLUSTER_COUNT, 'text-color', colors.clusterText);
  map.setPaintProperty(PINS, 'circle-color', colors.pin);
  map.setPaintProperty(PINS, 'circle-stroke-color', pinRing(colors));
  map.setPaintProperty(SELECTED, 'circle-color', colors.pinSelected);
  map.setPaintProperty(SELECTED, 'circle-stroke-color', colors.halo);
}

/** A Want to try place wears a thicker ring in its own colour; the others the halo. */
const pinRing = (colors: PinColors) => ['case', ['get', 'wanted'], colors.wanted, colors.halo];
const PIN_RING_WIDTH = ['case', ['get', 'wanted'], 4, 2.5];

function addPinLayers(map: GlMap, colors: PinColors) {
  map.addSource(SOURCE, {
    type: 'geojson',
    data: pinFeatures([]),
    cluster: true,
    clusterRadius: 44,
    clusterMaxZoom: 15,
  });
  map.addLayer({
    id: CLUSTERS,
    type: 'circle',
    source: SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': colors.pin,
      'circle-opacity': 0.92,
      'circle-radius': ['step', ['get', 'point_count'], 16, 10, 20, 50, 25],
      'circle-stroke-width': 3,
      'circle-stroke-color': colors.halo,
    },
  });
  map.addLayer({
    id: CLUSTER_COUNT,
    type: 'symbol',
    source: SOURCE,
    filter: ['has', 'point_count'],
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 13, 'text-allow-overlap': true },
    paint: { 'text-color': colors.clusterText },
  });
  map.addLayer({
    id: PIN_SHADOW,
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: { 'circle-color': '#2b1d14', 'circle-opacity': 0.28, 'circle-radius': 11, 'circle-blur': 0.7, 'circle-translate': [0, 2] },
  });
  map.addLayer({
    id: PINS,
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': colors.pin,
      'circle-radius': 9,
      'circle-stroke-width': PIN_RING_WIDTH,
      'circle-stroke-color': pinRing(colors),
    },
  });
  map.addSource(SELECTED_SOURCE, { type: 'geojson', data: pinFeatures([]) });
  map.addLayer({
    id: SELECTED,
    type: 'circle',
    source: SELECTED_SOURCE,
    paint: {
      'circle-color': colors.pinSelected,
      'circle-radius': 12,
      'circle-stroke-width': 4,
      'circle-stroke-color': colors.halo,
    },
  });
}

/** MapLibre answers a promise, mapbox-gl takes a callback: the zoom at which a cluster falls apart. */
function clusterExpansionZoom(source: unknown, clusterId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const getZoom = (source as { getClusterExpansionZoom: (id: number, callback: (error: unknown, zoom: number) => void) => unknown })
      .getClusterExpansionZoom;
    const answer = getZoom.call(source, clusterId, (error, zoom) => (error ? reject(error) : resolve(zoom)));
    if (answer instanceof Promise) answer.then(resolve, reject);
  });
}

/** The feature under a pointer: anything drawn within the hover distance, nearest first. */
function featureNear(map: GlMap, point: { x: number; y: number }): GlFeature | undefined {
  const half = LIMITS.markerHoverDistance / 2;
  const features = map.queryRenderedFeatures(
    [
      [point.x - half, point.y - half],
      [point.x + half, point.y + half],
    ],
    { layers: HIT_LAYERS },
  );
  const distance = (feature: GlFeature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const at = map.project([lng, lat]);
    return Math.hypot(at.x - point.x, at.y - point.y);
  };
  return features.sort((a, b) => distance(a) - distance(b))[0];
}

function boundsOf(map: GlMap): Bounds {
  const bounds = map.getBounds();
  if (!bounds) return { west: 0, south: 0, east: 0, north: 0 };
  return { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() };
}

/**
 * Wires a freshly made engine map to MapView: pins, selection, hover, clicks and camera events. The first
 * view is reported once the style has loaded; pins given before that are drawn then. `styleUrl` names the
 * engine's style of a theme; a new theme with another style loads it, and the pins are drawn again on it.
 */
export function adaptGlMap(map: GlMap, options: MapEngineOptions, styleUrl: (theme: Theme) => string): MapEngine {
  const { events } = options;
  // Browser tests ask the drawn map what it shows (queryRenderedFeatures, its centre) through its element; the app never reads it.
  (options.container as HTMLElement & { glMap?: GlMap }).glMap = map;
  let colors = options.colors;
  let shownStyle = styleUrl(options.theme);
  /** The first view has loaded: a later style change draws the pins again on its own 'style.load'. */
  let firstLoadDone = false;
  let pins = new Map<number, MapPin>();
  let pendingPins: MapPin[] = [];
  let selected: number | null = null;
  let loaded = false;

  let styleReady = false;
  let hovered: number | null = null;

  const source = () => map.getSource(SOURCE) as GeoJsonSourceLike | undefined;
  const applySelection = () => {
    const pin = selected === null ? undefined : pins.get(selected);
    (map.getSource(SELECTED_SOURCE) as GeoJsonSourceLike | undefined)?.setData(pinFeatures(pin ? [pin] : []));
  };

  /** Tells MapView only when the pin under the pointer changes: mousemove fires on every pixel. */
  const hover = (pin: MapPin | null) => {
    const id = pin?.id ?? null;
    if (id === hovered) return;
    hovered = id;
    events.onPinHover(pin, pin ? map.project([pin.lng, pin.lat]) : null);
  };

  /** Where the pointer rests on the map, so pins drawn under a still pointer are found without a move. */
  let pointer: { x: number; y: number } | null = null;
  const hoverAt = (point: { x: number; y: number }) => {
    if (!loaded) return;
    const feature = featureNear(map, point);
    map.getCanvas().style.cursor = feature ? 'pointer' : '';
    const pin = feature && !feature.properties?.cluster ? pins.get(Number(feature.properties?.id)) : undefined;
    hover(pin ?? null);
  };
  map.on('mousemove', (event: { point: { x: number; y: number } }) => {
    pointer = event.point;
    hoverAt(event.point);
  });
  map.on('mouseout', () => {
    pointer = null;
    hover(null);
  });
  // New pins are drawn a few frames after they are set (the engine tiles them off the main thread); once
  // drawing settles, the pin under a resting pointer gets its tooltip as if the pointer had just arrived.
  map.on('idle', () => {
    if (pointer) hoverAt(pointer);
  });

  map.on('click', (event: { point: { x: number; y: number }; lngLat: { lng: number; lat: number } }) => {
    const feature = loaded ? featureNear(map, event.point) : undefined;
    if (!feature) {
      events.onMapClick({ lat: event.lngLat.lat, lng: event.lngLat.lng });
      return;
    }
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    if (feature.properties?.cluster) {
      clusterExpansionZoom(source(), Number(feature.properties.cluster_id))
        .then((zoom) => map.easeTo({ center: [lng, lat], zoom }))
        .catch((error: unknown) => reportMapError(`Cluster zoom failed: ${String(error)}`, events.onError));
      return;
    }
    events.onPinSelect(Number(feature.properties?.id));
  });

  const reportView = () => {
    const center = map.getCenter();
    events.onMoveEnd(boundsOf(map), { lat: center.lat, lng: center.lng }, map.getZoom());
  };
  map.on('movestart', () => {
    // A tooltip stays where its pin was; a moving map takes the pin away from it.
    hover(null);
    events.onMoveStart();
  });
  map.on('move', () => events.onMove());
  map.on('moveend', reportView);

  const firstLoadTimer = setTimeout(() => {
    if (!loaded) events.onLoadFailed(`The map did not load within ${FIRST_LOAD_TIMEOUT_MS / 1000} s`);
  }, FIRST_LOAD_TIMEOUT_MS);
  map.on('style.load', () => {
    styleReady = true;
    // A new theme's style has replaced the old one, and the app's layers with it.
    if (!firstLoadDone || loaded) return;
    addPinLayers(map, colors);
    loaded = true;
    source()?.setData(pinFeatures([...pins.values()]));
    applySelection();
  });
  map.on('error', (event: { error?: { message?: string }; sourceId?: string }) => {
    const message = event.error?.message ?? 'Map error';
    // Before the style is in, an error that is no source's (a tile's) is the style's own: no first view will come.
    if (!styleReady && !event.sourceId) {
      clearTimeout(firstLoadTimer);
      events.onLoadFailed(message);
    } else {
      reportMapError(message, events.onError);
    }
  });

  map.on('load', () => {
    clearTimeout(firstLoadTimer);
    addPinLayers(map, colors);
    loaded = true;
    firstLoadDone = true;
    source()?.setData(pinFeatures(pendingPins));
    applySelection();
    reportView();
  });

  return {
    setPins(next) {
      pins = new Map(next.map((pin) => [pin.id, pin]));
      if (loaded) {
        source()?.setData(pinFeatures(next));
        applySelection();
      } else pendingPins = next;
    },
    setSelected(id) {
      selected = id;
      if (loaded) applySelection();
    },
    flyTo(center, zoom) {
      map.flyTo({ center: [center.lng, center.lat], zoom, essential: true });
    },
    getBounds: () => boundsOf(map),
    getCenter() {
      const center = map.getCenter();
      return { lat: center.lat, lng: center.lng };
    },
    getZoom: () => map.getZoom(),
    project: (point) => map.project([point.lng, point.lat]),
    resize: () => map.resize(),
    setTheme(theme, themeColors) {
      colors = themeColors;
      const next = styleUrl(theme);
      if (next !== shownStyle) {
        shownStyle = next;
        // Until the new style is in, the pins are not drawn: no hover or click looks for them.
        if (firstLoadDone) loaded = false;
        hover(null);
        map.setStyle(next, { diff: false });
      } else if (loaded) {
        paintPins(map, colors);
      }
    },
    remove: () => {
      clearTimeout(firstLoadTimer);
      map.remove();
    },
  };
}
