/**
 * The embedded offline map's MapLibre styles (design §5): a warm, light look for a coffee app over our
 * own tiles, calm enough that the app's pins (brand #b5602a) stay the brightest thing on it, and its
 * dark twin for the web app's dark theme (issue 19): the same layers, in night colours.
 * No `glyphs` (MapLibre ≥ 5.11 draws text with local fonts) and no `sprite` (the app draws its pins).
 * Installed regions (issue 29) add one more source, drawn with Protomaps' layers in these palettes (region-layers.ts).
 */
import { BASEMAP_ATTRIBUTION, CHICAGO_BOUNDS, CHICAGO_CENTER, LAYERS, TILESETS } from '@siplog/basemap';
import { REGIONS_SOURCE, regionLayers, type RegionsArea } from './region-layers';

const W = LAYERS.world;
const S = LAYERS.streets;

export type MapTheme = 'light' | 'dark';

const LIGHT = {
  water: '#aad0e5',
  waterLine: '#93c2dc',
  waterText: '#44718c',
  land: '#f6f1e7',
  park: '#d3e6b7',
  pitch: '#c9e0a8',
  wood: '#c6dca8',
  parkText: '#4d7436',
  school: '#f2eadd',
  hospital: '#f5e7e2',
  sand: '#f3e7c7',
  building: '#ece3d5',
  buildingLine: '#ddd0bd',
  aeroway: '#ebe5da',
  path: '#fbf8f2',
  pathCasing: '#d9cbb8',
  minor: '#ffffff',
  minorCasing: '#e4d9c9',
  major: '#ffffff',
  majorCasing: '#dccab0',
  primary: '#fcebc2',
  primaryCasing: '#e6cb95',
  motorway: '#f8cf88',
  motorwayCasing: '#dca65d',
  rail: '#d2c6b6',
  border: '#a2907f',
  stateLine: '#c4b2a1',
  text: '#3d3028',
  textSoft: '#6b594b',
  textFaint: '#8f7c6b',
  countryText: '#7d6553',
  halo: '#fffaf2',
};

type Palette = typeof LIGHT;

/** Night colours: dark land and water, roads a little lighter than the land, light labels on a dark halo. */
const DARK: Palette = {
  water: '#1b2a35',
  waterLine: '#22384a',
  waterText: '#86abc2',
  land: '#1f1a16',
  park: '#1f2b1d',
  pitch: '#243322',
  wood: '#1d2a1b',
  parkText: '#93b77e',
  school: '#241e1a',
  hospital: '#271e1c',
  sand: '#29251c',
  building: '#2b2520',
  buildingLine: '#372f28',
  aeroway: '#26211d',
  path: '#3a322b',
  pathCasing: '#2a241f',
  minor: '#3b332c',
  minorCasing: '#2c2520',
  major: '#4a3f35',
  majorCasing: '#2f2721',
  primary: '#5c4b39',
  primaryCasing: '#3b3026',
  motorway: '#7b5b36',
  motorwayCasing: '#4b3823',
  rail: '#3e362f',
  border: '#75655a',
  stateLine: '#54483f',
  text: '#ece2d8',
  textSoft: '#c2b2a4',
  textFaint: '#9a8878',
  countryText: '#b9a08c',
  halo: '#16110d',
};

const PALETTES: Record<MapTheme, Palette> = { light: LIGHT, dark: DARK };

/**
 * Text fonts. Without `glyphs`, MapLibre draws text with the browser's fonts: it reads the weight and
 * style from the first name ("Bold", "Italic") and tries each name as a CSS font family, then sans-serif,
 * so the stacks end with families that exist on common systems.
 */
const FAMILIES = ['Noto Sans', 'Helvetica Neue', 'Arial'];
const REGULAR = ['Noto Sans Regular', ...FAMILIES];
const MEDIUM = ['Noto Sans Medium', ...FAMILIES];
const BOLD = ['Noto Sans Bold', ...FAMILIES];
const ITALIC = ['Noto Sans Italic', ...FAMILIES];

export const FONT_STACKS = { regular: REGULAR, medium: MEDIUM, bold: BOLD, italic: ITALIC } as const;

type Json = Record<string, unknown>;
type Expression = unknown[];

/** Line width by zoom: [zoom, width] pairs, exponential so roads grow the way the map does. */
const byZoom = (...stops: number[]): Expression => ['interpolate', ['exponential', 1.5], ['zoom'], ...stops];
const linear = (...stops: number[]): Expression => ['interpolate', ['linear'], ['zoom'], ...stops];
const classIn = (...classes: string[]): Expression => ['in', ['get', 'class'], ['literal', classes]];
/** Filters see the tile's integer zoom: `atLeast(14)` holds from zoom 14 on. */
const atLeast = (zoom: number): Expression => ['>=', ['zoom'], zoom];

/** The area that has street data, as a polygon for `within`. */
const [WEST, SOUTH, EAST, NORTH] = CHICAGO_BOUNDS;
const STREETS_AREA = {
  type: 'Polygon',
  coordinates: [[[WEST, SOUTH], [EAST, SOUTH], [EAST, NORTH], [WEST, NORTH], [WEST, SOUTH]]],
};

interface RoadClass {
  id: string;
  classes: string[];
  colour: string;
  casing: string;
  /** fill width stops */
  width: number[];
  minzoom: number;
  /** the zoom from which the road gets its casing */
  casingFrom: number;
}

const roads = (COLOURS: Palette): RoadClass[] => [
  {
    id: 'road-path', classes: ['pedestrian', 'path', 'track'], colour: COLOURS.path, casing: COLOURS.pathCasing,
    width: [15, 1, 16, 2, 18, 6], minzoom: 15, casingFrom: 15,
  },
  {
    id: 'road-service', classes: ['service', 'street_limited'], colour: COLOURS.minor, casing: COLOURS.minorCasing,
    width: [14, 0.6, 16, 2.5, 18, 8], minzoom: 14, casingFrom: 15,
  },
  {
    id: 'road-minor', classes: ['street'], colour: COLOURS.minor, casing: COLOURS.minorCasing,
    width: [13, 0.7, 14, 1.8, 16, 6, 18, 16], minzoom: 13, casingFrom: 14,
  },
  {
    id: 'road-major', classes: ['secondary', 'tertiary', 'link'], colour: COLOURS.major, casing: COLOURS.majorCasing,
    width: [11, 0.5, 12, 1, 14, 3.4, 16, 8, 18, 20], minzoom: 11, casingFrom: 12,
  },
  {
    id: 'road-primary', classes: ['primary', 'trunk_link', 'motorway_link'], colour: COLOURS.primary, casing: COLOURS.primaryCasing,
    width: [10, 0.8, 12, 1.8, 14, 4.4, 16, 10, 18, 24], minzoom: 10, casingFrom: 12,
  },
  {
    id: 'road-motorway', classes: ['motorway', 'trunk'], colour: COLOURS.motorway, casing: COLOURS.motorwayCasing,
    width: [10, 1.3, 12, 2.4, 14, 5, 16, 11, 18, 26], minzoom: 10, casingFrom: 11,
  },
];

function roadLayers(COLOURS: Palette): Json[] {
  const ROADS = roads(COLOURS);
  const base = (road: RoadClass) => ({
    type: 'line',
    source: 'streets',
    'source-layer': S.road,
    filter: ['all', classIn(...road.classes), ['!=', ['get', 'structure'], 'tunnel']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
  });
  // All casings under all fills, so crossings read as junctions, not as one road over another.
  const casings = ROADS.map((road) => ({
    ...base(road),
    id: `${road.id}-casing`,
    minzoom: road.casingFrom,
    paint: {
      'line-color': road.casing,
      'line-gap-width': byZoom(...road.width),
      'line-width': linear(road.casingFrom, 0.6, 16, 1, 18, 1.5),
    },
  }));
  const fills = ROADS.map((road) => ({
    ...base(road),
    id: road.id,
    minzoom: road.minzoom,
    paint: {
      'line-color': road.colour,
      'line-width': byZoom(...road.width),
      // Below its casing zoom a white road needs some colour of its own to show on the land.
      ...(road.colour === COLOURS.major || road.colour === COLOURS.minor
        ? { 'line-color': ['step', ['zoom'], road.casing, road.casingFrom, road.colour] }
        : {}),
    },
  }));
  const rail = {
    id: 'rail',
    type: 'line',
    source: 'streets',
    'source-layer': S.road,
    minzoom: 13,
    filter: ['all', classIn('major_rail', 'minor_rail'), ['!=', ['get', 'structure'], 'tunnel']],
    paint: { 'line-color': COLOURS.rail, 'line-width': linear(13, 0.6, 16, 1.2, 18, 2) },
  };
  return [rail, ...casings, ...fills];
}

function areaLayers(COLOURS: Palette): Json[] {
  const landuse = (id: string, classes: string[], colour: string, minzoom = 0): Json => ({
    id, type: 'fill', source: 'streets', 'source-layer': S.landuse, minzoom, filter: classIn(...classes),
    paint: { 'fill-color': colour, 'fill-antialias': true },
  });
  return [
    // Over Chicago the street data covers everything below with land, then draws OSM's own water and shore.
    { id: 'streets-land', type: 'fill', source: 'streets', 'source-layer': S.coverage, paint: { 'fill-color': COLOURS.land } },
    landuse('school', ['school'], COLOURS.school, 13),
    landuse('hospital', ['hospital'], COLOURS.hospital, 13),
    landuse('sand', ['sand'], COLOURS.sand, 12),
    landuse('park', ['park', 'grass', 'cemetery', 'golf_course', 'agriculture'], COLOURS.park),
    landuse('wood', ['wood', 'scrub'], COLOURS.wood),
    landuse('pitch', ['pitch'], COLOURS.pitch, 14),
    { id: 'water', type: 'fill', source: 'streets', 'source-layer': S.water, paint: { 'fill-color': COLOURS.water } },
    { id: 'waterway', type: 'line', source: 'streets', 'source-layer': S.waterway,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': COLOURS.water, 'line-width': byZoom(10, 1, 14, 3, 18, 10) } },
    { id: 'aeroway', type: 'fill', source: 'streets', 'source-layer': S.aeroway, minzoom: 12, filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': COLOURS.aeroway } },
    { id: 'building', type: 'fill', source: 'streets', 'source-layer': S.building, minzoom: 14,
      paint: { 'fill-color': COLOURS.building, 'fill-outline-color': COLOURS.buildingLine, 'fill-opacity': linear(14, 0, 15, 1) } },
  ];
}

const haloOf = (COLOURS: Palette) => (width = 1.5) => ({ 'text-halo-color': COLOURS.halo, 'text-halo-width': width, 'text-halo-blur': 0.5 });

/** Road-label priority: bigger roads are named first. */
const ROAD_RANK = ['match', ['get', 'class'], ['motorway', 'trunk'], 1, 'primary', 2, 'secondary', 3, 'tertiary', 4, 5];

/**
 * The smallest population a world city needs at each zoom, so towns come in as the map has room
 * for them (the tiles carry every city from z8 on).
 */
const CITY_POPULATION = [
  'step', ['zoom'], 5_000_000, 3, 1_000_000, 4, 300_000, 5, 100_000, 6, 50_000, 7, 20_000, 8, 12_000, 9, 8_000, 10, 4_000, 11, 1_500, 12, 0,
];

/**
 * The world's place labels with a regions' counterpart step aside inside the regions, at every zoom (the
 * region names its own places from z0), so a town is named once. Without regions the labels are as before.
 */
function labelLayers(COLOURS: Palette, regionsArea?: RegionsArea): Json[] {
  const halo = haloOf(COLOURS);
  const kind = (value: string): Expression => ['==', ['get', 'kind'], value];
  const outsideRegions: Expression[] = regionsArea ? [['!', ['within', regionsArea]]] : [];
  const kindOutsideRegions = (value: string): Expression => (regionsArea ? ['all', kind(value), ...outsideRegions] : kind(value));
  return [
    { id: 'waterway-label', type: 'symbol', source: 'streets', 'source-layer': S.waterwayLabel, minzoom: 13,
      layout: { 'symbol-placement': 'line', 'text-field': ['get', 'name'], 'text-font': ITALIC, 'text-size': 12,
        'symbol-spacing': 500, 'text-letter-spacing': 0.05 },
      paint: { 'text-color': COLOURS.waterText, ...halo(1.2) } },
    { id: 'road-label', type: 'symbol', source: 'streets', 'source-layer': S.roadLabel, minzoom: 12,
      // Street names from z14 (a z13 tile names every street); bigger roads from z12.
      filter: ['all', ['!=', ['get', 'class'], 'ferry'], ['any', atLeast(14), ['!', classIn('street', 'street_limited', 'service', 'path')]]],
      layout: {
        'symbol-placement': 'line', 'text-field': ['get', 'name'], 'text-font': REGULAR,
        'text-size': linear(12, 10, 15, 11.5, 18, 14), 'symbol-spacing': 450, 'text-max-angle': 30, 'text-padding': 2,
        'symbol-sort-key': ROAD_RANK, 'text-pitch-alignment': 'viewport',
      },
      paint: { 'text-color': ['step', ['zoom'], COLOURS.textSoft, 15, COLOURS.text], ...halo(1.6) } },
    // Parks and campuses from z14, other landmarks from z15.
    { id: 'poi-label', type: 'symbol', source: 'streets', 'source-layer': S.poiLabel, minzoom: 14,
      filter: ['any', atLeast(15), ['in', ['get', 'maki'], ['literal', ['park', 'college', 'zoo', 'golf', 'stadium']]]],
      layout: { 'text-field': ['get', 'name'], 'text-font': ITALIC, 'text-size': 11.5, 'text-max-width': 8, 'text-padding': 4,
        'symbol-sort-key': ['get', 'scalerank'] },
      paint: { 'text-color': ['match', ['get', 'maki'], ['park', 'golf', 'cemetery', 'zoo'], COLOURS.parkText, COLOURS.textSoft], ...halo() } },
    { id: 'neighbourhood-label', type: 'symbol', source: 'streets', 'source-layer': S.placeLabel, minzoom: 12,
      // Fewer at z12-13: OSM's localrank 1 is the best known name of its area.
      filter: ['all', ['in', ['get', 'type'], ['literal', ['neighbourhood', 'suburb', 'hamlet']]],
        ['<=', ['get', 'localrank'], ['step', ['zoom'], 2, 13, 3, 14, 99]]],
      layout: {
        'text-field': ['get', 'name'], 'text-font': MEDIUM, 'text-transform': 'uppercase', 'text-letter-spacing': 0.1,
        'text-size': linear(12, 10, 16, 12.5), 'text-max-width': 7, 'text-padding': 6,
        'symbol-sort-key': ['get', 'localrank'],
      },
      paint: { 'text-color': COLOURS.textFaint, ...halo() } },
    // Towns and villages inside the street data, from the street data (the world's labels step aside there).
    { id: 'town-label', type: 'symbol', source: 'streets', 'source-layer': S.placeLabel, minzoom: 11, maxzoom: 15,
      filter: ['in', ['get', 'type'], ['literal', ['town', 'village']]],
      layout: { 'text-field': ['get', 'name'], 'text-font': MEDIUM, 'text-size': linear(11, 12, 14, 14), 'text-max-width': 8,
        'text-padding': 6, 'symbol-sort-key': ['get', 'localrank'] },
      paint: { 'text-color': COLOURS.textSoft, ...halo() } },
    { id: 'city-label', type: 'symbol', source: 'world', 'source-layer': W.cities,
      filter: ['all', ['!', ['has', 'kind']], ['>=', ['get', 'population'], CITY_POPULATION],
        // Inside the street data from z11 the streets' own place names take over.
        ['any', ['<', ['zoom'], 11], ['!', ['within', STREETS_AREA]]], ...outsideRegions],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': ['step', ['get', 'population'], ['literal', REGULAR], 80_000, ['literal', MEDIUM], 800_000, ['literal', BOLD]],
        'text-max-width': 8,
        'text-padding': ['step', ['zoom'], 3, 6, 8, 9, 12],
        // The most populous first (capitals doubly so), so a city wins a collision with its suburbs.
        'symbol-sort-key': ['-', 0, ['*', ['get', 'population'], ['case', ['==', ['get', 'capital'], 1], 3, 1]]],
        'text-size': [
          'interpolate', ['linear'], ['zoom'],
          2, ['interpolate', ['linear'], ['get', 'population'], 1_000_000, 11, 10_000_000, 13],
          6, ['interpolate', ['linear'], ['get', 'population'], 2000, 11, 100_000, 12.5, 1_000_000, 14.5, 5_000_000, 16],
        ],
      },
      paint: {
        'text-color': ['step', ['get', 'population'], COLOURS.textSoft, 80_000, COLOURS.text],
        ...halo(),
      } },
    { id: 'lake-label', type: 'symbol', source: 'world', 'source-layer': W.lakes, maxzoom: 10,
      filter: ['==', ['geometry-type'], 'Point'],
      layout: { 'text-field': ['get', 'name'], 'text-font': ITALIC, 'text-size': linear(4, 11, 8, 14), 'text-max-width': 6,
        'text-letter-spacing': 0.05 },
      paint: { 'text-color': COLOURS.waterText, ...halo(1) } },
    // Chicago itself, from the street data, at the zooms where the city is what the map shows.
    { id: 'big-city-label', type: 'symbol', source: 'streets', 'source-layer': S.placeLabel, minzoom: 11, maxzoom: 13,
      filter: ['==', ['get', 'type'], 'city'],
      layout: { 'text-field': ['get', 'name'], 'text-font': BOLD, 'text-size': 17 },
      paint: { 'text-color': COLOURS.text, ...halo(2) } },
    { id: 'state-label', type: 'symbol', source: 'world', 'source-layer': W.cities, minzoom: 4, maxzoom: 8,
      filter: kindOutsideRegions('state'),
      layout: { 'text-field': ['get', 'name'], 'text-font': MEDIUM, 'text-transform': 'uppercase', 'text-letter-spacing': 0.12,
        'text-size': linear(4, 10, 7, 12), 'text-max-width': 7, 'text-padding': 4 },
      paint: { 'text-color': COLOURS.textFaint, ...halo(1.2) } },
    { id: 'country-label', type: 'symbol', source: 'world', 'source-layer': W.cities, minzoom: 1, maxzoom: 8,
      filter: kindOutsideRegions('country'),
      layout: { 'text-field': ['get', 'name'], 'text-font': BOLD, 'text-transform': 'uppercase', 'text-letter-spacing': 0.1,
        'text-size': ['interpolate', ['linear'], ['zoom'], 2, ['-', 15, ['*', 1.5, ['get', 'minzoom']]], 6, ['-', 18, ['*', 0.5, ['get', 'minzoom']]]],
        'text-max-width': 6, 'text-padding': 4, 'symbol-sort-key': ['get', 'minzoom'] },
      paint: { 'text-color': COLOURS.countryText, ...halo(1.5) } },
  ];
}

/** The installed regions, as the `regions` source shows them. */
export interface RegionsSource {
  /** [west, south, east, north] in degrees, one per installed region (at least one) */
  bounds: [number, number, number, number][];
  /** the regions' highest tile zoom (MapLibre overzooms beyond it) */
  maxzoom: number;
  /** HTML, shown by MapLibre whenever region layers are drawn */
  attribution: string;
}

/** Region boxes must be plain west<east, south<north boxes: a union of boxes across the antimeridian is not one box. */
function checkRegions(regions: RegionsSource): void {
  if (!Array.isArray(regions.bounds) || regions.bounds.length === 0) throw new Error('RegionsSource.bounds needs at least one region box.');
  regions.bounds.forEach((box, index) => {
    const where = `RegionsSource.bounds[${index}] (${JSON.stringify(box)})`;
    if (!Array.isArray(box) || box.length !== 4 || !box.every(Number.isFinite)) {
      throw new Error(`${where} must be four finite numbers: [west, south, east, north].`);
    }
    const [west, south, east, north] = box;
    if (west < -180 || east > 180 || south < -90 || north > 90) throw new Error(`${where} lies outside longitudes ±180 and latitudes ±90.`);
    if (!(west < east)) throw new Error(`${where}: west must be less than east (boxes across the antimeridian are not supported).`);
    if (!(south < north)) throw new Error(`${where}: south must be less than north.`);
  });
  if (!Number.isInteger(regions.maxzoom) || regions.maxzoom < 0 || regions.maxzoom > 24) {
    throw new Error(`RegionsSource.maxzoom must be a whole zoom from 0 to 24, not ${regions.maxzoom}.`);
  }
  if (typeof regions.attribution !== 'string' || !regions.attribution.trim()) {
    throw new Error('RegionsSource.attribution must name the data (OpenStreetMap contributors, Protomaps).');
  }
}

/** The one box around all regions: MapLibre asks for region tiles only inside it. */
function unionOf(bounds: RegionsSource['bounds']): [number, number, number, number] {
  return [
    Math.min(...bounds.map((box) => box[0])),
    Math.min(...bounds.map((box) => box[1])),
    Math.max(...bounds.map((box) => box[2])),
    Math.max(...bounds.map((box) => box[3])),
  ];
}

/** The regions' boxes as one MultiPolygon, for `within`. */
function areaOf(bounds: RegionsSource['bounds']): RegionsArea {
  return {
    type: 'MultiPolygon',
    coordinates: bounds.map(([west, south, east, north]) => [[[west, south], [east, south], [east, north], [west, north], [west, south]]]),
  };
}

export function buildMapStyle(
  tileUrl: (tileset: string) => string,
  theme: MapTheme = 'light',
  regions?: RegionsSource | null,
): Json {
  const COLOURS = PALETTES[theme];
  if (regions) checkRegions(regions);
  const regionsArea = regions ? areaOf(regions.bounds) : undefined;
  const region = regionsArea ? regionLayers(COLOURS, FONT_STACKS, regionsArea) : { base: [], labels: [] };
  const source = (tileset: keyof typeof TILESETS, extra: Json = {}) => ({
    type: 'vector',
    tiles: [tileUrl(tileset)],
    ...TILESETS[tileset],
    attribution: BASEMAP_ATTRIBUTION,
    ...extra,
  });
  return {
    version: 8,
    name: theme === 'dark' ? 'Siplog offline dark' : 'Siplog offline',
    center: CHICAGO_CENTER,
    zoom: 11,
    sources: {
      world: source('world'),
      // bounds: MapLibre asks for street tiles only where they exist.
      streets: source('streets', { bounds: CHICAGO_BOUNDS }),
      ...(regions && {
        [REGIONS_SOURCE]: {
          type: 'vector',
          tiles: [tileUrl(REGIONS_SOURCE)],
          minzoom: 0,
          maxzoom: regions.maxzoom,
          bounds: unionOf(regions.bounds),
          attribution: regions.attribution,
        },
      }),
    },
    layers: [
      { id: 'ocean', type: 'background', paint: { 'background-color': COLOURS.water } },
      { id: 'land', type: 'fill', source: 'world', 'source-layer': W.land, paint: { 'fill-color': COLOURS.land } },
      { id: 'lakes', type: 'fill', source: 'world', 'source-layer': W.lakes, filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': COLOURS.water } },
      { id: 'rivers', type: 'line', source: 'world', 'source-layer': W.rivers,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': COLOURS.waterLine, 'line-width': linear(3, 0.5, 8, 1.4, 12, 2.5) } },
      ...areaLayers(COLOURS),
      ...roadLayers(COLOURS),
      ...region.base,
      { id: 'state-lines', type: 'line', source: 'world', 'source-layer': W.states, minzoom: 2,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': COLOURS.stateLine, 'line-width': linear(3, 0.6, 10, 1.4), 'line-dasharray': [3, 2] } },
      { id: 'country-lines', type: 'line', source: 'world', 'source-layer': W.countries,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': COLOURS.border, 'line-width': linear(1, 0.6, 10, 1.8) } },
      ...labelLayers(COLOURS, regionsArea),
      ...region.labels,
    ],
  };
}
