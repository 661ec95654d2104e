import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRINK_MESSAGES } from '@siplog/contracts';
import { insertEstablishment, posts } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';

const PLACE_ID = 'siplog:drink-bar';

describe('drink details on a review', () => {
  let app: TestApp;
  let ann: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'anndrink');
    await insertEstablishment(app.data, { placeId: PLACE_ID, name: 'Drink Bar', lat: 41.88, lng: -87.63 });
  });
  afterAll(() => app.close());

  const fullPost = async (postId: number) => (await app.post('/api/post/loadpost', { postid: postId })).body.post;

  it('records the details and every Post answer carries them, in the lists order', async () => {
    const drink = { kind: 'classic_milk_tea', temperature: 'iced', milk: 'oat', sweetness: 50, toppings: ['pudding', 'tapioca_pearls'] };
    const posted = await postReview(app, ann, { place_id: PLACE_ID, order: 'Milk tea', drink });
    expect(posted.status).toBe(200);
    const expected = { ...drink, toppings: ['tapioca_pearls', 'pudding'] };
    expect((await fullPost(posted.body.post_id)).drink).toEqual(expected);
    const feed = (await app.post('/api/post/loadrecentposts', { limit: 5, skip: 0 })).body.posts;
    expect(feed.find((post: { post_id: number }) => post.post_id === posted.body.post_id).drink).toEqual(expected);
    const viaTrpc = await app.trpc('query', 'post.byId', { postid: posted.body.post_id });
    expect(viaTrpc.data.post.drink).toEqual(expected);
  });

  it('answers null for a review without details, and fills what was not given with null', async () => {
    const plain = await postReview(app, ann, { place_id: PLACE_ID, order: 'Drip' });
    expect((await fullPost(plain.body.post_id)).drink).toBeNull();
    const kindOnly = await postReview(app, ann, { place_id: PLACE_ID, order: 'Espresso', drink: { kind: 'espresso' } });
    expect((await fullPost(kindOnly.body.post_id)).drink).toEqual({ kind: 'espresso', temperature: null, milk: null, sweetness: null, toppings: [] });
  });

  it('refuses unknown values with 400 and stores nothing', async () => {
    const before = (await app.data.select({ id: posts.id }).from(posts)).length;
    const cases: Array<[unknown, string]> = [
      [{ kind: 'frappuccino' }, DRINK_MESSAGES.kind],
      [{ kind: 'latte', milk: 'goat' }, DRINK_MESSAGES.milk],
      [{ kind: 'latte', sweetness: 33 }, DRINK_MESSAGES.sweetness],
      [{ kind: 'latte', temperature: 'lukewarm' }, DRINK_MESSAGES.temperature],
      [{ kind: 'taro', toppings: ['none', 'aloe'] }, DRINK_MESSAGES.toppingsNone],
      [{ kind: 'taro', toppings: ['glitter'] }, DRINK_MESSAGES.toppings],
    ];
    for (const [drink, message] of cases) {
      const response = await postReview(app, ann, { place_id: PLACE_ID, drink });
      expect(response, JSON.stringify(drink)).toMatchObject({ status: 400, body: { status: 400, msg: message } });
    }
    expect(await postReview(app, ann, { place_id: PLACE_ID, drink: { kind: 'latte', size: 'large' } })).toMatchObject({ status: 400 });
    expect(await postReview(app, ann, { place_id: PLACE_ID, drink: 'latte' })).toMatchObject({ status: 400 });
    expect((await app.data.select({ id: posts.id }).from(posts)).length).toBe(before);
  });

  it("the author's edit changes the details, keeps them when absent and removes them with null", async () => {
    const posted = await postReview(app, ann, { place_id: PLACE_ID, order: 'Latte', drink: { kind: 'latte', milk: 'whole' } });
    const postid = posted.body.post_id;
    const edit = (extra: Record<string, unknown>) => app.post('/api/post/updatepost', { postid, order: 'Latte', review: 'Better', rating: 5, ...extra }, ann.auth);

    const changed = await edit({ drink: { kind: 'latte', milk: 'oat', temperature: 'iced' } });
    expect(changed.status).toBe(200);
    expect(changed.body.post.drink).toEqual({ kind: 'latte', milk: 'oat', temperature: 'iced', sweetness: null, toppings: [] });

    expect((await edit({})).body.post.drink).toMatchObject({ milk: 'oat' });

    const refused = await edit({ drink: { kind: 'latte', milk: 'cream' } });
    expect(refused).toMatchObject({ status: 400, body: { msg: DRINK_MESSAGES.milk } });
    expect((await fullPost(postid)).drink).toMatchObject({ milk: 'oat' });

    expect((await edit({ drink: null })).body.post.drink).toBeNull();
  });
});
