import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_LIMITS, PLACE_SERVER_MESSAGES } from '@siplog/contracts';
import { establishments, insertEstablishment, placeFollows, postImages, posts, users } from '@siplog/db';
import { METERS_PER_DEGREE_LAT } from '../../common/geo';
import { newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

/** Central Chicago, inside the demo street data and the gazetteer's Chicago. */
const LOOP = { lat: 41.8837, lng: -87.6289 };
/** About 11 m north per 0.0001° of latitude. */
const metersNorth = (meters: number) => meters / METERS_PER_DEGREE_LAT;

function placeInfo(overrides: Record<string, unknown> = {}) {
  return {
    place_id: 'prov-dark-matter',
    name: 'Dark Matter Coffee',
    street: '1120 N Ashland Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60622',
    country: 'US',
    lat: LOOP.lat,
    lng: LOOP.lng,
    ...overrides,
  };
}

describe('establishments: selecting, loading, finding by location', () => {
  let app: TestApp;
  let ann: TestAccount;
  let annId: number;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annplace');
    annId = (await app.data.select().from(users).where(eq(users.username, 'annplace')))[0]!.id;
  });
  afterAll(() => app.close());

  const select = (info: Record<string, unknown>, headers = newClient()) => app.post('/api/place/placeselected', { place_info: info, details: { source: 'test' } }, headers);
  /** A place as a provider once gave it (offline there is no provider, so the test writes it). */
  const known = (info: ReturnType<typeof placeInfo>) =>
    insertEstablishment(app.data, { placeId: info.place_id, name: info.name, street: info.street, city: info.city, state: info.state, zip: info.zip, country: info.country, lat: info.lat, lng: info.lng });
  const add = (place: Record<string, unknown>) => app.post('/api/place/addplace', place, ann.auth);

  it('answers a known place_id with the spec establishment shape, whatever else the client sends', async () => {
    await known(placeInfo());
    const selected = await select(placeInfo());
    expect(selected.status).toBe(200);
    expect(selected.body).toEqual({
      status: 200,
      establishment: {
        establishment_id: expect.any(Number),
        place_id: 'prov-dark-matter',
        slug: 'dark-matter-coffee-chicago',
        name: 'Dark Matter Coffee',
        street: '1120 N Ashland Ave',
        city: 'Chicago',
        state: 'IL',
        locstate: 'IL',
        locationstate: 'IL',
        zip: '60622',
        country: 'US',
        lat: LOOP.lat,
        lng: LOOP.lng,
        images: [],
        posts: 0,
        followers: 0,
        rating: '',
        hours: null,
        amenities: [],
        good_for_working: false,
      },
    });
    const renamed = await select(placeInfo({ name: 'Renamed by a client', lat: 10, lng: 10 }));
    expect(renamed.body.establishment).toEqual(selected.body.establishment);
    expect(await app.data.select().from(establishments)).toHaveLength(1);
  });

  it('creates no place from what a client sends: offline there is no provider, so an unknown place_id is 404', async () => {
    // Not even the same name next to a known place: the id is unknown, and only a provider can vouch for it.
    for (const info of [placeInfo({ place_id: 'squatted-provider-id', name: 'Anything' }), placeInfo({ place_id: 'other-provider-id', name: 'DARK MATTER coffee' })]) {
      expect((await select(info)).body).toEqual({ status: 404, msg: PLACE_SERVER_MESSAGES.searchAgain });
    }
    expect(await app.data.select().from(establishments)).toHaveLength(1);
  });

  it('keeps different places apart: another name next door, the same name farther than 30 m', async () => {
    const nextDoor = await add({ name: 'Bean Counter', city: 'Chicago', lat: LOOP.lat + metersNorth(10), lng: LOOP.lng });
    const farther = await add({ name: 'Dark Matter Coffee', city: 'Chicago', lat: LOOP.lat + metersNorth(200), lng: LOOP.lng });
    const same = await add({ name: 'dark matter COFFEE', city: 'Chicago', lat: LOOP.lat + metersNorth(20), lng: LOOP.lng });
    expect(nextDoor.body.establishment.slug).toBe('bean-counter-chicago');
    expect(farther.body.establishment.slug).toBe('dark-matter-coffee-chicago-2');
    expect(same.body.establishment.place_id).toBe('prov-dark-matter');
    expect(new Set([nextDoor, farther].map((answer) => answer.body.establishment.establishment_id)).size).toBe(2);
  });

  it('never creates an unknown siplog: id, and keeps HTML in a name as text', async () => {
    expect((await select(placeInfo({ place_id: 'siplog:999999', name: 'Made up', lat: 10, lng: 10 }))).body).toEqual({
      status: 404,
      msg: PLACE_SERVER_MESSAGES.notFound,
    });
    const html = await add({ name: '<b>x</b>', city: 'Austin', lat: 30.27, lng: -97.74 });
    expect(html.body.establishment.name).toBe('<b>x</b>');
    const loaded = await app.post('/api/place/loadestablishment', { establishment_id: html.body.establishment.establishment_id });
    expect(loaded.body.establishment.name).toBe('<b>x</b>');
    expect(loaded.body.establishment.slug).toBe('b-x-b-austin');
  });

  it('loads an establishment with its review images, counts and rating, and 404 for an unknown id', async () => {
    const place = (await add({ name: 'Rated Place', city: 'Chicago', lat: 41.95, lng: -87.66 })).body.establishment;
    for (const [i, rating] of [4, 5].entries()) {
      const [post] = await app.data
        .insert(posts)
        .values({ userId: annId, establishmentId: place.establishment_id, orderText: `o${i}`, review: `r${i}`, rating, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
        .returning();
      await app.data.insert(postImages).values({ postId: post!.id, fileName: `${String(i).repeat(32)}.webp`, position: 0 });
    }
    await app.data.insert(placeFollows).values({ userId: annId, establishmentId: place.establishment_id });
    const loaded = await app.post('/api/place/loadestablishment', { establishment_id: place.establishment_id });
    expect(loaded.body.establishment).toMatchObject({ posts: 2, followers: 1, rating: '4.5', images: ['1'.repeat(32) + '.webp', '0'.repeat(32) + '.webp'] });
    expect((await app.post('/api/place/loadestablishment', { establishment_id: 987654 })).status).toBe(404);

    const reviews = await app.post('/api/post/loadpostsbyestablishment', { establishment_id: place.establishment_id });
    expect(reviews.body.posts.map((post: { order: string }) => post.order)).toEqual(['o1', 'o0']);
    expect(reviews.body.posts[0]).toMatchObject({ username: 'annplace', establishment_name: 'Rated Place', rating: '5', est_city: 'Chicago' });
    expect((await app.post('/api/post/loadpostsbyestablishment', { establishment_id: 987654 })).status).toBe(404);

    const feed = await app.post('/api/place/placeforfeed', { limit: 2, skip: 0 });
    expect(feed.body.establishment[0].establishment_id).toBe(place.establishment_id);
    expect(feed.body.establishment).toHaveLength(2);
    expect((await app.post('/api/place/placeforfeed', { limit: 1, skip: 1 })).body.establishment[0].establishment_id).not.toBe(place.establishment_id);
  });

  it('finds a place by slug, by place_id, or by "lat,lng" within 50 m', async () => {
    const bySlug = await app.post('/api/place/loadestablishmentbylocation', { location: 'dark-matter-coffee-chicago' });
    expect(bySlug.body.establishment.place_id).toBe('prov-dark-matter');
    const byPlaceId = await app.post('/api/place/loadestablishmentbylocation', { location: 'prov-dark-matter' });
    expect(byPlaceId.body.establishment.slug).toBe('dark-matter-coffee-chicago');
    const byPoint = await app.post('/api/place/loadestablishmentbylocation', { location: `${LOOP.lat + metersNorth(40)},${LOOP.lng}` });
    expect(byPoint.body.establishment.name).toBe('Bean Counter');
    for (const location of ['no-such-place', `${LOOP.lat + metersNorth(120)},${LOOP.lng + 0.01}`]) {
      expect((await app.post('/api/place/loadestablishmentbylocation', { location })).body).toEqual({ status: 404, msg: PLACE_SERVER_MESSAGES.notFound });
    }
  });
});

describe('following places', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let placeId: number;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annfollow');
    bob = await registerAccount(app, 'bobfollow');
    placeId = (await insertEstablishment(app.data, { placeId: 'prov-dark-matter', name: 'Dark Matter Coffee', city: 'Chicago', lat: LOOP.lat, lng: LOOP.lng })).id;
  });
  afterAll(() => app.close());

  it('needs a signed-in caller whose e-mail matches, and an existing place', async () => {
    for (const route of ['isEstablishmentFollowed', 'followestablishment', 'unfollowestablishment']) {
      expect((await app.post(`/api/place/${route}`, { establishment_id: placeId })).status, route).toBe(401);
      expect((await app.post(`/api/place/${route}`, { establishment_id: placeId, email: bob.email }, ann.auth)).status, route).toBe(403);
      expect((await app.post(`/api/place/${route}`, { establishment_id: 424242 }, ann.auth)).status, route).toBe(404);
    }
    expect(await app.data.select().from(placeFollows)).toEqual([]);
  });

  it('refuses an array-typed id with 400 and follows nothing, REST and tRPC alike', async () => {
    for (const establishment_id of [[placeId], [String(placeId)], true]) {
      expect((await app.post('/api/place/loadestablishment', { establishment_id })).status).toBe(400);
      expect((await app.post('/api/place/followestablishment', { establishment_id, email: ann.email }, ann.auth)).status).toBe(400);
      expect((await app.trpc('query', 'place.byId', { establishment_id })).status).toBe(400);
      expect((await app.trpc('mutation', 'place.follow', { establishment_id }, ann.auth)).status).toBe(400);
    }
    expect(await app.data.select().from(placeFollows)).toEqual([]);
    // The spec's bodies may carry an id as a numeric string.
    expect((await app.post('/api/place/loadestablishment', { establishment_id: String(placeId) })).status).toBe(200);
  });

  it('follows once under repeated and concurrent calls, lists the follower, and unfollows exactly', async () => {
    const body = { establishment_id: placeId, email: ann.email };
    const follows = await Promise.all(Array.from({ length: 5 }, () => app.post('/api/place/followestablishment', body, ann.auth)));
    for (const answer of follows) expect(answer.body).toEqual({ status: 200, followed: true, followers: 1 });
    expect((await app.post('/api/place/followestablishment', body, ann.auth)).body.followers).toBe(1);
    expect((await app.post('/api/place/followestablishment', { establishment_id: placeId }, bob.auth)).body.followers).toBe(2);
    expect((await app.post('/api/place/isEstablishmentFollowed', body, ann.auth)).body).toEqual({ followed: true });
    expect((await app.post('/api/place/followers', { establishment_id: placeId })).body).toEqual({ followers: ['annfollow', 'bobfollow'] });
    expect((await app.post('/api/place/loadestablishment', { establishment_id: placeId })).body.establishment.followers).toBe(2);
    const profile = await app.post('/api/user/loadpublicprofile', { username: 'annfollow' });
    expect(profile.body.user.following).toContain(`place:${placeId};Dark Matter Coffee`);

    const unfollows = await Promise.all(Array.from({ length: 4 }, () => app.post('/api/place/unfollowestablishment', body, ann.auth)));
    for (const answer of unfollows) expect(answer.body).toEqual({ status: 200, followed: false, followers: 1 });
    expect((await app.post('/api/place/isEstablishmentFollowed', body, ann.auth)).body).toEqual({ followed: false });
    expect((await app.post('/api/place/followers', { establishment_id: placeId })).body).toEqual({ followers: ['bobfollow'] });
    expect((await app.post('/api/place/followers', { establishment_id: 424242 })).status).toBe(404);
  });
});

describe('the map: pins in bounds, adding a place, addresses and areas', () => {
  let app: TestApp;
  let ann: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annmap');
    const annId = (await app.data.select().from(users).where(eq(users.username, 'annmap')))[0]!.id;
    // A grid of places around the Loop, one of them reviewed (it must rank first).
    await app.data.transaction(async () => {
      for (let i = 0; i < PLACE_LIMITS.boundsPinsMax + 20; i++) {
        await insertEstablishment(app.data, {
          placeId: `grid-${i}`,
          name: `Grid Cafe ${i}`,
          city: 'Chicago',
          state: 'IL',
          zip: '60601',
          lat: 41.85 + (i % 20) * 0.004,
          lng: -87.66 + Math.floor(i / 20) * 0.004,
        });
      }
    });
    const [reviewed] = await app.data.select().from(establishments).where(eq(establishments.placeId, 'grid-77'));
    await app.data.insert(posts).values({ userId: annId, establishmentId: reviewed!.id, orderText: 'Latte', review: 'Good', rating: 4 });
  });
  afterAll(() => app.close());

  it('answers capped pins, the most reviewed first, and says when it cut', async () => {
    const all = await app.post('/api/place/inbounds', { west: -87.7, south: 41.8, east: -87.5, north: 42 });
    expect(all.status).toBe(200);
    expect(all.body.truncated).toBe(true);
    expect(all.body.places).toHaveLength(PLACE_LIMITS.boundsPinsMax);
    expect(all.body.places[0]).toEqual({
      establishment_id: expect.any(Number),
      place_id: 'grid-77',
      name: 'Grid Cafe 77',
      street: '',
      city: 'Chicago',
      state: 'IL',
      lat: expect.any(Number),
      lng: expect.any(Number),
      posts: 1,
      rating: '4.0',
      hours: null,
      good_for_working: false,
    });
    const small = await app.post('/api/place/inbounds', { west: -87.6605, south: 41.8495, east: -87.6555, north: 41.8545 });
    expect(small.body.truncated).toBe(false);
    expect(small.body.places.map((pin: { place_id: string }) => pin.place_id).sort()).toEqual(['grid-0', 'grid-1', 'grid-20', 'grid-21']);
    expect((await app.post('/api/place/inbounds', { west: 0, south: 0, east: 1, north: 1 })).body).toEqual({ places: [], truncated: false });
  });

  it('refuses boxes across the antimeridian, too large, or out of range', async () => {
    const cases: Array<[Record<string, number>, string]> = [
      [{ west: 170, south: 10, east: -170, north: 20 }, PLACE_SERVER_MESSAGES.boundsCrossAntimeridian],
      [{ west: -130, south: 20, east: -60, north: 50 }, PLACE_SERVER_MESSAGES.boundsTooLarge],
      [{ west: -90, south: 0, east: -80, north: 45 }, PLACE_SERVER_MESSAGES.boundsTooLarge],
      [{ west: -90, south: 50, east: -80, north: 40 }, PLACE_SERVER_MESSAGES.boundsInverted],
      [{ west: -190, south: 0, east: -80, north: 1 }, PLACE_SERVER_MESSAGES.longitudeRange],
      [{ west: -90, south: -91, east: -80, north: 1 }, PLACE_SERVER_MESSAGES.latitudeRange],
    ];
    for (const [box, msg] of cases) expect((await app.post('/api/place/inbounds', box)).body, JSON.stringify(box)).toEqual({ status: 400, msg });
  });

  it('lets a signed-in person add a place as siplog:{n}, once per name and spot', async () => {
    const place = { name: '  Corner Kiosk ', street: '1 Pin Way', city: 'Chicago', state: 'IL', zip: '60601', lat: 41.9, lng: -87.7 };
    expect((await app.post('/api/place/addplace', place)).status).toBe(401);
    const added = await app.post('/api/place/addplace', place, ann.auth);
    expect(added.status).toBe(200);
    const { establishment } = added.body;
    expect(establishment).toMatchObject({ name: 'Corner Kiosk', place_id: `siplog:${establishment.establishment_id}`, slug: 'corner-kiosk-chicago' });
    const again = await app.post('/api/place/addplace', { ...place, name: 'corner kiosk', lat: 41.9 + metersNorth(15) }, ann.auth);
    expect(again.body.establishment.establishment_id).toBe(establishment.establishment_id);
    // Selecting it by its own id finds it; no provider can create a siplog: id.
    const selected = await app.post('/api/place/placeselected', { place_info: { place_id: establishment.place_id, name: 'x', lat: 0, lng: 0 } }, newClient());
    expect(selected.body.establishment.establishment_id).toBe(establishment.establishment_id);
  });

  it('adds one place when the same name and spot are added at once, and another name beside it', async () => {
    const spot = { city: 'Chicago', state: 'IL', lat: 41.91, lng: -87.71 };
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => app.post('/api/place/addplace', { ...spot, name: 'Twin Kiosk', lat: spot.lat + metersNorth(i) }, ann.auth)),
      app.post('/api/place/addplace', { ...spot, name: 'Other Kiosk' }, ann.auth),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(200));
    const twins = answers.slice(0, 6).map((answer) => answer.body.establishment);
    expect(new Set(twins.map((place) => place.establishment_id)).size).toBe(1);
    expect(twins[0]).toMatchObject({ slug: 'twin-kiosk-chicago', place_id: `siplog:${twins[0].establishment_id}` });
    expect(answers[6].body.establishment.establishment_id).not.toBe(twins[0].establishment_id);
    expect(await app.data.select().from(establishments).where(eq(establishments.name, 'Twin Kiosk'))).toHaveLength(1);
  });

  it('suggests city, state and country from the gazetteer and the zip of the nearest place', async () => {
    const suggestion = await app.post('/api/place/suggestaddress', { lat: 41.851, lng: -87.659 });
    expect(suggestion.body).toEqual({ city: 'Chicago', state: 'IL', zip: '60601', country: 'US' });
    expect((await app.post('/api/place/suggestaddress', { lat: 0, lng: -140 })).body).toEqual({ city: '', state: '', zip: '', country: '' });
  });

  it('lists the places of a city or neighbourhood nearest first, 404 for no such area', async () => {
    const area = await app.post('/api/place/area', { location: 'chicago' });
    expect(area.status).toBe(200);
    expect(area.body.area).toMatchObject({ name: 'Chicago', kind: 'city', state: 'IL', country: 'US' });
    expect(area.body.establishments).toHaveLength(PLACE_LIMITS.areaEstablishmentsMax);
    expect(area.body.establishments[0]).toHaveProperty('rating');
    expect((await app.post('/api/place/area', { location: 'no-such-town-anywhere' })).body).toEqual({ status: 404, msg: PLACE_SERVER_MESSAGES.areaNotFound });
  });

  it('searches our places (prefix, diacritics, near first) and areas, and never fails on FTS syntax', async () => {
    const client = newClient();
    await insertEstablishment(app.data, { placeId: 'cafe-accent', name: 'Café Zoë', city: 'Evanston', state: 'IL', lat: 42.05, lng: -87.68 });
    const accent = await app.post('/api/place/search', { query: 'cafe zo' }, client);
    expect(accent.body.results[0]).toMatchObject({ kind: 'establishment', name: 'Café Zoë', label: 'Evanston, IL' });
    const near = await app.post('/api/place/search', { query: 'grid cafe', lat: 41.85, lng: -87.66 }, client);
    expect(near.body.results[0]).toMatchObject({ kind: 'establishment', name: 'Grid Cafe 0', establishment_id: expect.any(Number) });
    const city = await app.post('/api/place/search', { query: 'Chicag' }, client);
    expect(city.body.results.find((result: { kind: string }) => result.kind === 'area')).toMatchObject({ name: 'Chicago', label: 'Chicago, IL', zoom: PLACE_LIMITS.zoomForCity });
    // Outside the US the region codes are numbers: the label names the country instead.
    const abroad = await app.post('/api/place/search', { query: 'Paris' }, client);
    expect(abroad.body.results.find((result: { kind: string }) => result.kind === 'area')).toMatchObject({ name: 'Paris', label: 'Paris, FR' });
    // Areas around the map's centre come first (a map opened on one's own region): Portland, Maine from Maine.
    const areasOf = async (lat?: number, lng?: number) =>
      (await app.post('/api/place/search', { query: 'Portland', ...(lat === undefined ? {} : { lat, lng }) }, client)).body.results
        .filter((result: { kind: string }) => result.kind === 'area')
        .map((result: { label: string }) => result.label);
    expect((await areasOf())[0]).toBe('Portland, OR');
    expect((await areasOf(43.66, -70.26))[0]).toBe('Portland, ME');
    for (const query of ['"grid', 'grid*', 'NEAR(grid cafe)', 'a OR b AND NOT', '))((', '^:-"', 'café"; DROP TABLE establishments;--']) {
      const answer = await app.post('/api/place/search', { query }, client);
      expect(answer.status, query).toBe(200);
      expect(Array.isArray(answer.body.results), query).toBe(true);
    }
    expect((await app.post('/api/place/search', { query: 'a' }, client)).body).toEqual({ status: 400, msg: PLACE_SERVER_MESSAGES.searchTooShort });
  });

  it('ranks a match in the name over the street over the city, equal matches oldest first; people search takes names only', async () => {
    // Inserted in an order the ranking must not follow.
    const rows = [
      { placeId: 'rank-city', name: 'Bistro Zebra', street: 'Quai Sud', city: 'Quokka' },
      { placeId: 'rank-street', name: 'Bistro Uno', street: 'Quokka Road', city: 'Bern' },
      { placeId: 'rank-name', name: 'Quokka Tea', street: 'Hill St', city: 'Basel' },
      { placeId: 'rank-name-2', name: 'Quokka Tea', street: 'Hill St', city: 'Basel' },
    ];
    for (const row of rows) await insertEstablishment(app.data, { ...row, lat: 47.3, lng: 7.5 });
    const found = async (query: string) =>
      (await app.post('/api/place/search', { query }, newClient())).body.results
        .filter((result: { kind: string }) => result.kind === 'establishment')
        .map((result: { name: string; label: string }) => `${result.name}, ${result.label}`);
    expect(await found('quok')).toEqual(['Quokka Tea, Hill St, Basel', 'Quokka Tea, Hill St, Basel', 'Bistro Uno, Quokka Road, Bern', 'Bistro Zebra, Quai Sud, Quokka']);
    expect(await found('quokka bist')).toEqual(['Bistro Uno, Quokka Road, Bern', 'Bistro Zebra, Quai Sud, Quokka']);
    const people = await app.post('/api/user/searchusersorplaces', { searchString: 'quokka' }, newClient());
    const ids = await Promise.all(['rank-name', 'rank-name-2'].map(async (placeId) => (await app.data.select().from(establishments).where(eq(establishments.placeId, placeId)))[0]!.id));
    expect(people.body.searchresult.map((entry: { username: string }) => entry.username)).toEqual(ids.map((id) => `place:${id};Quokka Tea`));
  });
});

describe("review totals: only active people's reviews, on pins and the place page alike", () => {
  const ADMIN_EMAIL = 'bosstotals@example.com';
  let app: TestApp;
  let admin: TestAccount;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await registerAccount(app, 'bosstotals', { email: ADMIN_EMAIL });
  });
  afterAll(() => app.close());

  /** A place reviewed by two people (5 and 2 stars), and its totals as its pin and its page show them. */
  async function reviewedPlace(placeId: string, lat: number, [stays, other]: [string, string]) {
    const place = await insertEstablishment(app.data, { placeId, name: 'Totals Tea', city: 'Chicago', lat, lng: -87.7 });
    for (const [username, rating] of [[stays, 5], [other, 2]] as const) {
      const userId = (await app.data.select().from(users).where(eq(users.username, username)))[0]!.id;
      await app.data.insert(posts).values({ userId, establishmentId: place.id, orderText: 'Chai', review: 'Fine', rating });
    }
    const box = { west: -87.71, south: lat - 0.001, east: -87.69, north: lat + 0.001 };
    return async () => {
      const pin = (await app.post('/api/place/inbounds', box)).body.places[0];
      const page = (await app.post('/api/place/loadestablishment', { establishment_id: place.id })).body.establishment;
      return { pin: [pin.posts, pin.rating], page: [page.posts, page.rating] };
    };
  }

  it('drops a deactivated reviewer from the pin and the page, and brings them back when they sign in', async () => {
    await registerAccount(app, 'staysput');
    const leaves = await registerAccount(app, 'leavesnow');
    const totals = await reviewedPlace('prov-totals', 41.93, ['staysput', 'leavesnow']);
    expect(await totals()).toEqual({ pin: [2, '3.5'], page: [2, '3.5'] });

    await app.post('/api/user/deactivateaccount', { password: leaves.password }, leaves.auth);
    expect(await totals()).toEqual({ pin: [1, '5.0'], page: [1, '5.0'] });

    expect((await app.post('/api/user/authenticateuser', { email: leaves.email, password: leaves.password }, newClient())).status).toBe(200);
    expect(await totals()).toEqual({ pin: [2, '3.5'], page: [2, '3.5'] });
  });

  it('drops a suspended reviewer from the pin and the page, and brings them back when unsuspended', async () => {
    await registerAccount(app, 'staysgood');
    const suspended = await registerAccount(app, 'suspendsoon');
    const totals = await reviewedPlace('prov-totals-suspended', 41.95, ['staysgood', 'suspendsoon']);
    expect(await totals()).toEqual({ pin: [2, '3.5'], page: [2, '3.5'] });

    expect((await app.post('/api/admin/suspenduser', { email: suspended.email, reason: 'Spam' }, admin.auth)).status).toBe(200);
    expect(await totals()).toEqual({ pin: [1, '5.0'], page: [1, '5.0'] });

    expect((await app.post('/api/admin/unsuspenduser', { email: suspended.email }, admin.auth)).status).toBe(200);
    expect(await totals()).toEqual({ pin: [2, '3.5'], page: [2, '3.5'] });
  });
});
