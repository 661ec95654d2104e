import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment, placeFollows } from '@siplog/db';
import { newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

const INFO = { place_id: 'trpc-place', name: 'Typed Tea', street: '2 Query St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US', lat: 41.88, lng: -87.63 };

describe('place procedures over tRPC', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let id: number;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'anntrpcpl');
    bob = await registerAccount(app, 'bobtrpcpl');
    // Offline, placeselected answers only known places: the test writes the provider's place first.
    await insertEstablishment(app.data, { placeId: INFO.place_id, name: INFO.name, street: INFO.street, city: INFO.city, state: INFO.state, zip: INFO.zip, country: INFO.country, lat: INFO.lat, lng: INFO.lng });
    const selected = await app.trpc('mutation', 'place.select', { place_info: INFO }, newClient());
    id = selected.data.establishment.establishment_id;
  });
  afterAll(() => app.close());

  it('answers the same shapes as REST through the same service', async () => {
    const rest = await app.post('/api/place/loadestablishment', { establishment_id: id });
    expect((await app.trpc('query', 'place.byId', { establishment_id: id })).data).toEqual(rest.body);
    expect((await app.trpc('query', 'place.byLocation', { location: 'typed-tea-chicago' })).data).toEqual(rest.body);
    expect((await app.trpc('query', 'place.forFeed', { limit: 1, skip: 0 })).data.establishment).toHaveLength(1);
    const pins = await app.trpc('query', 'place.inBounds', { west: -88, south: 41.5, east: -87.5, north: 42 });
    expect(pins.data).toEqual({ places: [expect.objectContaining({ establishment_id: id, name: 'Typed Tea', posts: 0, rating: '' })], truncated: false });
    const search = await app.trpc('query', 'place.search', { query: 'typed', lat: 41.88, lng: -87.63 }, newClient());
    expect(search.data.results[0]).toMatchObject({ kind: 'establishment', establishment_id: id, label: '2 Query St, Chicago' });
    expect((await app.trpc('query', 'place.suggestAddress', { lat: 41.881, lng: -87.631 })).data).toEqual({ city: 'Chicago', state: 'IL', zip: '60601', country: 'US' });
    expect((await app.trpc('query', 'place.area', { location: 'Chicago' })).data.establishments[0].establishment_id).toBe(id);
    expect((await app.trpc('query', 'post.byEstablishment', { establishment_id: id })).data).toEqual({ posts: [] });
  });

  it('maps unknown ids to NOT_FOUND and bad boxes to BAD_REQUEST', async () => {
    const missing = await app.trpc('query', 'place.byId', { establishment_id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.error?.data.code).toBe('NOT_FOUND');
    expect((await app.trpc('query', 'post.byEstablishment', { establishment_id: 999999 })).status).toBe(404);
    const wide = await app.trpc('query', 'place.inBounds', { west: 170, south: 0, east: -170, north: 1 });
    expect(wide.status).toBe(400);
    expect(wide.error?.message).toMatch(/antimeridian/);
  });

  it('needs a signed-in caller for follows and adding places (401), their own e-mail (403)', async () => {
    const authed: Array<['query' | 'mutation', string, unknown]> = [
      ['query', 'place.isFollowed', { establishment_id: id }],
      ['mutation', 'place.follow', { establishment_id: id }],
      ['mutation', 'place.unfollow', { establishment_id: id }],
      ['mutation', 'place.add', { name: 'Pin Drop', lat: 41.7, lng: -87.7 }],
    ];
    for (const [kind, procedure, input] of authed) {
      const answer = await app.trpc(kind, procedure, input);
      expect(answer.status, procedure).toBe(401);
      expect(answer.error?.data.code, procedure).toBe('UNAUTHORIZED');
    }
    for (const [kind, procedure] of authed.slice(0, 3)) {
      expect((await app.trpc(kind, procedure, { establishment_id: id, email: bob.email }, ann.auth)).status, procedure).toBe(403);
    }
    expect(await app.data.select().from(placeFollows)).toEqual([]);
  });

  it('follows, counts and unfollows; adds a place', async () => {
    const followed = await app.trpc('mutation', 'place.follow', { establishment_id: id, email: ann.email }, ann.auth);
    expect(followed.data).toEqual({ status: 200, followed: true, followers: 1 });
    expect((await app.trpc('query', 'place.isFollowed', { establishment_id: id }, ann.auth)).data).toEqual({ followed: true });
    expect((await app.trpc('query', 'place.followers', { establishment_id: id })).data).toEqual({ followers: ['anntrpcpl'] });
    expect((await app.trpc('mutation', 'place.unfollow', { establishment_id: id }, ann.auth)).data).toEqual({ status: 200, followed: false, followers: 0 });
    const added = await app.trpc('mutation', 'place.add', { name: 'Pin Drop', lat: 41.7, lng: -87.7 }, ann.auth);
    expect(added.data.establishment).toMatchObject({ name: 'Pin Drop', place_id: `siplog:${added.data.establishment.establishment_id}` });
  });
});
