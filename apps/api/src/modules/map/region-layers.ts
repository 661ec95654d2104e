/**
 * The map style's layers for installed regions (issue 29): Protomaps' basemap layers over the `regions`
 * source (Protomaps v4 schema), in Siplog's own colours and fonts, reworked for a style with no sprite
 * and no glyphs, so a region looks like the Chicago streets and the world around it.
 */
import { layers, type Flavor } from '@protomaps/basemaps';

/** The source name the API serves region tiles under, and the prefix of every region layer's id. */
export const REGIONS_SOURCE = 'regions';
export const REGION_LAYER_PREFIX = 'region-';

/** The colours of the app's palette a region is drawn with (map-style.ts's palettes have them all). */
export interface RegionPalette {
  water: string;
  waterText: string;
  land: string;
  park: string;
  wood: string;
  school: string;
  hospital: string;
  sand: string;
  building: string;
  buildingLine: string;
  aeroway: string;
  path: string;
  pathCasing: string;
  minor: string;
  minorCasing: string;
  major: string;
  majorCasing: string;
  primary: string;
  primaryCasing: string;
  motorway: string;
  motorwayCasing: string;
  rail: string;
  border: string;
  text: string;
  textSoft: string;
  textFaint: string;
  countryText: string;
  halo: string;
}

/** The app's text-font stacks (see map-style.ts: the first name gives weight and style, the rest are CSS families). */
export interface FontStacks {
  regular: string[];
  medium: string[];
  bold: string[];
  italic: string[];
}

/** `within` takes a GeoJSON (Multi)Polygon: here, the installed regions' boxes. */
export interface RegionsArea {
  type: 'MultiPolygon';
  coordinates: number[][][][];
}

type Json = Record<string, unknown>;

/**
 * A Protomaps flavour from the app's palette. No `pois` (their colours are icons' colours, and the app's pins
 * must stay the brightest thing on the map) and no `landcover` (a low-zoom wash the world layers already paint).
 */
export function regionFlavor(c: RegionPalette): Flavor {
  return {
    background: c.water,
    earth: c.land,
    park_a: c.park,
    park_b: c.park,
    hospital: c.hospital,
    industrial: c.aeroway,
    school: c.school,
    wood_a: c.wood,
    wood_b: c.wood,
    pedestrian: c.path,
    scrub_a: c.park,
    scrub_b: c.park,
    glacier: c.path,
    sand: c.sand,
    beach: c.sand,
    aerodrome: c.aeroway,
    runway: c.path,
    water: c.water,
    // Protomaps paints military areas and airfields with the zoo colour too: a neutral one suits all three.
    zoo: c.aeroway,
    military: c.aeroway,

    // Tunnels: the road's casing, dashed by Protomaps, around a fill barely off the land.
    tunnel_other_casing: c.pathCasing,
    tunnel_minor_casing: c.minorCasing,
    tunnel_link_casing: c.primaryCasing,
    tunnel_major_casing: c.majorCasing,
    tunnel_highway_casing: c.motorwayCasing,
    tunnel_other: c.path,
    tunnel_minor: c.path,
    tunnel_link: c.path,
    tunnel_major: c.path,
    tunnel_highway: c.path,

    pier: c.path,
    buildings: c.building,

    minor_service_casing: c.minorCasing,
    minor_casing: c.minorCasing,
    link_casing: c.primaryCasing,
    major_casing_late: c.majorCasing,
    highway_casing_late: c.motorwayCasing,
    other: c.path,
    minor_service: c.minor,
    // Before its casing shows, a white street needs a colour of its own to be seen on the land (as road-minor does).
    minor_a: c.minorCasing,
    minor_b: c.minor,
    link: c.primary,
    major_casing_early: c.majorCasing,
    major: c.major,
    highway_casing_early: c.motorwayCasing,
    highway: c.motorway,

    railway: c.rail,
    boundaries: c.border,

    bridges_other_casing: c.pathCasing,
    bridges_minor_casing: c.minorCasing,
    bridges_link_casing: c.primaryCasing,
    bridges_major_casing: c.majorCasing,
    bridges_highway_casing: c.motorwayCasing,
    bridges_other: c.path,
    bridges_minor: c.minor,
    bridges_link: c.primary,
    bridges_major: c.major,
    bridges_highway: c.motorway,

    // Minor roads are named from z15, where the app's street names are in its full text colour; major ones earlier, softer.
    roads_label_minor: c.text,
    roads_label_minor_halo: c.halo,
    roads_label_major: c.textSoft,
    roads_label_major_halo: c.halo,
    ocean_label: c.waterText,
    subplace_label: c.textFaint,
    subplace_label_halo: c.halo,
    city_label: c.text,
    city_label_halo: c.halo,
    state_label: c.textFaint,
    state_label_halo: c.halo,
    country_label: c.countryText,

    address_label: c.textFaint,
    address_label_halo: c.halo,
  };
}

/**
 * Layers left out. `background`: the style's own `ocean` is the background. `boundaries*`: the world's
 * borders draw every border already, above the regions. `roads_shields`: a route number means nothing
 * without its shield icon, and there is no sprite.
 */
const LEFT_OUT = new Set(['background', 'boundaries', 'boundaries_country', 'roads_shields']);

/** Text placed beside an icon: without the icon the text goes back to the point itself. */
const BESIDE_ICON = ['text-radial-offset', 'text-variable-anchor', 'text-justify', 'text-offset'];

/**
 * Protomaps names one font per text (`['Noto Sans Regular']`, also inside `case`/`literal` expressions and
 * `format` sections); without glyphs MapLibre tries each name as a CSS family, so each becomes an app stack.
 */
function fontStacksByName(fonts: FontStacks): Map<string, string[]> {
  return new Map([
    ['Noto Sans Regular', fonts.regular],
    ['Noto Sans Medium', fonts.medium],
    ['Noto Sans Bold', fonts.bold],
    ['Noto Sans Italic', fonts.italic],
    ['Noto Sans Devanagari Regular v1', ['Noto Sans Devanagari Regular', 'Noto Sans Devanagari', ...fonts.regular]],
  ]);
}

function replaceFonts(value: unknown, stacks: Map<string, string[]>): unknown {
  if (Array.isArray(value)) {
    const [only] = value as unknown[];
    if (value.length === 1 && typeof only === 'string' && only.startsWith('Noto Sans')) {
      const stack = stacks.get(only);
      // A newer @protomaps/basemaps with another font must fail here, not fall back silently to the browser's default.
      if (!stack) throw new Error(`The region style has no local font stack for Protomaps' font '${only}'.`);
      return [...stack];
    }
    return value.map((item) => replaceFonts(item, stacks));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceFonts(item, stacks)]));
  }
  return value;
}

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

/**
 * Protomaps writes many filters in MapLibre's legacy syntax (`['in', 'kind', 'a', 'b']`), which cannot be
 * combined with an expression such as `within`: this rewrites the legacy forms it uses as expressions.
 */
export function expressionFilter(filter: unknown): unknown[] {
  if (!Array.isArray(filter) || typeof filter[0] !== 'string') throw new Error(`Not a filter: ${JSON.stringify(filter)}`);
  const [op, ...args] = filter as [string, ...unknown[]];
  const key = args[0];
  const legacyKey = typeof key === 'string';
  if (legacyKey && key.startsWith('$')) throw new Error(`Cannot rewrite the legacy filter ${JSON.stringify(filter)} as an expression.`);
  if (op === 'all' || op === 'any') return [op, ...args.map(expressionFilter)];
  if (op === 'none') return ['!', ['any', ...args.map(expressionFilter)]];
  if (op === 'has' && legacyKey) return ['has', key];
  if (op === '!has' && legacyKey) return ['!', ['has', key]];
  if (COMPARISONS.has(op) && legacyKey && args.length === 2 && !Array.isArray(args[1])) return [op, ['get', key], args[1]];
  if ((op === 'in' || op === '!in') && legacyKey && !Array.isArray(args[1])) {
    const test = ['in', ['get', key], ['literal', args.slice(1)]];
    return op === 'in' ? test : ['!', test];
  }
  if (op === '!in' || op === '!has') throw new Error(`Cannot rewrite the legacy filter ${JSON.stringify(filter)} as an expression.`);
  return filter as unknown[];
}

/** The layer's filter, and inside the area. */
function withinArea(filter: unknown, area: RegionsArea): unknown[] {
  const within = ['within', area];
  return filter === undefined ? within : ['all', expressionFilter(filter), within];
}

const isLabel = (layer: Json) => layer.type === 'symbol';

/** A label at a point (not along a line) that belongs to the regions only: Protomaps' low-zoom tiles cover far beyond them. */
const isPointLabel = (layer: Json) => isLabel(layer) && (layer.layout as Json | undefined)?.['symbol-placement'] !== 'line';

/** Drops what needs the sprite: a label layer that is only an icon goes, one with text keeps its text. */
function withoutIcons(layer: Json): Json | null {
  const layout = layer.layout as Json | undefined;
  if (!layout) return layer;
  const hadIcon = 'icon-image' in layout;
  if (hadIcon && !('text-field' in layout)) return null;
  const kept = Object.entries(layout).filter(([property]) => !property.startsWith('icon-') && !(hadIcon && BESIDE_ICON.includes(property)));
  return { ...layer, layout: Object.fromEntries(kept) };
}

/** The app's own look where Protomaps' differs: buildings as over Chicago (opaque with an outline, fading in at z14). */
function inAppLook(layer: Json, c: RegionPalette): Json {
  if (layer.id !== 'buildings') return layer;
  return {
    ...layer,
    minzoom: 14,
    paint: {
      'fill-color': c.building,
      'fill-outline-color': c.buildingLine,
      'fill-opacity': ['interpolate', ['linear'], ['zoom'], 14, 0, 15, 1],
    },
  };
}

export interface RegionLayers {
  /** fills and lines: drawn above the world and Chicago, under the borders */
  base: Json[];
  /** labels: drawn above all other labels */
  labels: Json[];
}

/**
 * The regions' layers, ids prefixed with `region-`. Labels at a point are kept `within` the regions' area,
 * where the world's own place labels step aside, so each town is named once.
 */
export function regionLayers(palette: RegionPalette, fonts: FontStacks, area: RegionsArea): RegionLayers {
  const flavor = regionFlavor(palette);
  const stacks = fontStacksByName(fonts);
  const prepare = (specs: unknown[]): Json[] =>
    specs
      .map((spec) => replaceFonts(spec, stacks) as Json)
      .filter((layer) => !LEFT_OUT.has(layer.id as string))
      .map(withoutIcons)
      .filter((layer): layer is Json => layer !== null)
      .map((layer) => inAppLook(layer, palette))
      .map((layer) => (isPointLabel(layer) ? { ...layer, filter: withinArea(layer.filter, area) } : layer))
      .map((layer) => ({ ...layer, id: `${REGION_LAYER_PREFIX}${layer.id as string}` }));
  // Without `lang`, layers() gives only the layers that are not labels; with labelsOnly, only the labels.
  const base = prepare(layers(REGIONS_SOURCE, flavor));
  const labels = prepare(layers(REGIONS_SOURCE, flavor, { labelsOnly: true, lang: 'en' }));
  const misplaced = [...base.filter(isLabel), ...labels.filter((layer) => !isLabel(layer))].map((layer) => layer.id);
  if (misplaced.length) throw new Error(`Protomaps' layers are not split into labels and the rest as expected: ${misplaced.join(', ')}`);
  return { base, labels };
}
