import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@siplog/contracts';
import { establishments } from '@siplog/db';
import { newClient } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

const CENTER = { lat: 41.9032, lng: -87.6677 };

/** Answers in the shape Mapbox's Search Box and Geocoding v6 APIs record (trimmed to the fields we read). */
const SEARCHBOX_ANSWER = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-87.6672, 41.9029] },
      properties: {
        name: 'Dark Matter Coffee',
        mapbox_id: 'dXJuOm1ieHBvaTpkYXJr',
        feature_type: 'poi',
        address: '1120 N Ashland Ave',
        full_address: '1120 N Ashland Ave, Chicago, Illinois 60622, United States',
        place_formatted: 'Chicago, Illinois 60622, United States',
        context: {
          country: { name: 'United States', country_code: 'us', country_code_alpha_3: 'USA' },
          region: { name: 'Illinois', region_code: 'IL', region_code_full: 'US-IL' },
          postcode: { name: '60622' },
          place: { name: 'Chicago' },
          neighborhood: { name: 'Wicker Park' },
          address: { name: '1120 N Ashland Ave', address_number: '1120', street_name: 'N Ashland Ave' },
          street: { name: 'N Ashland Ave' },
        },
        coordinates: { latitude: 41.9029, longitude: -87.6672, routable_points: [] },
        poi_category: ['coffee', 'cafe'],
        poi_category_ids: ['coffee', 'cafe'],
        maki: 'cafe',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-87.9, 42.2] },
      properties: {
        name: 'Too Far Cafe',
        mapbox_id: 'dXJuOm1ieHBvaTpmYXI',
        feature_type: 'poi',
        coordinates: { latitude: 42.2, longitude: -87.9 },
        context: { place: { name: 'Elsewhere' } },
      },
    },
    { type: 'Feature', properties: { name: 'Broken: no coordinates' } },
  ],
  attribution: '© 2026 Mapbox and its suppliers.',
};

const GEOCODE_ANSWER = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'dXJuOm1ieHBsYzpBVGpr',
      geometry: { type: 'Point', coordinates: [-87.6772, 41.9088] },
      properties: {
        mapbox_id: 'dXJuOm1ieHBsYzpBVGpr',
        feature_type: 'neighborhood',
        full_address: 'Wicker Park, Chicago, Illinois, United States',
        name: 'Wicker Park',
        name_preferred: 'Wicker Park',
        place_formatted: 'Chicago, Illinois, United States',
        coordinates: { longitude: -87.6772, latitude: 41.9088 },
        context: {
          place: { mapbox_id: 'p', name: 'Chicago' },
          region: { mapbox_id: 'r', name: 'Illinois', region_code: 'IL', region_code_full: 'US-IL' },
          country: { mapbox_id: 'c', name: 'United States', country_code: 'US', country_code_alpha_3: 'USA' },
        },
      },
    },
  ],
  attribution: 'NOTICE: © 2026 Mapbox and its suppliers.',
};

interface Seen {
  path: string;
  params: URLSearchParams;
}

describe('place search with MAPBOX_TOKEN, against a local fake of Mapbox', () => {
  let app: TestApp;
  let fake: http.Server;
  const seen: Seen[] = [];
  let failing = false;

  beforeAll(async () => {
    fake = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      seen.push({ path: url.pathname, params: url.searchParams });
      if (failing) {
        response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"message":"down"}');
        return;
      }
      const body = url.pathname.startsWith('/search/geocode/v6/') ? GEOCODE_ANSWER : url.pathname.startsWith('/search/searchbox/v1/') ? SEARCHBOX_ANSWER : null;
      response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? { message: 'Not Found' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    app = await startTestApp({ MAPBOX_TOKEN: 'pk.test', MAPBOX_API_URL: fakeUrl });
    app.db.insert(establishments).values({ placeId: 'ours-1', name: 'Dark Horse Tea', city: 'Chicago', state: 'IL', lat: 41.904, lng: -87.668 }).run();
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('answers our places, then provider places within 3000 m (ready for placeselected), then areas', async () => {
    seen.length = 0;
    const answer = await app.post('/api/place/search', { query: 'dark', ...CENTER }, newClient());
    expect(answer.status).toBe(200);
    const results = answer.body.results;
    expect(results.map((result: { kind: string; name: string }) => `${result.kind}:${result.name}`)).toEqual([
      'establishment:Dark Horse Tea',
      'place:Dark Matter Coffee',
      'area:Wicker Park',
    ]);
    expect(results[1]).toEqual({
      kind: 'place',
      id: 'mapbox:dXJuOm1ieHBvaTpkYXJr',
      name: 'Dark Matter Coffee',
      label: '1120 N Ashland Ave, Chicago',
      lat: 41.9029,
      lng: -87.6672,
      zoom: 16,
      place_info: {
        place_id: 'dXJuOm1ieHBvaTpkYXJr',
        name: 'Dark Matter Coffee',
        street: '1120 N Ashland Ave',
        city: 'Chicago',
        state: 'IL',
        zip: '60622',
        country: 'US',
        lat: 41.9029,
        lng: -87.6672,
      },
    });
    expect(results[2]).toMatchObject({ kind: 'area', label: 'Chicago, IL', zoom: 14 });

    const poi = seen.find((request) => request.path === '/search/searchbox/v1/forward')!;
    expect(poi.params.get('access_token')).toBe('pk.test');
    expect(poi.params.get('q')).toBe('dark');
    expect(poi.params.get('proximity')).toBe(`${CENTER.lng},${CENTER.lat}`);
    const [west, south, east, north] = poi.params.get('bbox')!.split(',').map(Number);
    expect(north - south).toBeCloseTo((2 * LIMITS.placeSearchRadiusMeters) / 111_320, 3);
    expect(west).toBeLessThan(CENTER.lng);
    expect(east).toBeGreaterThan(CENTER.lng);
    expect(seen.some((request) => request.path === '/search/geocode/v6/forward' && request.params.get('q') === 'dark')).toBe(true);

    // The person picks the provider's place: it becomes an establishment, and the next search knows it.
    const selected = await app.post('/api/place/placeselected', { place_info: results[1].place_info }, newClient());
    expect(selected.body.establishment).toMatchObject({ place_id: 'dXJuOm1ieHBvaTpkYXJr', slug: 'dark-matter-coffee-chicago', zip: '60622' });
    const again = await app.post('/api/place/search', { query: 'dark', ...CENTER }, newClient());
    expect(again.body.results.filter((result: { name: string }) => result.name === 'Dark Matter Coffee')).toEqual([
      expect.objectContaining({ kind: 'establishment', establishment_id: selected.body.establishment.establishment_id }),
    ]);
  });

  it('uses category search for the spec terms (coffee, tea, boba)', async () => {
    seen.length = 0;
    await app.post('/api/place/search', { query: 'Boba', ...CENTER }, newClient());
    expect(seen.map((request) => request.path)).toContain('/search/searchbox/v1/category/bubble_tea');
  });

  it('answers offline when the provider fails', async () => {
    failing = true;
    try {
      const answer = await app.post('/api/place/search', { query: 'chicago', ...CENTER }, newClient());
      expect(answer.status).toBe(200);
      const kinds = answer.body.results.map((result: { kind: string; name: string }) => `${result.kind}:${result.name}`);
      expect(kinds).toContain('area:Chicago');
      expect(kinds).toContain('establishment:Dark Horse Tea');
      expect(kinds.some((kind: string) => kind.startsWith('place:'))).toBe(false);
    } finally {
      failing = false;
    }
  });
});
