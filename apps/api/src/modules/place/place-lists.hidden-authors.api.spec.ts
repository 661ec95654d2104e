import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';

const ADMIN_EMAIL = 'kindsadmin@example.com';

/**
 * Issue 26: hidden people's reviews (deactivated, suspended or erased authors) do not count toward a place's kind, as
 * they do not count toward its rating; the map's Boba filter lists neither place the report saw.
 */
describe("a place's kind from its visible reviews only", () => {
  let app: TestApp;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;
  let cat: TestAccount;
  const place: Record<string, { id: number; placeId: string }> = {};
  const box = { west: -87.7, south: 41.8, east: -87.5, north: 42 };

  const bobaPlaces = async () => {
    const rest = ((await app.post('/api/place/inbounds', { ...box, kind: 'boba' })).body.places as Array<{ name: string }>).map((pin) => pin.name).sort();
    const trpc = ((await app.trpc('query', 'place.inBounds', { ...box, kind: 'boba' })).data.places as Array<{ name: string }>).map((pin) => pin.name).sort();
    expect(trpc).toEqual(rest);
    return rest;
  };
  const threeTaros = async (account: TestAccount, key: string) => {
    for (let i = 0; i < 3; i++) {
      const answer = await postReview(app, account, { place_id: place[key].placeId, order: 'Taro', rating: 5, drink: { kind: 'taro' } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  };

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await registerAccount(app, 'kindsadmin', { email: ADMIN_EMAIL });
    ann = await registerAccount(app, 'annkinds');
    bob = await registerAccount(app, 'bobkinds');
    cat = await registerAccount(app, 'catkinds');
    for (const [key, name, lat] of [
      ['north', 'North Corner', 41.881],
      ['south', 'South Corner', 41.882],
      ['west', 'West Corner', 41.883],
    ] as const) {
      const row = await insertEstablishment(app.data, { placeId: `siplog:kinds-${key}`, name, lat, lng: -87.631, city: 'Chicago' });
      place[key] = { id: row.id, placeId: row.placeId };
    }
    await threeTaros(ann, 'north');
    await threeTaros(bob, 'south');
    await threeTaros(cat, 'west');
  });
  afterAll(() => app.close());

  it('drops the places of a deactivated and a suspended author from Boba, and brings them back', async () => {
    expect(await bobaPlaces()).toEqual(['North Corner', 'South Corner', 'West Corner']);

    expect((await app.post('/api/user/deactivateaccount', { password: ann.password }, ann.auth)).status).toBe(200);
    expect((await app.post('/api/admin/suspenduser', { email: bob.email, reason: 'Spam' }, admin.auth)).status).toBe(200);
    for (const key of ['north', 'south']) {
      // What the place page shows: no reviews and no best orders.
      expect((await app.post('/api/post/loadpostsbyestablishment', { establishment_id: place[key].id })).body.posts).toEqual([]);
      expect((await app.post('/api/place/bestorders', { establishment_id: place[key].id })).body.orders).toEqual([]);
    }
    expect(await bobaPlaces()).toEqual(['West Corner']);

    expect((await app.post('/api/admin/unsuspenduser', { email: bob.email }, admin.auth)).status).toBe(200);
    expect(await bobaPlaces()).toEqual(['South Corner', 'West Corner']);
    // Signing in again reactivates.
    expect((await app.post('/api/user/authenticateuser', { email: ann.email, password: ann.password })).status).toBe(200);
    expect(await bobaPlaces()).toEqual(['North Corner', 'South Corner', 'West Corner']);
  });

  it('drops the place of an erased author', async () => {
    expect((await app.post('/api/admin/deleteuser', { email: cat.email }, admin.auth)).status).toBe(200);
    expect(await bobaPlaces()).toEqual(['North Corner', 'South Corner']);
  });
});
