import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS, PLACE_SERVER_MESSAGES } from '@siplog/contracts';
import { establishments, insertEstablishment } from '@siplog/db';
import { METERS_PER_DEGREE_LAT } from '../../common/geo';
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

/** A Search Box POI in Chicago, a few hundred metres from CENTER at most. */
function poi(mapboxId: string, name: string, lat: number, lng: number) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lng, lat] },
    properties: {
      name,
      mapbox_id: mapboxId,
      feature_type: 'poi',
      address: '1 Test St',
      coordinates: { latitude: lat, longitude: lng },
      context: { place: { name: 'Chicago' }, region: { name: 'Illinois', region_code: 'IL' }, postcode: { name: '60622' } },
    },
  };
}

/** Free-text POI answers by query: the provider's places the tests below select. */
const POIS_BY_QUERY: Record<string, object[]> = {
  race: [poi('race-id', 'Race Condition Roasters', 41.905, -87.668)],
  // The same real place under another provider id, 20 m from Dark Matter Coffee.
  twin: [poi('twin-id', 'DARK MATTER coffee', 41.9029 + 20 / METERS_PER_DEGREE_LAT, -87.6672)],
  limit: Array.from({ length: 31 }, (_, i) => poi(`limit-${i}`, `Limit ${i}`, 41.9 + i * 0.0005, -87.67)),
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
      const pois = POIS_BY_QUERY[url.searchParams.get('q') ?? ''];
      const body = url.pathname.startsWith('/search/geocode/v6/')
        ? GEOCODE_ANSWER
        : pois
          ? { type: 'FeatureCollection', features: pois }
          : url.pathname.startsWith('/search/searchbox/v1/')
            ? SEARCHBOX_ANSWER
            : null;
      response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? { message: 'Not Found' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    app = await startTestApp({ MAPBOX_TOKEN: 'pk.test', MAPBOX_API_URL: fakeUrl });
    await insertEstablishment(app.data, { placeId: 'ours-1', name: 'Dark Horse Tea', city: 'Chicago', state: 'IL', lat: 41.904, lng: -87.668 });
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
    expect(north - south).toBeCloseTo((2 * LIMITS.placeSearchRadiusMeters) / METERS_PER_DEGREE_LAT, 3);
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
  const select = (info: Record<string, unknown>, headers = newClient()) => app.post('/api/place/placeselected', { place_info: info }, headers);
  const searchPlaces = async (query: string) => {
    const answer = await app.post('/api/place/search', { query, ...CENTER }, newClient());
    return answer.body.results.filter((result: { kind: string }) => result.kind === 'place');
  };

  it('creates a provider place only from what the provider answered this server, never from the client', async () => {
    // Never searched here: a client cannot squat a provider id, whatever it claims.
    const squat = { place_id: 'never-searched', name: 'Squatter', lat: 41.9, lng: -87.66 };
    expect((await select(squat)).body).toEqual({ status: 404, msg: PLACE_SERVER_MESSAGES.searchAgain });

    const [race] = await searchPlaces('race');
    expect(race.place_info).toMatchObject({ place_id: 'race-id', name: 'Race Condition Roasters' });
    // The client lies about the name and the point: the provider's answer is what gets stored.
    const lied = { ...race.place_info, name: 'Squatted Name', street: 'Nowhere', lat: 10, lng: 10 };
    // Concurrent selections of one new place make one row.
    const answers = await Promise.all(Array.from({ length: 6 }, () => select(lied)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.establishment.establishment_id)).size).toBe(1);
    expect(answers[0].body.establishment).toMatchObject({ place_id: 'race-id', name: 'Race Condition Roasters', street: '1 Test St', lat: 41.905, lng: -87.668 });
    expect(await app.data.select().from(establishments).where(eq(establishments.placeId, 'race-id'))).toHaveLength(1);
  });

  it('treats another provider id for the same name within 30 m as the same place', async () => {
    // Dark Matter Coffee was selected in the first test.
    const darkId = (await app.data.select().from(establishments).where(eq(establishments.placeId, 'dXJuOm1ieHBvaTpkYXJr')))[0]!.id;
    const [twin] = await searchPlaces('twin');
    const selected = await select(twin.place_info);
    expect(selected.body.establishment.establishment_id).toBe(darkId);
    expect(await app.data.select().from(establishments).where(eq(establishments.placeId, 'twin-id'))).toEqual([]);
  });

  it('limits new places per client address; known places still answer', async () => {
    const places = (await app.post('/api/place/search', { query: 'limit', ...CENTER }, newClient())).body.results;
    expect(places.length).toBeGreaterThan(0);
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const info = { place_id: `limit-${i}`, name: `Limit ${i}`, lat: 10, lng: 10 };
      statuses.push((await select(info, client)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await select({ place_id: 'limit-0', name: 'Limit 0', lat: 10, lng: 10 }, client)).status).toBe(200);
  });
});
