import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, insertEstablishment, placeFollows } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

interface PlacePost {
  path: string;
  /** Only the required fields, so that each bad variant differs from a good call in one way. */
  valid: Record<string, unknown>;
  signedIn?: boolean;
}

const KNOWN = { place_id: 'bad-input-known', name: 'Known Place', lat: 41.88, lng: -87.63 };

/** Every place path (and the place's reviews), as bad-input.api.spec.ts does for the documented paths. */
const PLACE_POSTS: PlacePost[] = [
  { path: '/api/place/loadestablishment', valid: { establishment_id: 1 } },
  { path: '/api/place/loadestablishmentbylocation', valid: { location: 'known-place' } },
  { path: '/api/place/placeselected', valid: { place_info: KNOWN } },
  { path: '/api/place/placeforfeed', valid: {} },
  { path: '/api/place/isEstablishmentFollowed', valid: { establishment_id: 1 }, signedIn: true },
  { path: '/api/place/followestablishment', valid: { establishment_id: 1 }, signedIn: true },
  { path: '/api/place/unfollowestablishment', valid: { establishment_id: 1 }, signedIn: true },
  { path: '/api/place/followers', valid: { establishment_id: 1 } },
  { path: '/api/place/inbounds', valid: { west: -88, south: 41, east: -87, north: 42 } },
  { path: '/api/place/search', valid: { query: 'known' } },
  { path: '/api/place/addplace', valid: { name: 'Dropped Pin', lat: 41.7, lng: -87.7 }, signedIn: true },
  { path: '/api/place/suggestaddress', valid: { lat: 41.88, lng: -87.63 } },
  { path: '/api/place/area', valid: { location: 'chicago' } },
  { path: '/api/post/loadpostsbyestablishment', valid: { establishment_id: 1 } },
];

const HUGE = 'x'.repeat(200_000);

function snapshot(app: TestApp): string {
  return JSON.stringify([app.db.select().from(establishments).all(), app.db.select().from(placeFollows).all()]);
}

describe('bad input on every place path', () => {
  let app: TestApp;
  let probe: TestAccount;
  let ip = 1;
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.post(path, body, { 'X-Forwarded-For': `198.51.100.${ip++ % 250}`, ...headers });

  beforeAll(async () => {
    app = await startTestApp();
    probe = await registerAccount(app, 'placeprobe');
    insertEstablishment(app.db, { placeId: KNOWN.place_id, name: KNOWN.name, city: '', lat: KNOWN.lat, lng: KNOWN.lng });
  });
  afterAll(() => app.close());

  for (const { path, valid, signedIn } of PLACE_POSTS) {
    describe(path, () => {
      const hasRequired = Object.keys(valid).length > 0;
      const variants: Array<[string, unknown, Record<string, string>?]> = [
        ...(hasRequired ? ([['no body', undefined], ['an empty object', {}]] as Array<[string, unknown]>) : []),
        ['a JSON array', [valid]],
        ['a JSON string', '"hello"'],
        ['malformed JSON', '{"oops":'],
        ...(hasRequired
          ? ([['a form-encoded body', 'a=1&b=2', { 'Content-Type': 'application/x-www-form-urlencoded' }]] as Array<[string, unknown, Record<string, string>]>)
          : []),
        ['an unknown field', { ...valid, isAdmin: true }],
        ...Object.keys(valid).flatMap((key): Array<[string, unknown]> => [
          // An id as a number is well-formed (an unknown one answers 404), so ids get numbers that are no id.
          ...(key === 'establishment_id'
            ? ([[`${key} negative`, { ...valid, [key]: -5 }], [`${key} fractional`, { ...valid, [key]: 1.5 }]] as Array<[string, unknown]>)
            : ([[`${key} as a number`, { ...valid, [key]: 12345 }]] as Array<[string, unknown]>)),
          [`${key} as an object`, { ...valid, [key]: { $gt: '' } }],
          [`${key} missing`, Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))],
          [`${key} huge`, { ...valid, [key]: HUGE }],
        ]),
      ];

      it('answers 400 with a clear message and stores nothing', async () => {
        const before = snapshot(app);
        const auth = signedIn ? probe.auth : {};
        for (const [label, body, headers] of variants) {
          const response = await send(path, body, { ...auth, ...headers });
          expect(response.status, label).toBe(400);
          expect(response.body.status, label).toBe(400);
          expect(typeof response.body.msg, label).toBe('string');
          expect(response.body.msg.length, label).toBeGreaterThan(3);
          expect(JSON.stringify(response.body), label).not.toMatch(/at \w+ \(|node_modules|SQLITE|\/work\//);
        }
        expect(snapshot(app)).toBe(before);
      });

      it('answers the well-formed body with 200', async () => {
        expect((await send(path, valid, signedIn ? probe.auth : {})).status).toBe(200);
      });
    });
  }

  it('refuses oversized or mistyped place_info fields and provider details', async () => {
    const before = snapshot(app);
    const info = { place_id: 'bad-new', name: 'New', lat: 1, lng: 1 };
    const bodies = [
      { place_info: { ...info, name: 'n'.repeat(201) } },
      { place_info: { ...info, street: 5 } },
      { place_info: { ...info, lat: '41.1' } },
      { place_info: { ...info, lng: 181 } },
      { place_info: { ...info, extra: 1 } },
      { place_info: { ...info, name: '   ' } },
      { place_info: info, details: { blob: 'd'.repeat(5000) } },
    ];
    for (const body of bodies) expect((await send('/api/place/placeselected', body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await send('/api/place/addplace', { name: 'x', lat: 1, lng: 1, place_id: 'siplog:1' }, probe.auth)).status).toBe(400);
    expect(snapshot(app)).toBe(before);
  });
});
