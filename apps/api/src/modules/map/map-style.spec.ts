import { describe, expect, it } from 'vitest';
import { buildMapStyle, FONT_STACKS, type MapTheme, type RegionsSource } from './map-style';
import { expressionFilter, REGION_LAYER_PREFIX } from './region-layers';

type Layer = { id: string; type: string; source?: string; minzoom?: number; maxzoom?: number; filter?: unknown; layout?: Record<string, unknown>; paint?: Record<string, unknown> };
type Style = { sources: Record<string, Record<string, unknown>>; layers: Layer[]; [key: string]: unknown };

const tileUrl = (tileset: string) => `http://localhost/api/map/tiles/${tileset}/{z}/{x}/{y}.pbf?v=7`;
const ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>, <a href="https://protomaps.com">Protomaps</a>';
const PORTLAND: [number, number, number, number] = [-122.84, 45.43, -122.47, 45.65];
const LISBON: [number, number, number, number] = [-9.3, 38.65, -9.05, 38.8];
const REGIONS: RegionsSource = { bounds: [PORTLAND, LISBON], maxzoom: 15, attribution: ATTRIBUTION };

const styleOf = (theme: MapTheme, regions: RegionsSource | null = REGIONS) => buildMapStyle(tileUrl, theme, regions) as Style;
const layer = (style: Style, id: string) => {
  const found = style.layers.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no layer ${id}`);
  return found;
};
const regionLayersOf = (style: Style) => style.layers.filter((candidate) => candidate.source === 'regions');

/** Every value under `value`, arrays and objects included, with the key it sits under. */
function* walk(value: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, value];
  if (Array.isArray(value)) for (const item of value) yield* walk(item, key);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, k);
}

const colours = (style: unknown) => new Set(JSON.stringify(style).toLowerCase().match(/#[0-9a-f]{6}/g));
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('buildMapStyle without regions', () => {
  it('is the style of before regions existed, whether regions is left out, undefined or null', () => {
    for (const theme of ['light', 'dark'] as const) {
      const before = buildMapStyle(tileUrl, theme);
      expect(buildMapStyle(tileUrl, theme, null)).toEqual(before);
      expect(buildMapStyle(tileUrl, theme, undefined)).toEqual(before);
      expect(Object.keys(before.sources as object)).toEqual(['world', 'streets']);
      expect(JSON.stringify(before)).not.toMatch(/region/i);
    }
  });
});

describe('buildMapStyle with regions', () => {
  it('adds the regions source: its tile URL, the union of the regions, their maxzoom and attribution', () => {
    const style = styleOf('light');
    expect(style.sources.regions).toEqual({
      type: 'vector',
      tiles: ['http://localhost/api/map/tiles/regions/{z}/{x}/{y}.pbf?v=7'],
      minzoom: 0,
      maxzoom: 15,
      bounds: [-122.84, 38.65, -9.05, 45.65],
      attribution: ATTRIBUTION,
    });
    expect(styleOf('light', { ...REGIONS, bounds: [LISBON] }).sources.regions.bounds).toEqual(LISBON);
    // The existing sources and layers stay as they were.
    const before = buildMapStyle(tileUrl, 'light') as Style;
    expect(style.sources.world).toEqual(before.sources.world);
    expect(style.sources.streets).toEqual(before.sources.streets);
  });

  it('keeps the attribution on screen wherever the regions draw: one region layer shows at every zoom', () => {
    const always = regionLayersOf(styleOf('light')).filter((candidate) => candidate.minzoom === undefined && candidate.maxzoom === undefined);
    expect(always.map((candidate) => candidate.id)).toContain('region-earth');
  });

  it('prefixes every region layer id, and no id appears twice in the style', () => {
    const style = styleOf('light');
    const regionLayers = regionLayersOf(style);
    expect(regionLayers.length).toBeGreaterThan(40);
    for (const candidate of regionLayers) expect(candidate.id.startsWith(REGION_LAYER_PREFIX), candidate.id).toBe(true);
    const ids = style.layers.map((candidate) => candidate.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([
      'region-roads_minor', 'region-roads_major', 'region-roads_labels_minor', 'region-roads_labels_major',
      'region-places_locality', 'region-water', 'region-landuse_park', 'region-buildings',
    ]));
    // Ours draws the background and the borders; shields and one-way arrows are icons only.
    for (const gone of ['region-background', 'region-boundaries', 'region-roads_shields', 'region-roads_oneway', 'region-pois', 'region-landcover']) {
      expect(ids).not.toContain(gone);
    }
  });

  it('asks for nothing off the box: no sprite, no glyphs, no icon anywhere', () => {
    for (const theme of ['light', 'dark'] as const) {
      const style = styleOf(theme);
      expect(style.sprite).toBeUndefined();
      expect(style.glyphs).toBeUndefined();
      const iconKeys = [...walk(style)].map(([key]) => key).filter((key) => key.startsWith('icon-'));
      expect(iconKeys).toEqual([]);
    }
    // The towns keep their names but not the offset that made room for the dot icon.
    const locality = layer(styleOf('light'), 'region-places_locality');
    expect(locality.layout?.['text-field']).toBeDefined();
    expect(locality.layout?.['text-variable-anchor']).toBeUndefined();
  });

  it("draws text only with the app's font stacks: no Protomaps font name is left alone", () => {
    const style = styleOf('light');
    const stacks = [...Object.values(FONT_STACKS)].map((stack) => JSON.stringify(stack));
    const fontArrays = [...walk(style)]
      .map(([, value]) => value)
      .filter((value): value is unknown[] => Array.isArray(value) && value.some((item) => typeof item === 'string' && item.startsWith('Noto Sans')));
    expect(fontArrays.length).toBeGreaterThan(20);
    for (const fonts of fontArrays) {
      expect(fonts.length, JSON.stringify(fonts)).toBeGreaterThan(1);
      expect(fonts.at(-1), JSON.stringify(fonts)).toBe('Arial');
    }
    const used = new Set(fontArrays.map((fonts) => JSON.stringify(fonts)));
    expect([...used].filter((fonts) => !stacks.includes(fonts))).toEqual([JSON.stringify(['Noto Sans Devanagari Regular', 'Noto Sans Devanagari', ...FONT_STACKS.regular])]);
    expect(layer(style, 'region-roads_labels_major').layout?.['text-font']).toEqual(FONT_STACKS.regular);
    expect(layer(style, 'region-water_label_lakes').layout?.['text-font']).toEqual(FONT_STACKS.italic);
  });

  it('orders the layers: ours, the regions under the borders, then our labels, then the region labels above all fills and lines', () => {
    const style = styleOf('light');
    const ids = style.layers.map((candidate) => candidate.id);
    const at = (id: string) => ids.indexOf(id);
    expect(ids[0]).toBe('ocean');
    expect(at('region-earth')).toBeGreaterThan(at('road-motorway'));
    expect(at('region-roads_bridges_highway')).toBeLessThan(at('state-lines'));
    expect(at('region-roads_labels_minor')).toBeGreaterThan(at('country-label'));
    const firstLabel = style.layers.findIndex((candidate) => candidate.type === 'symbol');
    const lastOther = style.layers.findLastIndex((candidate) => candidate.type !== 'symbol');
    expect(lastOther).toBeLessThan(firstLabel);
    // Without the regions, the layers are today's in today's order.
    const before = (buildMapStyle(tileUrl, 'light') as Style).layers.map((candidate) => candidate.id);
    expect(ids.filter((id) => !id.startsWith(REGION_LAYER_PREFIX))).toEqual(before);
  });

  it("draws a region in the app's palettes: the dark one shares no colour with the light one, and its land and water are dark", () => {
    const light = styleOf('light');
    const dark = styleOf('dark');
    expect(dark.sources).toEqual(light.sources);
    expect(dark.layers.map((candidate) => candidate.id)).toEqual(light.layers.map((candidate) => candidate.id));
    const lightColours = colours(light);
    expect([...colours(dark)].filter((colour) => lightColours.has(colour))).toEqual([]);
    // Only hex colours: none of Protomaps' own rgba() landcover or poi colours.
    expect(JSON.stringify(light)).not.toMatch(/rgba?\(/);
    const fill = (style: Style, id: string) => layer(style, id).paint?.['fill-color'] as string;
    expect(luminance(fill(dark, 'region-earth'))).toBeLessThan(0.02);
    expect(luminance(fill(dark, 'region-water'))).toBeLessThan(0.03);
    expect(fill(light, 'region-earth')).toBe(fill(light, 'land'));
    expect(fill(light, 'region-water')).toBe(fill(light, 'water'));
    expect(fill(dark, 'region-buildings')).toBe(fill(dark, 'building'));
  });

  it("names each town once: the world's place labels step aside within the regions, the regions' own stay within them", () => {
    const style = styleOf('light');
    const area = { type: 'MultiPolygon', coordinates: [PORTLAND, LISBON].map(([w, s, e, n]) => [[[w, s], [e, s], [e, n], [w, n], [w, s]]]) };
    const outside = ['!', ['within', area]];
    for (const id of ['city-label', 'state-label', 'country-label']) expect(layer(style, id).filter, id).toContainEqual(outside);
    const locality = layer(style, 'region-places_locality');
    expect(locality.filter).toEqual(['all', ['==', ['get', 'kind'], 'locality'], ['within', area]]);
    // Labels along roads and rivers are not cut at the edge of the area.
    expect(JSON.stringify(layer(style, 'region-roads_labels_major').filter)).not.toContain('within');
    // Chicago's streets still take over from the world's cities inside their own area.
    const before = layer(buildMapStyle(tileUrl, 'light') as Style, 'city-label').filter as unknown[];
    expect(layer(style, 'city-label').filter).toEqual([...before, outside]);
  });

  it('turns down regions it cannot draw, with a message naming the problem', () => {
    const build = (regions: unknown) => () => buildMapStyle(tileUrl, 'light', regions as RegionsSource);
    expect(build({ ...REGIONS, bounds: [] })).toThrow(/at least one region/);
    expect(build({ ...REGIONS, bounds: [[-9.3, 38.65, -9.05]] })).toThrow(/four finite numbers/);
    expect(build({ ...REGIONS, bounds: [[-9.3, 38.65, Number.NaN, 38.8]] })).toThrow(/four finite numbers/);
    expect(build({ ...REGIONS, bounds: [[179, -18, -179, -16]] })).toThrow(/west must be less than east/);
    expect(build({ ...REGIONS, bounds: [[-9.3, 38.8, -9.05, 38.65]] })).toThrow(/south must be less than north/);
    expect(build({ ...REGIONS, bounds: [[-190, 38, -9, 39]] })).toThrow(/outside longitudes/);
    expect(build({ ...REGIONS, maxzoom: 15.5 })).toThrow(/maxzoom must be a whole zoom/);
    expect(build({ ...REGIONS, attribution: ' ' })).toThrow(/attribution/);
  });
});

describe('expressionFilter', () => {
  it("rewrites Protomaps' legacy filters as expressions, and leaves expressions alone", () => {
    expect(expressionFilter(['in', 'kind', 'lake', 'water'])).toEqual(['in', ['get', 'kind'], ['literal', ['lake', 'water']]]);
    expect(expressionFilter(['!in', 'kind', 'a'])).toEqual(['!', ['in', ['get', 'kind'], ['literal', ['a']]]]);
    expect(expressionFilter(['all', ['!has', 'is_tunnel'], ['<=', 'kind_detail', 2]])).toEqual(['all', ['!', ['has', 'is_tunnel']], ['<=', ['get', 'kind_detail'], 2]]);
    const expression = ['==', ['get', 'oneway'], 'yes'];
    expect(expressionFilter(expression)).toEqual(expression);
    expect(() => expressionFilter(['==', '$type', 'Polygon'])).toThrow(/Cannot rewrite/);
  });
});

describe('validity', () => {
  it('is a valid MapLibre style in both themes, with and without regions (the style spec\'s own validator)', async () => {
    const { validateStyleMin } = await import('@maplibre/maplibre-gl-style-spec');
    for (const theme of ['light', 'dark'] as const) {
      for (const regions of [null, REGIONS]) {
        const errors = validateStyleMin(styleOf(theme, regions) as never);
        expect(errors.map((error) => error.message), `${theme} ${regions ? 'with' : 'without'} regions`).toEqual([]);
      }
    }
  });
});
