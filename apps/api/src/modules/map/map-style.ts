/**
 * The embedded offline map's MapLibre style (design §5): a warm, light look for a coffee app over our
 * own tiles. No `glyphs` (MapLibre ≥ 5.11 draws text with local fonts) and no `sprite` (the app draws its pins).
 */
import { BASEMAP_ATTRIBUTION, CHICAGO_BOUNDS, CHICAGO_CENTER, LAYERS, TILESETS } from '@siplog/basemap';

const W = LAYERS.world;
const S = LAYERS.streets;

const COLOURS = {
  water: '#a9d3e8',
  waterLine: '#8cc2dd',
  land: '#f4ecdd',
  park: '#d3e5b8',
  wood: '#c5dca8',
  building: '#e7dccb',
  buildingLine: '#d8c9b2',
  aeroway: '#e6ddcf',
  casing: '#d9c8ad',
  motorway: '#f6cf95',
  primary: '#fde6bd',
  minor: '#ffffff',
  rail: '#c9bcaa',
  border: '#9d8877',
  stateLine: '#b8a392',
  text: '#4b3a2f',
  textSoft: '#7a6656',
  halo: 'rgba(255, 250, 240, 0.9)',
  waterText: '#4f7f99',
} as const;

const REGULAR = ['Noto Sans Regular'];
const BOLD = ['Noto Sans Bold'];
const ITALIC = ['Noto Sans Italic'];

type Json = Record<string, unknown>;

/** Line width by zoom: [zoom, width] pairs, exponential so roads grow the way the map does. */
const width = (...stops: number[]) => ['interpolate', ['exponential', 1.5], ['zoom'], ...stops];
const classIn = (...classes: string[]) => ['in', ['get', 'class'], ['literal', classes]];

const MOTORWAY = ['motorway', 'trunk'];
const MAJOR = ['primary', 'secondary', 'tertiary', 'motorway_link', 'trunk_link', 'link'];
const MINOR = ['street', 'street_limited', 'service', 'pedestrian', 'track'];

function roadLayers(): Json[] {
  const road = (id: string, classes: string[], colour: string, widths: number[], minzoom: number, casing: boolean): Json => ({
    id: `${id}${casing ? '-casing' : ''}`,
    type: 'line',
    source: 'streets',
    'source-layer': S.road,
    minzoom,
    filter: ['all', classIn(...classes), ['!=', ['get', 'structure'], 'tunnel']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: casing
      ? { 'line-color': COLOURS.casing, 'line-width': width(...widths.map((v, i) => (i % 2 ? v + 1.5 : v))) }
      : { 'line-color': colour, 'line-width': width(...widths) },
  });
  const minor = [13, 1, 16, 8, 18, 20];
  const major = [10, 1, 13, 3, 16, 11, 18, 24];
  const motorway = [10, 1.5, 13, 4, 16, 13, 18, 28];
  return [
    { id: 'rail', type: 'line', source: 'streets', 'source-layer': S.road, minzoom: 13, filter: classIn('major_rail', 'minor_rail'),
      paint: { 'line-color': COLOURS.rail, 'line-width': 1.2, 'line-dasharray': [3, 2] } },
    road('road-minor', MINOR, COLOURS.minor, minor, 13, true),
    road('road-major', MAJOR, COLOURS.primary, major, 10, true),
    road('road-motorway', MOTORWAY, COLOURS.motorway, motorway, 10, true),
    road('road-minor', MINOR, COLOURS.minor, minor, 13, false),
    road('road-major', MAJOR, COLOURS.primary, major, 10, false),
    road('road-motorway', MOTORWAY, COLOURS.motorway, motorway, 10, false),
  ];
}

function labelLayers(): Json[] {
  const halo = { 'text-halo-color': COLOURS.halo, 'text-halo-width': 1.5 };
  return [
    { id: 'waterway-label', type: 'symbol', source: 'streets', 'source-layer': S.waterwayLabel, minzoom: 12,
      layout: { 'symbol-placement': 'line', 'text-field': ['get', 'name'], 'text-font': ITALIC, 'text-size': 12 },
      paint: { 'text-color': COLOURS.waterText, ...halo } },
    { id: 'road-label', type: 'symbol', source: 'streets', 'source-layer': S.roadLabel,
      layout: {
        'symbol-placement': 'line', 'text-field': ['get', 'name'], 'text-font': REGULAR,
        'text-size': ['interpolate', ['linear'], ['zoom'], 13, 10, 17, 14], 'symbol-spacing': 300,
      },
      paint: { 'text-color': COLOURS.text, ...halo } },
    { id: 'poi-label', type: 'symbol', source: 'streets', 'source-layer': S.poiLabel, minzoom: 14,
      layout: { 'text-field': ['get', 'name'], 'text-font': ITALIC, 'text-size': 11, 'text-max-width': 8,
        'symbol-sort-key': ['get', 'scalerank'] },
      paint: { 'text-color': '#5d7a45', ...halo } },
    { id: 'neighbourhood-label', type: 'symbol', source: 'streets', 'source-layer': S.placeLabel, minzoom: 11,
      layout: {
        'text-field': ['get', 'name'], 'text-font': BOLD, 'text-transform': 'uppercase', 'text-letter-spacing': 0.08,
        'text-size': ['interpolate', ['linear'], ['zoom'], 11, 10, 15, 13], 'text-max-width': 7,
        'symbol-sort-key': ['get', 'localrank'],
      },
      paint: { 'text-color': COLOURS.textSoft, ...halo } },
    { id: 'city-label', type: 'symbol', source: 'world', 'source-layer': W.cities,
      layout: {
        'text-field': ['get', 'name'], 'text-font': BOLD, 'text-max-width': 8,
        // The most populous first, so a capital wins a collision with its suburbs.
        'symbol-sort-key': ['-', 0, ['get', 'population']],
        'text-size': ['interpolate', ['linear'], ['get', 'population'], 1000, 11, 100000, 13, 1000000, 15, 5000000, 17],
      },
      paint: { 'text-color': COLOURS.text, ...halo } },
  ];
}

export function buildMapStyle(tileUrl: (tileset: string) => string): Json {
  const source = (tileset: keyof typeof TILESETS, extra: Json = {}) => ({
    type: 'vector',
    tiles: [tileUrl(tileset)],
    ...TILESETS[tileset],
    attribution: BASEMAP_ATTRIBUTION,
    ...extra,
  });
  return {
    version: 8,
    name: 'Siplog offline',
    center: CHICAGO_CENTER,
    zoom: 11,
    sources: {
      world: source('world'),
      // bounds: MapLibre asks for street tiles only where they exist.
      streets: source('streets', { bounds: CHICAGO_BOUNDS }),
    },
    layers: [
      { id: 'ocean', type: 'background', paint: { 'background-color': COLOURS.water } },
      { id: 'land', type: 'fill', source: 'world', 'source-layer': W.land, paint: { 'fill-color': COLOURS.land } },
      { id: 'lakes', type: 'fill', source: 'world', 'source-layer': W.lakes, paint: { 'fill-color': COLOURS.water } },
      { id: 'rivers', type: 'line', source: 'world', 'source-layer': W.rivers,
        paint: { 'line-color': COLOURS.waterLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.5] } },
      // Over Chicago the street data covers everything below with land, then draws OSM's own water and shore.
      { id: 'streets-land', type: 'fill', source: 'streets', 'source-layer': S.coverage, paint: { 'fill-color': COLOURS.land } },
      { id: 'park', type: 'fill', source: 'streets', 'source-layer': S.landuse,
        filter: classIn('park', 'pitch', 'golf_course', 'grass', 'cemetery'), paint: { 'fill-color': COLOURS.park } },
      { id: 'wood', type: 'fill', source: 'streets', 'source-layer': S.landuse, filter: classIn('wood', 'scrub'),
        paint: { 'fill-color': COLOURS.wood } },
      { id: 'water', type: 'fill', source: 'streets', 'source-layer': S.water, paint: { 'fill-color': COLOURS.water } },
      { id: 'waterway', type: 'line', source: 'streets', 'source-layer': S.waterway,
        paint: { 'line-color': COLOURS.water, 'line-width': width(10, 1, 16, 6) } },
      { id: 'aeroway', type: 'fill', source: 'streets', 'source-layer': S.aeroway, minzoom: 12, filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': COLOURS.aeroway } },
      { id: 'building', type: 'fill', source: 'streets', 'source-layer': S.building, minzoom: 14,
        paint: { 'fill-color': COLOURS.building, 'fill-outline-color': COLOURS.buildingLine } },
      ...roadLayers(),
      { id: 'state-lines', type: 'line', source: 'world', 'source-layer': W.states, minzoom: 2,
        paint: { 'line-color': COLOURS.stateLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.5], 'line-dasharray': [4, 2] } },
      { id: 'country-lines', type: 'line', source: 'world', 'source-layer': W.countries,
        paint: { 'line-color': COLOURS.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 10, 2] } },
      ...labelLayers(),
    ],
  };
}
