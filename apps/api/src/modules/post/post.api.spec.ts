import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment, postImages, postLikes, posts, users } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

/** Reviews are written straight to the database here: posting them through the API comes with the review issue. */
describe("a person's order lists (the My Log and profile carousels)", () => {
  let app: TestApp;
  let ann: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annorders');
    await registerAccount(app, 'fanorders');
    const annId = (await app.data.select().from(users).where(eq(users.username, 'annorders')))[0]!.id;
    const fanId = (await app.data.select().from(users).where(eq(users.username, 'fanorders')))[0]!.id;
    const place = await insertEstablishment(app.data, {
      placeId: 'siplog:orders',
      name: 'Bean There',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lat: 30.27,
      lng: -97.74,
    });
    const ratings = [5, 3, 5, 4, 5];
    for (const [i, rating] of ratings.entries()) {
      const [post] = await app.data
        .insert(posts)
        .values({ userId: annId, establishmentId: place.id, orderText: `Order ${i}`, review: `Review ${i}`, rating, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
        .returning();
      await app.data.insert(postImages).values({ postId: post!.id, fileName: `${String(i).repeat(32)}.webp`, position: 0 });
      if (i === 4) await app.data.insert(postLikes).values({ postId: post!.id, userId: fanId });
    }
  });
  afterAll(() => app.close());

  it('lists the recent orders newest first in the spec post shape, up to the limit', async () => {
    const recent = await app.post('/api/post/loadrecentordersforuser', { username: 'AnnOrders', limit: 100 });
    expect(recent.status).toBe(200);
    expect(recent.body.orders.map((order: { order: string }) => order.order)).toEqual(['Order 4', 'Order 3', 'Order 2', 'Order 1', 'Order 0']);
    expect(recent.body.orders[0]).toEqual({
      post_id: expect.any(Number),
      _id: recent.body.orders[0].post_id,
      username: 'annorders',
      establishment_id: expect.any(Number),
      establishment_name: 'Bean There',
      post_date: '2026-01-05T00:00:00.000Z',
      order: 'Order 4',
      review: 'Review 4',
      rating: '5',
      likes: 1,
      images: ['4'.repeat(32) + '.webp'],
      est_street: '1 Main St',
      est_city: 'Austin',
      est_state: 'TX',
      est_zip: '78701',
      est_country: '',
      mentions: [],
      drink: null,
      amenities: {},
    });
    expect((await app.post('/api/post/loadrecentordersforuser', { username: 'annorders', limit: 2 })).body.orders).toHaveLength(2);
  });

  it('lists only the 5-star orders in the five-star list', async () => {
    const fiveStar = await app.post('/api/post/loadfivestarordersforuser', { username: 'annorders', limit: 100 });
    expect(fiveStar.body.orders.map((order: { order: string; rating: string }) => [order.order, order.rating])).toEqual([
      ['Order 4', '5'],
      ['Order 2', '5'],
      ['Order 0', '5'],
    ]);
  });

  it('answers empty lists for unknown and deactivated people', async () => {
    expect((await app.post('/api/post/loadrecentordersforuser', { username: 'nobodyhere' })).body).toEqual({ orders: [] });
    await app.post('/api/user/deactivateaccount', { password: ann.password }, ann.auth);
    expect((await app.post('/api/post/loadrecentordersforuser', { username: 'annorders' })).body).toEqual({ orders: [] });
    expect((await app.post('/api/post/loadfivestarordersforuser', { username: 'annorders' })).body).toEqual({ orders: [] });
  });
});
