import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  comments,
  contactMessages,
  establishments,
  insertEstablishment,
  placeFollows,
  postLikes,
  posts,
  profileImages,
  sessions,
  userFollows,
  users,
  verificationCodes,
} from '@siplog/db';
import { registerAccount, type TestAccount } from './test/accounts';
import { startTestApp, type TestApp } from './test/test-app';

interface DocumentedPost {
  path: string;
  /** Only the required fields, so that each bad variant differs from a good call in one way. */
  valid: Record<string, unknown>;
  /** Calls that need the caller's token get the test account's. */
  signedIn?: boolean;
  /** What the valid body answers when success needs more than a well-formed body (a real code, the right password). */
  validStatus?: number;
}

/** The place the place paths' well-formed bodies name (establishment 1). */
const KNOWN_PLACE = { place_id: 'bad-input-known', name: 'Known Place', lat: 41.88, lng: -87.63 };

/** The review the post paths' well-formed bodies name: the probe's, at the known place, inserted with this id. */
const KNOWN_POST_ID = 1;

/**
 * Every documented POST path that takes a JSON body, and the place paths the map uses. (Logout takes
 * none; the multipart uploads are covered beside their modules.)
 */
const DOCUMENTED_POSTS: DocumentedPost[] = [
  {
    path: '/api/user/requestinformation',
    valid: { clientemail: 'a@example.com', firstname: 'Ann', lastname: 'Lee', phone: '512-555-0199', message: 'Hello there, Siplog!' },
  },
  { path: '/api/clientLog', valid: { level: 'error', msg: 'Error adding post' } },
  { path: '/api/user/getemailverificationcode', valid: { email: 'newcomer@example.com' } },
  { path: '/api/user/usernameavailable', valid: { username: 'someone' } },
  {
    path: '/api/user/registeruser',
    valid: {
      email: 'newbie@example.com', verificationcode: 'abcdef', password: 'Secret1', firstname: 'New', lastname: 'Bie',
      userid: 'newbie', zipcode: '78701',
    },
    validStatus: 400,
  },
  { path: '/api/user/authenticateuser', valid: { email: 'probe@example.com', password: 'Secret12' } },
  { path: '/api/user/gettemppwd', valid: { email: 'probe@example.com' } },
  { path: '/api/user/changepassword', valid: { oldpassword: 'NotMine99', newpassword: 'Another99' }, signedIn: true, validStatus: 400 },
  { path: '/api/user/checkuserstatus', valid: {}, signedIn: true },
  { path: '/api/user/loadprofile', valid: {}, signedIn: true },
  { path: '/api/user/loadpublicprofile', valid: { username: 'probe' } },
  { path: '/api/user/loaduserbyname', valid: { name: 'Test Probe' }, signedIn: true },
  { path: '/api/user/deactivateaccount', valid: { password: 'NotMine99' }, signedIn: true, validStatus: 400 },
  { path: '/api/user/updatecurrentfavorder', valid: { current_fav_order: 'Cortado' }, signedIn: true },
  { path: '/api/user/updateprofiledetails', valid: { gender: 'Custom' }, signedIn: true },
  { path: '/api/user/deleteprofileimage', valid: {}, signedIn: true },
  { path: '/api/user/isUserFollowed', valid: { targetusername: 'target' }, signedIn: true },
  { path: '/api/user/followuser', valid: { targetusername: 'target' }, signedIn: true },
  { path: '/api/user/unfollowuser', valid: { targetusername: 'target' }, signedIn: true },
  { path: '/api/user/searchusersorplaces', valid: { searchString: 'pro' } },
  { path: '/api/post/loadrecentordersforuser', valid: { username: 'probe' } },
  { path: '/api/post/loadfivestarordersforuser', valid: { username: 'probe' } },
  { path: '/api/post/loadpostsbyestablishment', valid: { establishment_id: 1 } },
  { path: '/api/post/loadrecentposts', valid: {} },
  { path: '/api/post/likepost', valid: { postid: KNOWN_POST_ID }, signedIn: true },
  { path: '/api/post/unlikepost', valid: { postid: KNOWN_POST_ID }, signedIn: true },
  { path: '/api/post/ispostliked', valid: { postid: KNOWN_POST_ID }, signedIn: true },
  { path: '/api/post/loadcomments', valid: { postid: KNOWN_POST_ID } },
  { path: '/api/post/addcomment', valid: { postid: KNOWN_POST_ID, comment: 'Nice one' }, signedIn: true },
  { path: '/api/post/getuserplaces', valid: {}, signedIn: true },
  { path: '/api/post/loadpost', valid: { postid: KNOWN_POST_ID } },
  { path: '/api/post/updatepost', valid: { postid: KNOWN_POST_ID, order: 'Flat white', review: 'Better', rating: 4 }, signedIn: true },
  // Last of the post paths: its well-formed call deletes the known review.
  { path: '/api/post/deletepost', valid: { postid: KNOWN_POST_ID }, signedIn: true },
  { path: '/api/place/loadestablishment', valid: { establishment_id: 1 } },
  { path: '/api/place/loadestablishmentbylocation', valid: { location: 'known-place' } },
  { path: '/api/place/placeselected', valid: { place_info: KNOWN_PLACE } },
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
];

const HUGE = 'x'.repeat(200_000);

/** Everything a bad call could write, row for row (each table's rows sorted: PostgreSQL gives no order without one). */
async function snapshot(app: TestApp): Promise<string> {
  const tables = [users, userFollows, placeFollows, profileImages, verificationCodes, sessions, contactMessages, establishments, posts, postLikes, comments];
  const rows: string[][] = [];
  for (const table of tables) rows.push((await app.data.select().from(table)).map((row) => JSON.stringify(row)).sort());
  return JSON.stringify(rows);
}

/** A field of the wrong type: text where a number belongs and the other way round; ids also get numbers that are no id. */
function mistyped(key: string, value: unknown): Array<[string, unknown]> {
  if (typeof value !== 'number') return [[`${key} as a number`, 12345]];
  const notANumber: Array<[string, unknown]> = [[`${key} as text`, 'abc']];
  return key.endsWith('_id') ? [...notANumber, [`${key} negative`, -5], [`${key} fractional`, 1.5]] : notANumber;
}

describe('bad input on every documented POST path', () => {
  let app: TestApp;
  let probe: TestAccount;
  let ip = 1;
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.post(path, body, { 'X-Forwarded-For': `192.0.2.${ip++ % 250}`, ...headers });

  beforeAll(async () => {
    app = await startTestApp();
    probe = await registerAccount(app, 'probe', { firstname: 'Test', lastname: 'Probe' });
    await registerAccount(app, 'target');
    const place = await insertEstablishment(app.data, { placeId: KNOWN_PLACE.place_id, name: KNOWN_PLACE.name, city: '', lat: KNOWN_PLACE.lat, lng: KNOWN_PLACE.lng });
    const [{ id: probeId }] = await app.data.select({ id: users.id }).from(users).where(eq(users.email, probe.email));
    await app.data.insert(posts).values({ id: KNOWN_POST_ID, userId: probeId, establishmentId: place.id, orderText: 'Cortado', review: 'Good', rating: 5 });
  });
  afterAll(() => app.close());

  for (const { path, valid, signedIn, validStatus = 200 } of DOCUMENTED_POSTS) {
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
          ...mistyped(key, valid[key]).map(([label, value]): [string, unknown] => [label, { ...valid, [key]: value }]),
          [`${key} as an object`, { ...valid, [key]: { $gt: '' } }],
          [`${key} missing`, Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))],
          [`${key} huge`, { ...valid, [key]: HUGE }],
        ]),
      ];

      it('answers 400 with a clear message and stores nothing', async () => {
        const before = await snapshot(app);
        const auth = signedIn ? probe.auth : {};
        for (const [label, body, headers] of variants) {
          const response = await send(path, body, { ...auth, ...headers });
          expect(response.status, label).toBe(400);
          expect(response.body.status, label).toBe(400);
          expect(typeof response.body.msg, label).toBe('string');
          expect(response.body.msg.length, label).toBeGreaterThan(3);
          expect(JSON.stringify(response.body), label).not.toMatch(/at \w+ \(|node_modules|SQLITE|\/work\//);
        }
        expect(await snapshot(app)).toBe(before);
      });

      it(`answers the well-formed body with ${validStatus}`, async () => {
        expect((await send(path, valid, signedIn ? probe.auth : {})).status).toBe(validStatus);
      });
    });
  }

  it('refuses oversized or mistyped place_info fields, provider details and a caller-chosen id', async () => {
    const before = await snapshot(app);
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
    expect(await snapshot(app)).toBe(before);
  });

  it('refuses a body over the size limit without a 500', async () => {
    const response = await send('/api/clientLog', { level: 'error', msg: 'y'.repeat(2_000_000) });
    expect([400, 413]).toContain(response.status);
    expect(response.body.status).toBe(response.status);
  });
});
