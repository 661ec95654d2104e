import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_LIST_LIMITS, PLACE_LIST_MESSAGES, PLACE_SERVER_MESSAGES } from '@siplog/contracts';
import { eq } from 'drizzle-orm';
import { establishments, insertEstablishment, users, wantToTry } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';

describe("a place's best orders, the map's filters and the Want to try list", () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  const place: Record<string, { id: number; placeId: string }> = {};

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annlists');
    bob = await registerAccount(app, 'boblists');
    const add = async (key: string, name: string, lat: number, lng: number) => {
      const row = await insertEstablishment(app.data, { placeId: `siplog:${key}`, name, lat, lng, city: 'Chicago' });
      place[key] = { id: row.id, placeId: row.placeId };
    };
    await add('cortados', 'Corner Espresso', 41.881, -87.631);
    await add('pearls', 'Lantern Leaf Boba', 41.882, -87.632);
    await add('mixed', 'Fern House', 41.883, -87.633);
    await add('quiet', 'Quiet Room', 41.884, -87.634);
    await add('far', 'Far Away Tea', 40.0, -80.0);
  });
  afterAll(() => app.close());

  const review = (account: TestAccount, key: string, data: Record<string, unknown>) =>
    postReview(app, account, { place_id: place[key].placeId, ...data }).then((response) => {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.post_id as number;
    });
  const bestOrders = async (key: string) => (await app.post('/api/place/bestorders', { establishment_id: place[key].id })).body;

  describe('best orders', () => {
    it('group by drink or normalised order text, rank by a Bayesian average and list the reviews behind each', async () => {
      const latte = { kind: 'latte', milk: 'oat', temperature: 'iced' };
      const ids: Record<string, number[]> = { latte: [], cortado: [], single: [] };
      // Twenty cortados at 4.8 in several spellings and sizes, one perfect lavender latte, three iced oat lattes.
      for (let i = 0; i < 20; i++) {
        const text = ['Cortado, 8 oz', 'cortado (large)', 'CORTADO  4.5oz', 'Cortado'][i % 4];
        ids.cortado.unshift(await review(i % 2 ? ann : bob, 'cortados', { order: text, rating: i < 4 ? 4 : 5 }));
      }
      ids.single.unshift(await review(ann, 'cortados', { order: 'Lavender latte', rating: 5 }));
      for (const rating of [5, 4, 5]) ids.latte.unshift(await review(bob, 'cortados', { order: 'Whatever I wrote', rating, drink: latte }));

      const { orders } = await bestOrders('cortados');
      expect(orders.map((order: { label: string; rating: string; count: number }) => [order.label, order.rating, order.count])).toEqual([
        ['Cortado', '4.8', 20],
        ['Iced oat milk latte', '4.7', 3],
        ['Lavender latte', '5.0', 1],
      ]);
      expect(orders[0].drink).toBeNull();
      expect(orders[0].post_ids).toEqual(ids.cortado);
      expect(orders[1]).toMatchObject({ drink: latte, post_ids: ids.latte });
      // The same over tRPC.
      expect((await app.trpc('query', 'place.bestOrders', { establishment_id: place.cortados.id })).data.orders).toEqual(orders);
    });

    it('are hidden below three reviews, follow an edit, and refuse bad input', async () => {
      const first = await review(ann, 'quiet', { order: 'Tea', rating: 5 });
      await review(bob, 'quiet', { order: 'Tea', rating: 5 });
      expect(await bestOrders('quiet')).toEqual({ orders: [] });
      await review(bob, 'quiet', { order: 'Coffee', rating: 2 });
      expect((await bestOrders('quiet')).orders.map((order: { label: string }) => order.label)).toEqual(['Tea', 'Coffee']);

      const edited = await app.post('/api/post/updatepost', { postid: first, order: 'Tea', review: 'Good', rating: 5, drink: { kind: 'chai' } }, ann.auth);
      expect(edited.status).toBe(200);
      expect((await bestOrders('quiet')).orders.map((order: { label: string }) => order.label)).toEqual(['Tea', 'Chai', 'Coffee']);

      expect((await app.post('/api/place/bestorders', { establishment_id: 999_999 })).body).toEqual({ status: 404, msg: PLACE_SERVER_MESSAGES.notFound });
      expect((await app.post('/api/place/bestorders', { establishment_id: 'x' })).status).toBe(400);
      expect((await app.post('/api/place/bestorders', {})).status).toBe(400);
    });
  });

  describe('map filters', () => {
    const box = { west: -87.7, south: 41.8, east: -87.5, north: 42 };
    const names = async (filter: Record<string, unknown>) =>
      ((await app.post('/api/place/inbounds', { ...box, ...filter })).body.places as Array<{ name: string }>).map((pin) => pin.name).sort();

    it('keep a kind: a third of the reviews with details, or the name', async () => {
      // Fern House: two boba reviews with details and four coffees without (details decide), then one coffee with.
      for (let i = 0; i < 2; i++) await review(ann, 'mixed', { order: 'Brown sugar', rating: 5, drink: { kind: 'brown_sugar', toppings: ['tapioca_pearls'] } });
      for (let i = 0; i < 4; i++) await review(bob, 'mixed', { order: 'Latte', rating: 4 });
      expect(await names({ kind: 'boba' })).toEqual(['Fern House', 'Lantern Leaf Boba']);
      expect(await names({ kind: 'coffee' })).toEqual(['Corner Espresso']);
      await review(bob, 'mixed', { order: 'Latte', rating: 4, drink: { kind: 'latte' } });
      expect(await names({ kind: 'coffee' })).toEqual(['Corner Espresso', 'Fern House']);
      expect(await names({ kind: 'boba' })).toEqual(['Fern House', 'Lantern Leaf Boba']);
      // Quiet Room's one review with details is the chai of the edit above.
      expect(await names({ kind: 'tea' })).toEqual(['Quiet Room']);
      expect(await names({})).toEqual(['Corner Espresso', 'Fern House', 'Lantern Leaf Boba', 'Quiet Room']);
    });

    it('keep places rated 4.5 or more (as shown, one decimal), alone or with a kind', async () => {
      // Corner Espresso: 4.8 and the rest; Fern House: (10 + 16 + 4) / 7 = 4.3; Quiet Room: 4.0.
      expect(await names({ top: true })).toEqual(['Corner Espresso']);
      expect(await names({ top: true, kind: 'boba' })).toEqual([]);
      expect(await names({ top: false })).toHaveLength(4);
      for (const [filter, msg] of [
        [{ kind: 'juice' }, 'kind must be one of: coffee, tea, boba.'],
        [{ top: 'yes' }, 'top must be true or false.'],
      ] as const) {
        expect((await app.post('/api/place/inbounds', { ...box, ...filter })).body).toEqual({ status: 400, msg });
      }
    });
  });

  describe('Want to try', () => {
    const list = async (account: TestAccount) =>
      ((await app.post('/api/place/wanttotrylist', {}, account.auth)).body.places as Array<{ establishment_id: number }>).map((p) => p.establishment_id);

    it('adds, lists most recent first, removes, idempotently, and only for the signed-in person', async () => {
      expect(await list(bob)).toEqual([]);
      for (const key of ['pearls', 'far', 'pearls']) {
        expect((await app.post('/api/place/wanttotry', { establishment_id: place[key].id }, bob.auth)).body).toEqual({ status: 200 });
      }
      expect(await list(bob)).toEqual([place.far.id, place.pearls.id]);
      expect(await list(ann)).toEqual([]);
      const listed = (await app.post('/api/place/wanttotrylist', {}, bob.auth)).body.places[0];
      expect(listed).toMatchObject({ establishment_id: place.far.id, name: 'Far Away Tea', slug: expect.any(String) });

      for (let i = 0; i < 2; i++) expect((await app.post('/api/place/removewanttotry', { establishment_id: place.far.id }, bob.auth)).body).toEqual({ status: 200 });
      expect(await list(bob)).toEqual([place.pearls.id]);

      // tRPC does the same.
      expect((await app.trpc('mutation', 'place.wantToTry', { establishment_id: place.far.id }, bob.auth)).status).toBe(200);
      expect((await app.trpc('query', 'place.wantToTryList', {}, bob.auth)).data.places.map((p: { establishment_id: number }) => p.establishment_id)).toEqual([
        place.far.id,
        place.pearls.id,
      ]);
    });

    it('a review of the place takes it off the list', async () => {
      expect(await list(bob)).toContain(place.pearls.id);
      await review(bob, 'pearls', { order: 'Taro', rating: 4 });
      expect(await list(bob)).not.toContain(place.pearls.id);
    });

    it('refuses guests, unknown places, bad input and a full list, changing nothing', async () => {
      const before = await list(bob);
      expect((await app.post('/api/place/wanttotry', { establishment_id: place.quiet.id })).status).toBe(401);
      expect((await app.post('/api/place/wanttotrylist', {})).status).toBe(401);
      expect((await app.post('/api/place/wanttotry', { establishment_id: 999_999 }, bob.auth)).body).toEqual({ status: 404, msg: PLACE_SERVER_MESSAGES.notFound });
      expect((await app.post('/api/place/removewanttotry', { establishment_id: -1 }, bob.auth)).status).toBe(400);
      expect((await app.post('/api/place/wanttotrylist', { limit: 5 }, bob.auth)).status).toBe(400);
      expect(await list(bob)).toEqual(before);

      // Fill Ann's list to the limit with places made for it.
      const extra = await app.data
        .insert(establishments)
        .values(Array.from({ length: PLACE_LIST_LIMITS.wantToTryMax }, (_, i) => ({ placeId: `siplog:full-${i}`, name: `Full ${i}`, slug: `full-${i}`, lat: 10, lng: 10 })))
        .returning({ id: establishments.id });
      const [{ id: annId }] = await app.data.select({ id: users.id }).from(users).where(eq(users.username, ann.username));
      await app.data.insert(wantToTry).values(extra.map((row) => ({ userId: annId, establishmentId: row.id })));
      expect((await app.post('/api/place/wanttotry', { establishment_id: place.quiet.id }, ann.auth)).body).toEqual({ status: 400, msg: PLACE_LIST_MESSAGES.wantToTryFull });
      // A place already on the full list is still fine to add again (idempotent).
      expect((await app.post('/api/place/wanttotry', { establishment_id: extra[0].id }, ann.auth)).body).toEqual({ status: 200 });
      expect(await list(ann)).toHaveLength(PLACE_LIST_LIMITS.wantToTryMax);
    });
  });

  describe('places near a photo', () => {
    it('lists the known places within 150 m, nearest first, and refuses a bad point', async () => {
      // Corner Espresso (41.881, -87.631); Lantern Leaf Boba about 140 m away; Fern House about 280 m.
      const near = await app.post('/api/place/near', { lat: 41.8811, lng: -87.6311 });
      expect(near.status).toBe(200);
      expect(near.body.establishments.map((place: { name: string }) => place.name)).toEqual(['Corner Espresso', 'Lantern Leaf Boba']);
      expect(near.body.establishments[0]).toMatchObject({ establishment_id: place.cortados.id, place_id: place.cortados.placeId });
      expect((await app.post('/api/place/near', { lat: 0, lng: 0 })).body).toEqual({ establishments: [] });
      expect((await app.trpc('mutation', 'place.near', { lat: 41.8811, lng: -87.6311 })).data.establishments).toHaveLength(2);
      for (const body of [{ lat: 91, lng: 0 }, { lat: '41.88', lng: -87.63 }, { lat: 41.88 }, { lat: 41.88, lng: -87.63, radius: 5000 }]) {
        expect((await app.post('/api/place/near', body)).status, JSON.stringify(body)).toBe(400);
      }
    });
  });
});
