import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHICAGO_TILES_Z13 } from '@siplog/basemap';
import { loadConfig } from '../../config/app.config';
import { startTestApp, type TestApp } from '../../test/test-app';
import { BasemapHandle } from './basemap.provider';
import { ftsPrefixQuery, GazetteerService } from './gazetteer.service';
import { MapService } from './map.service';
import { RegionShelf } from './regions/region-shelf';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const CHICAGO_Z13 = `streets/13/${CHICAGO_TILES_Z13.minX + 2}/${CHICAGO_TILES_Z13.minY + 2}`;
const tile = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}/api/map/tiles/${path}.pbf`, { headers });

/** Every URL inside the style, wherever it sits. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^[a-z]+:\/\//i.test(value) || value.startsWith('/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => (key === 'attribution' ? [] : urlsIn(v)));
  return [];
}

describe('GET /api/map/style.json', () => {
  it('is a MapLibre v8 style with no glyphs or sprite, whose tiles are all on this origin', async () => {
    const response = await fetch(`${app.baseUrl}/api/map/style.json`);
    expect(response.status).toBe(200);
    const style = (await response.json()) as any;
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.keys(style.sources).sort()).toEqual(['streets', 'world']);
    expect(style.sources.world.attribution).toMatch(/OpenStreetMap.*Natural Earth.*GeoNames/);
    const urls = urlsIn(style);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) expect(url.startsWith(`${app.baseUrl}/api/map/tiles/`), url).toBe(true);
    const layerIds = style.layers.map((layer: { id: string }) => layer.id);
    expect(layerIds).toEqual(expect.arrayContaining(['land', 'water', 'park', 'road-major', 'road-label', 'city-label', 'state-lines']));
  });

  it('has a dark twin for the dark theme (?theme=dark): the same sources and layers, none of the light colours', async () => {
    const light = (await (await fetch(`${app.baseUrl}/api/map/style.json`)).json()) as any;
    const response = await fetch(`${app.baseUrl}/api/map/style.json?theme=dark`);
    expect(response.status).toBe(200);
    const dark = (await response.json()) as any;
    expect(dark.name).toBe('Siplog offline dark');
    expect(dark.sources).toEqual(light.sources);
    const ids = (style: any) => style.layers.map((layer: { id: string }) => layer.id);
    expect(ids(dark)).toEqual(ids(light));
    const colours = (style: unknown) => new Set(JSON.stringify(style).match(/#[0-9a-f]{6}/gi));
    const shared = [...colours(dark)].filter((colour) => colours(light).has(colour));
    expect(shared).toEqual([]);
    // Land and water are dark: WCAG relative luminance well under the light style's.
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const paint = (style: any, id: string, property: string) => style.layers.find((layer: { id: string }) => layer.id === id).paint[property];
    expect(luminance(paint(dark, 'land', 'fill-color'))).toBeLessThan(0.02);
    expect(luminance(paint(dark, 'ocean', 'background-color'))).toBeLessThan(0.03);
    expect(luminance(paint(light, 'land', 'fill-color'))).toBeGreaterThan(0.8);
    // Anything else asks for the light one.
    expect(((await (await fetch(`${app.baseUrl}/api/map/style.json?theme=sepia`)).json()) as any).name).toBe('Siplog offline');
  });

  it('names tiles on the origin the browser used behind a trusted proxy', async () => {
    const response = await fetch(`${app.baseUrl}/api/map/style.json`, { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'cafe.example' } });
    const style = (await response.json()) as any;
    expect(style.sources.streets.tiles[0]).toMatch(/^https:\/\/cafe\.example\/api\/map\/tiles\/streets\/\{z\}\/\{x\}\/\{y\}\.pbf\?v=/);
  });
});

describe('GET /api/map/tiles/:tileset/:z/:x/:y.pbf', () => {
  it('answers the world z0 tile as gzip protobuf with long cache headers and an ETag', async () => {
    const response = await tile('world/0/0/0', { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-protobuf');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('answers a Chicago z13 street tile, and 304 to a second request with its ETag', async () => {
    const first = await tile(CHICAGO_Z13);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/x-protobuf');
    await first.arrayBuffer();
    const again = await tile(CHICAGO_Z13, { 'If-None-Match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('sends plain protobuf to a client that does not accept gzip', async () => {
    const http = await import('node:http');
    const { status, encoding, body } = await new Promise<{ status?: number; encoding?: string; body: Buffer }>((resolve, reject) => {
      http.get(`${app.baseUrl}/api/map/tiles/world/0/0/0.pbf`, { headers: { 'Accept-Encoding': 'identity' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(status).toBe(200);
    expect(encoding).toBeUndefined();
    expect(body[0]).not.toBe(0x1f); // not gzip's magic number
    expect(() => zlib.gunzipSync(body)).toThrow();
  });

  it('answers 204 with no body where there is nothing to draw (open ocean, streets outside Chicago)', async () => {
    for (const path of ['world/6/2/40', 'streets/13/0/0']) {
      const response = await tile(path);
      expect(response.status, path).toBe(204);
      expect(await response.text()).toBe('');
    }
  });

  it('answers 400 to coordinates that are not integers or out of range, 404 to an unknown tileset', async () => {
    for (const path of ['world/1/2/0', 'world/1/0/2', 'world/23/0/0', 'world/-1/0/0', 'world/1.5/0/0', 'world/a/0/0', 'world/99999999999/0/0']) {
      const response = await tile(path);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as any).status).toBe(400);
    }
    expect((await tile('moon/0/0/0')).status).toBe(404);
  });
});

describe('GazetteerService', () => {
  const gazetteer = () => app.get(GazetteerService);

  it('searches by prefix, ranking big cities first', () => {
    expect(gazetteer().search('chic', 5)[0]).toMatchObject({ name: 'Chicago', kind: 'city', state: 'IL', country: 'US' });
    expect(gazetteer().search('wicker p', 5).map((entry) => entry.name)).toContain('Wicker Park');
    expect(gazetteer().search('Zürich', 3)[0]).toMatchObject({ country: 'CH' });
    expect(gazetteer().search('zurich', 3)[0]).toMatchObject({ country: 'CH' });
  });

  it('never fails on hostile full-text input, and finds nothing where nothing is searchable', () => {
    for (const text of ['"foo" OR bar*', 'NEAR(', 'name:chicago', 'a AND (b OR NOT c)', '"', '*', '^chicago', '-', ')))(((', 'x'.repeat(5000)]) {
      expect(() => gazetteer().search(text, 5), text).not.toThrow();
    }
    expect(gazetteer().search('(chicago*)', 5)[0]?.name).toBe('Chicago');
    expect(gazetteer().search('near north', 5).map((entry) => entry.name)).toContain('Near North Side');
    expect(gazetteer().search('  ', 5)).toEqual([]);
    expect(gazetteer().search('"*():', 5)).toEqual([]);
    expect(ftsPrefixQuery('"foo" OR bar*')).toBe('"foo"* "OR"* "bar"*');
  });

  it('finds the nearest city to a point', () => {
    expect(gazetteer().nearest(41.9088, -87.6776)).toMatchObject({ name: 'Chicago', state: 'IL' }); // Wicker Park
    expect(gazetteer().nearest(48.8566, 2.3522)).toMatchObject({ name: 'Paris', country: 'FR' });
    expect(gazetteer().nearest(Number.NaN, 0)).toBeNull();
  });

  it('finds by exact name or slug, ignoring case and diacritics', () => {
    expect(gazetteer().findByName('wicker-park')).toMatchObject({ name: 'Wicker Park', kind: 'neighbourhood' });
    expect(gazetteer().findByName('chicago-il')).toMatchObject({ name: 'Chicago', state: 'IL' });
    expect(gazetteer().findByName('CHICAGO')).toMatchObject({ name: 'Chicago', country: 'US' });
    expect(gazetteer().findByName('springfield-il')).toMatchObject({ name: 'Springfield', state: 'IL' });
    expect(gazetteer().findByName('paris-fr')).toMatchObject({ name: 'Paris', country: 'FR' });
    expect(gazetteer().findByName('zurich')).toMatchObject({ country: 'CH' });
    expect(gazetteer().findByName('no such place anywhere')).toBeNull();
  });
});

describe('without a built basemap file', () => {
  const missing = new BasemapHandle(null);
  const config = loadConfig({ DATA_DIR: process.env.TMPDIR ?? '/tmp', LOG_TO_CONSOLE: 'false' });

  it('answers 503 for tiles and still serves the style', () => {
    const map = new MapService(config, missing, new RegionShelf(config.mapDir));
    expect(() => map.tile('world', '0', '0', '0', true, undefined)).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
    expect(map.style('http://localhost').version).toBe(8);
  });

  it('tells the web app a dark style for each mode but a self-hoster\'s own', () => {
    const configOf = (env: Record<string, string>) => new MapService(loadConfig({ DATA_DIR: process.env.TMPDIR ?? '/tmp', LOG_TO_CONSOLE: 'false', ...env }), missing, new RegionShelf(config.mapDir)).clientConfig();
    expect(configOf({})).toMatchObject({ mode: 'offline', styleUrl: '/api/map/style.json', darkStyleUrl: '/api/map/style.json?theme=dark' });
    expect(configOf({ MAPBOX_TOKEN: 'pk.test' })).toMatchObject({ mode: 'mapbox', darkStyleUrl: 'mapbox://styles/mapbox/dark-v11' });
    const own = configOf({ MAP_STYLE_URL: 'https://tiles.example.org/style.json' });
    expect(own).toMatchObject({ mode: 'style', styleUrl: 'https://tiles.example.org/style.json' });
    expect(own.darkStyleUrl).toBeUndefined();
  });

  it('has an empty gazetteer', () => {
    const gazetteer = new GazetteerService(missing);
    expect(gazetteer.search('chicago', 5)).toEqual([]);
    expect(gazetteer.nearest(41.88, -87.63)).toBeNull();
    expect(gazetteer.findByName('chicago')).toBeNull();
  });
});
