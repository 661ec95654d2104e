import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AMENITY_BITS, AMENITY_INPUT_MESSAGES, AMENITY_LABELS, amenityVerdict, type Amenity } from '@siplog/contracts';
import { establishments, insertEstablishment, postAmenities, posts } from '@siplog/db';
import { bearer, newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { postReview, testPhoto } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';

const ADMIN = 'bossamenity@example.com';

/** The bits of these amenities, or'ed. */
const bitsOf = (...amenities: Amenity[]) => amenities.reduce((bits, amenity) => bits | AMENITY_BITS[amenity], 0);

describe('amenity answers (issue 31)', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let admin: TestAccount;
  let placeCount = 0;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN });
    ann = await registerAccount(app, 'annamenity');
    bob = await registerAccount(app, 'bobamenity');
    admin = await registerAccount(app, 'bossamenity');
  });
  afterAll(() => app.close());

  /** A new place of its own for each test: its place_id and establishment id. */
  async function newPlace(): Promise<{ placeId: string; id: number }> {
    placeCount += 1;
    const placeId = `siplog:amenity-${placeCount}`;
    const row = await insertEstablishment(app.data, { placeId, name: `Amenity Cafe ${placeCount}`, lat: 41.8 + placeCount / 100, lng: -87.6 });
    return { placeId, id: row.id };
  }

  async function review(account: TestAccount, placeId: string, amenities?: unknown): Promise<number> {
    const posted = await postReview(app, account, { place_id: placeId, ...(amenities === undefined ? {} : { amenities }) });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    return posted.body.post_id;
  }

  const loadPost = async (postId: number) => (await app.post('/api/post/loadpost', { postid: postId })).body.post;
  const summaries = async (establishmentId: number) => (await app.post('/api/place/loadestablishment', { establishment_id: establishmentId })).body.establishment.amenities;
  async function bits(establishmentId: number): Promise<{ yes: number; no: number }> {
    const [row] = await app.data
      .select({ yes: establishments.amenitiesYes, no: establishments.amenitiesNo })
      .from(establishments)
      .where(eq(establishments.id, establishmentId));
    return row!;
  }
  const storedAnswerCount = async () => (await app.data.select({ postId: postAmenities.postId }).from(postAmenities)).length;

  function edit(account: TestAccount, postid: number, extra: Record<string, unknown>) {
    return app.post('/api/post/updatepost', { postid, order: 'Latte', review: 'Edited', rating: 4, ...extra }, account.auth);
  }

  it('keeps the answers given with a review (as an object or JSON text) and every Post answer carries them', async () => {
    const place = await newPlace();
    const answers = { wifi: true, outlets: false, quiet: true };
    const postId = await review(ann, place.placeId, answers);
    expect((await loadPost(postId)).amenities).toEqual(answers);
    const feed = (await app.post('/api/post/loadrecentposts', { limit: 5, skip: 0 })).body.posts;
    expect(feed.find((post: { post_id: number }) => post.post_id === postId).amenities).toEqual(answers);
    expect((await app.trpc('query', 'post.byId', { postid: postId })).data.post.amenities).toEqual(answers);
    const byPlace = (await app.post('/api/post/loadpostsbyestablishment', { establishment_id: place.id })).body.posts;
    expect(byPlace[0].amenities).toEqual(answers);

    // A multipart form carries text: the object may come as JSON text too.
    const asText = await review(bob, place.placeId, JSON.stringify({ wifi: false, decaf: true }));
    expect((await loadPost(asText)).amenities).toEqual({ wifi: false, decaf: true });

    const none = await review(ann, place.placeId);
    expect((await loadPost(none)).amenities).toEqual({});
  });

  it('summarises a place per amenity in AMENITIES order, and sets the verdict bits', async () => {
    const place = await newPlace();
    await review(ann, place.placeId, { outlets: true, wifi: true });
    await review(bob, place.placeId, { wifi: true, dog_friendly: false });
    expect(await summaries(place.id)).toEqual([
      { amenity: 'wifi', label: AMENITY_LABELS.wifi, yes: 2, total: 2, verdict: 'yes' },
      { amenity: 'outlets', label: AMENITY_LABELS.outlets, yes: 1, total: 1, verdict: 'yes' },
      { amenity: 'dog_friendly', label: AMENITY_LABELS.dog_friendly, yes: 0, total: 1, verdict: 'no' },
    ]);
    expect(await bits(place.id)).toEqual({ yes: bitsOf('wifi', 'outlets'), no: bitsOf('dog_friendly') });

    const unanswered = await newPlace();
    await review(ann, unanswered.placeId);
    expect(await summaries(unanswered.id)).toEqual([]);
    expect(await bits(unanswered.id)).toEqual({ yes: 0, no: 0 });
  });

  it('weighs recent answers more: three old yes then two newer no count 3 of 5 and the verdict follows amenityVerdict', async () => {
    const place = await newPlace();
    const people = [ann, bob, admin, await registerAccount(app, 'carlamenity'), await registerAccount(app, 'dinaamenity')];
    const said = [true, true, true, false, false];
    for (const [index, account] of people.entries()) {
      await review(account, place.placeId, { wifi: said[index] });
      // Distinct times, so "newer" is not left to the ids alone.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const newestFirst = [...said].reverse();
    const verdict = amenityVerdict(newestFirst);
    // The two newer answers outweigh the three older ones (1 + 0.8 against 0.64 + 0.512 + 0.41).
    expect(verdict).toBe('no');
    expect(await summaries(place.id)).toEqual([{ amenity: 'wifi', label: AMENITY_LABELS.wifi, yes: 3, total: 5, verdict }]);
    expect(await bits(place.id)).toEqual({ yes: 0, no: bitsOf('wifi') });
  });

  it('an edit replaces the answers (REST and tRPC), an edit without them leaves them, {} clears them', async () => {
    const place = await newPlace();
    const postId = await review(ann, place.placeId, { wifi: true, outlets: true });
    expect(await bits(place.id)).toEqual({ yes: bitsOf('wifi', 'outlets'), no: 0 });

    const replaced = await edit(ann, postId, { amenities: { wifi: false } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.post.amenities).toEqual({ wifi: false });
    expect(await summaries(place.id)).toEqual([{ amenity: 'wifi', label: AMENITY_LABELS.wifi, yes: 0, total: 1, verdict: 'no' }]);
    expect(await bits(place.id)).toEqual({ yes: 0, no: bitsOf('wifi') });

    expect((await edit(ann, postId, {})).body.post.amenities).toEqual({ wifi: false });

    const viaTrpc = await app.trpc('mutation', 'post.update', { postid: postId, order: 'Latte', review: 'Again', rating: 5, amenities: { quiet: true } }, ann.auth);
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.data.post.amenities).toEqual({ quiet: true });
    expect(await bits(place.id)).toEqual({ yes: bitsOf('quiet'), no: 0 });

    expect((await edit(ann, postId, { amenities: {} })).body.post.amenities).toEqual({});
    expect(await summaries(place.id)).toEqual([]);
    expect(await bits(place.id)).toEqual({ yes: 0, no: 0 });
  });

  it('deleting a review drops its answers from the place', async () => {
    const place = await newPlace();
    await review(ann, place.placeId, { wifi: true });
    const doomed = await review(bob, place.placeId, { wifi: false, restroom: true });
    expect(await bits(place.id)).toEqual({ yes: bitsOf('restroom'), no: bitsOf('wifi') });

    expect((await app.post('/api/post/deletepost', { postid: doomed }, bob.auth)).status).toBe(200);
    expect(await summaries(place.id)).toEqual([{ amenity: 'wifi', label: AMENITY_LABELS.wifi, yes: 1, total: 1, verdict: 'yes' }]);
    expect(await bits(place.id)).toEqual({ yes: bitsOf('wifi'), no: 0 });
    expect(await app.data.select().from(postAmenities).where(eq(postAmenities.postId, doomed))).toEqual([]);
  });

  it('refuses bad answers with 400 naming the bad key, and stores nothing', async () => {
    const place = await newPlace();
    const postsBefore = (await app.data.select({ id: posts.id }).from(posts)).length;
    const answersBefore = await storedAnswerCount();
    // As JSON text: JSON.parse keeps a "__proto__" key as an own property, as the server reads it.
    const cases: Array<[string, string]> = [
      ['{"wifi":"yes"}', 'amenities.wifi must be true or false.'],
      ['{"wifi":true,"outlets":1}', AMENITY_INPUT_MESSAGES.notBoolean('outlets')],
      ['{"wifi":null}', AMENITY_INPUT_MESSAGES.notBoolean('wifi')],
      ['{"foo":true}', 'Unknown amenity: foo.'],
      ['{"__proto__":true,"wifi":true}', AMENITY_INPUT_MESSAGES.unknown('__proto__')],
      ['["wifi"]', AMENITY_INPUT_MESSAGES.notObject],
      ['true', AMENITY_INPUT_MESSAGES.notObject],
      ['null', AMENITY_INPUT_MESSAGES.notObject],
      ['"not json"', AMENITY_INPUT_MESSAGES.notObject],
    ];
    const base = JSON.stringify({ place_id: place.placeId, establishment_name: 'A place', order: 'Latte', review: 'Good', rating: 4 });
    for (const [amenities, message] of cases) {
      const response = await postRaw(ann, `${base.slice(0, -1)},"amenities":${amenities}}`);
      expect(response, amenities).toMatchObject({ status: 400, body: { status: 400, msg: message } });
    }
    expect((await app.data.select({ id: posts.id }).from(posts)).length).toBe(postsBefore);

    const postId = await review(ann, place.placeId, { wifi: true });
    for (const [amenities, message] of cases) {
      expect(await edit(ann, postId, { amenities: JSON.parse(amenities) }), amenities).toMatchObject({ status: 400, body: { msg: message } });
    }
    const viaTrpc = await app.trpc('mutation', 'post.update', { postid: postId, order: 'Latte', review: 'x', rating: 4, amenities: { wifi: 'no' } }, ann.auth);
    expect(viaTrpc).toMatchObject({ status: 400, error: { message: AMENITY_INPUT_MESSAGES.notBoolean('wifi') } });
    expect((await loadPost(postId)).amenities).toEqual({ wifi: true });
    expect(await storedAnswerCount()).toBe(answersBefore + 1);
  });

  it("a suspended or deactivated author's answers drop out of the summaries and bits and come back with them; an erased one's go", async () => {
    const place = await newPlace();
    const eve = await registerAccount(app, 'eveamenity');
    const fay = await registerAccount(app, 'fayamenity');
    await review(ann, place.placeId, { wifi: true });
    await review(eve, place.placeId, { wifi: false, outlets: true });
    await review(fay, place.placeId, { wifi: false });
    const wifi = (yes: number, total: number, verdict: string) => ({ amenity: 'wifi', label: AMENITY_LABELS.wifi, yes, total, verdict });
    const outlets = { amenity: 'outlets', label: AMENITY_LABELS.outlets, yes: 1, total: 1, verdict: 'yes' };
    const all = [wifi(1, 3, amenityVerdict([false, false, true])), outlets];
    expect(await summaries(place.id)).toEqual(all);
    expect(await bits(place.id)).toEqual({ yes: bitsOf('outlets'), no: bitsOf('wifi') });

    expect((await app.post('/api/admin/suspenduser', { email: eve.email, reason: 'Spam' }, admin.auth)).status).toBe(200);
    const withoutEve = [wifi(1, 2, amenityVerdict([false, true]))];
    expect(await summaries(place.id)).toEqual(withoutEve);
    // fay's newer no weighs 1 against ann's 0.8: still no.
    expect(await bits(place.id)).toEqual({ yes: 0, no: bitsOf('wifi') });

    expect((await app.post('/api/admin/unsuspenduser', { email: eve.email }, admin.auth)).status).toBe(200);
    expect(await summaries(place.id)).toEqual(all);
    expect(await bits(place.id)).toEqual({ yes: bitsOf('outlets'), no: bitsOf('wifi') });

    // Her sessions ended with the suspension: she signs in again first.
    const signedIn = await app.post('/api/user/authenticateuser', { email: eve.email, password: eve.password }, newClient());
    expect((await app.post('/api/user/deactivateaccount', { password: eve.password }, bearer(signedIn.body.token))).status).toBe(200);
    expect(await summaries(place.id)).toEqual(withoutEve);
    expect(await bits(place.id)).toEqual({ yes: 0, no: bitsOf('wifi') });
    expect((await app.post('/api/user/authenticateuser', { email: eve.email, password: eve.password }, newClient())).status).toBe(200);
    expect(await summaries(place.id)).toEqual(all);
    expect(await bits(place.id)).toEqual({ yes: bitsOf('outlets'), no: bitsOf('wifi') });

    expect((await app.post('/api/admin/suspenduser', { email: fay.email, reason: 'Spam' }, admin.auth)).status).toBe(200);
    expect((await app.post('/api/admin/suspenduser', { email: eve.email, reason: 'Spam' }, admin.auth)).status).toBe(200);
    expect(await summaries(place.id)).toEqual([wifi(1, 1, 'yes')]);
    expect(await bits(place.id)).toEqual({ yes: bitsOf('wifi'), no: 0 });
    expect((await app.post('/api/admin/unsuspenduser', { email: fay.email }, admin.auth)).status).toBe(200);
    expect(await bits(place.id)).toEqual({ yes: 0, no: bitsOf('wifi') });

    expect((await app.post('/api/admin/deleteuser', { email: fay.email }, admin.auth)).status).toBe(200);
    expect(await summaries(place.id)).toEqual([wifi(1, 1, 'yes')]);
    expect(await bits(place.id)).toEqual({ yes: bitsOf('wifi'), no: 0 });
  });

  /** The add-post call with `data` as given (text), and one photo. */
  async function postRaw(account: TestAccount, data: string): Promise<{ status: number; body: { status: number; msg: string } }> {
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(await testPhoto())], { type: 'image/jpeg' }), 'cup.jpg');
    form.append('data', data);
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
    return { status: response.status, body: (await response.json()) as { status: number; msg: string } };
  }
});
