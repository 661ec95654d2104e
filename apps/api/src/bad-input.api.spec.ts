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
import { INPUT_MESSAGES, LIMITS } from '@siplog/contracts';
import { registerAccount, type TestAccount } from './test/accounts';
import { postReview } from './test/reviews';
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

/** Ids PostgreSQL's 32-bit integer columns cannot hold: the first past LIMITS.idMax, the issue's, as digits and the largest the old rule took. */
const IDS_PAST_32_BITS: unknown[] = [LIMITS.idMax + 1, 3_000_000_000, '3000000000', 999_999_999_999_999];
/** Control characters refused in text: NUL (which PostgreSQL refuses in any text), BEL, CR, ESC, DEL and C1's NEL. */
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\r', '\u001b', '\u007f', '\u0085'];
/** Fields whose values come from a list: any other value is refused with the list's own message. */
const LISTED_FIELDS = new Set(['level', 'gender']);

const isIdField = (key: string, value: unknown) => typeof value === 'number' && /id$/.test(key);
const withControl = (text: string, control: string) => `${text.slice(0, 1)}${control}${text.slice(1)}`;

describe('one answer on SQLite and PostgreSQL: ids past 32 bits and control characters in text', () => {
  let app: TestApp;
  let probe: TestAccount;
  let ip = 1;
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.post(path, body, { 'X-Forwarded-For': `198.51.100.${ip++ % 250}`, ...headers });

  beforeAll(async () => {
    app = await startTestApp();
    probe = await registerAccount(app, 'probe', { firstname: 'Test', lastname: 'Probe' });
    await registerAccount(app, 'target');
    const place = await insertEstablishment(app.data, { placeId: KNOWN_PLACE.place_id, name: KNOWN_PLACE.name, city: '', lat: KNOWN_PLACE.lat, lng: KNOWN_PLACE.lng });
    const [{ id: probeId }] = await app.data.select({ id: users.id }).from(users).where(eq(users.email, probe.email));
    await app.data.insert(posts).values({ id: KNOWN_POST_ID, userId: probeId, establishmentId: place.id, orderText: 'Cortado', review: 'Good', rating: 5 });
  });
  afterAll(() => app.close());

  it('refuses an id past 32 bits with 400 on every documented POST path that takes one', async () => {
    const extra: DocumentedPost[] = [
      { path: '/api/place/bestorders', valid: { establishment_id: 1 } },
      { path: '/api/place/wanttotry', valid: { establishment_id: 1 }, signedIn: true },
      { path: '/api/place/removewanttotry', valid: { establishment_id: 1 }, signedIn: true },
      { path: '/api/notification/markread', valid: { notification_ids: [1] }, signedIn: true },
    ];
    const before = await snapshot(app);
    let checked = 0;
    for (const { path, valid, signedIn } of [...DOCUMENTED_POSTS, ...extra]) {
      for (const [key, value] of Object.entries(valid)) {
        if (!isIdField(key, value) && !(Array.isArray(value) && /ids$/.test(key))) continue;
        for (const id of IDS_PAST_32_BITS) {
          const body = { ...valid, [key]: Array.isArray(value) ? [id] : id };
          const response = await send(path, body, signedIn ? probe.auth : {});
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
          expect(response.body.msg, `${path} ${JSON.stringify(body)}`).toBe(INPUT_MESSAGES.invalidId);
          checked += 1;
        }
      }
    }
    // establishment_id and postid on the place and post paths, notification ids
    expect(checked).toBeGreaterThan(60);
    const last = await send('/api/post/loadpost', { postid: LIMITS.idMax });
    expect(last.status, 'the largest id is still an id (of nothing here)').toBe(404);
    expect(await snapshot(app)).toBe(before);
  });

  it('refuses a NUL in any text field of every documented POST path with 400 and its message, storing nothing', async () => {
    const before = await snapshot(app);
    let checked = 0;
    for (const { path, valid, signedIn } of DOCUMENTED_POSTS) {
      for (const [key, value] of Object.entries(valid)) {
        if (typeof value !== 'string') continue;
        const body = { ...valid, [key]: withControl(value, '\u0000') };
        const response = await send(path, body, signedIn ? probe.auth : {});
        expect(response.status, `${path} ${key}`).toBe(400);
        if (!LISTED_FIELDS.has(key)) expect(response.body.msg, `${path} ${key}`).toBe(INPUT_MESSAGES.controlCharacters);
        checked += 1;
      }
    }
    for (const field of ['name', 'street', 'city', 'place_id'] as const) {
      const body = { place_info: { ...KNOWN_PLACE, place_id: 'bad-input-new', street: 'Main St', city: 'Chicago', [field]: withControl('Somewhere', '\u0000') } };
      const response = await send('/api/place/placeselected', body);
      expect([response.status, response.body.msg], `placeselected ${field}`).toEqual([400, INPUT_MESSAGES.controlCharacters]);
    }
    expect(checked).toBeGreaterThan(30);
    expect(await snapshot(app)).toBe(before);
  });

  it('refuses every control character but tab and line feed, and keeps those in a comment', async () => {
    for (const control of CONTROL_CHARACTERS) {
      const response = await send('/api/post/addcomment', { postid: KNOWN_POST_ID, comment: `Nice${control}one` }, probe.auth);
      expect([response.status, response.body.msg], JSON.stringify(control)).toEqual([400, INPUT_MESSAGES.controlCharacters]);
    }
    const kept = 'Nice\tone\nand another line';
    expect((await send('/api/post/addcomment', { postid: KNOWN_POST_ID, comment: kept }, probe.auth)).status).toBe(200);
    expect((await app.data.select({ text: comments.body }).from(comments)).map((row) => row.text)).toEqual([kept]);
  });

  it('answers tRPC procedures alike: 400 for an id past 32 bits or a control character', async () => {
    const calls: Array<['query' | 'mutation', string, unknown, string]> = [
      ['query', 'post.byId', { postid: 3_000_000_000 }, INPUT_MESSAGES.invalidId],
      ['query', 'post.comments', { postid: '3000000000' }, INPUT_MESSAGES.invalidId],
      ['query', 'place.byId', { establishment_id: LIMITS.idMax + 1 }, INPUT_MESSAGES.invalidId],
      ['query', 'post.byEstablishment', { establishment_id: 3_000_000_000 }, INPUT_MESSAGES.invalidId],
      ['mutation', 'post.like', { postid: 3_000_000_000 }, INPUT_MESSAGES.invalidId],
      ['mutation', 'post.addComment', { postid: KNOWN_POST_ID, comment: 'a\u0000b' }, INPUT_MESSAGES.controlCharacters],
      ['mutation', 'user.updateFavoriteOrder', { current_fav_order: 'Latte\u0000' }, INPUT_MESSAGES.controlCharacters],
      ['query', 'user.search', { searchString: 'pro\u0000be' }, INPUT_MESSAGES.controlCharacters],
      ['query', 'user.publicProfile', { username: 'pro\u0000be' }, INPUT_MESSAGES.controlCharacters],
      ['mutation', 'report.add', { kind: 'post', target_id: 3_000_000_000, reason: 'spam' }, INPUT_MESSAGES.invalidId],
      ['mutation', 'report.add', { kind: 'comment', target_id: '3000000000', reason: 'spam' }, INPUT_MESSAGES.invalidId],
      ['mutation', 'report.add', { kind: 'post', target_id: KNOWN_POST_ID, reason: 'other', note: 'See\u0000this' }, INPUT_MESSAGES.controlCharacters],
    ];
    for (const [kind, procedure, input, message] of calls) {
      const answer = await app.trpc(kind, procedure, input, { ...probe.auth, 'X-Forwarded-For': `198.51.100.${ip++ % 250}` });
      expect([answer.status, answer.error?.message], `${procedure} ${JSON.stringify(input)}`).toEqual([400, message]);
    }
  });

  it('refuses a control character in the multipart data of addpostwithimages', async () => {
    const before = await snapshot(app);
    for (const field of ['order', 'review', 'establishment_name'] as const) {
      const answer = await postReview(app, probe, { place_id: KNOWN_PLACE.place_id, [field]: 'Flat\u0000white' });
      expect([answer.status, answer.body.msg], field).toEqual([400, INPUT_MESSAGES.controlCharacters]);
    }
    expect(await snapshot(app)).toBe(before);
  });

  it('answers 404 to the pages of an id past 32 bits or a name with a control character', async () => {
    for (const route of ['/post/2147483648', '/post/3000000000', '/view/2147483648', '/view/3000000000', '/user/pro%00be', '/user/pro%0Dbe', '/view/location/a%00b']) {
      expect((await fetch(app.baseUrl + route)).status, route).toBe(404);
    }
  });

  it('refuses a profile picture asked for by a name with a control character (400), as any text', async () => {
    const answer = await fetch(`${app.baseUrl}/api/showimage/profileimage/pro%00be`);
    expect([answer.status, ((await answer.json()) as { msg: string }).msg]).toEqual([400, INPUT_MESSAGES.controlCharacters]);
    expect((await fetch(`${app.baseUrl}/api/showimage/profileimage/probe`)).status).toBe(200);
  });
});
