/**
 * The feed benchmark's yardstick: a minimal node:http + better-sqlite3 server answering the feed calls from the
 * same SQLite file (read-only) with the same SQL PostService prepares (copied from drizzle's `getQuery()`/`toSQL()`
 * output) and the same JSON, so the difference to our API is the framework, not the query.
 *   POST /api/post/loadrecentposts {limit, skip}
 *   POST /api/post/loadpostsbyestablishment {establishment_id}
 *   GET  /trpc/post.recent?input={"limit":5,"cursor":"ms_id"}
 *   POST /api/user/loadpublicprofile {username}
 * each review with its amenity answers (issue 31) by PostAmenitiesRepository's own SQL, and, signed in (issue 16),
 * the Following feed with PostService's own SQL (app-sql.ts reads both from the services):
 *   GET  /trpc/post.following?input={"limit":5,"cursor":"ms_id"}
 *   POST /api/post/loadfollowingposts {limit, skip}
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DB } from '@siplog/db';
import { argumentsOf, followingSqlOf } from './app-sql';

type Sqlite = DB['$client'];
type SqliteConstructor = new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean }) => Sqlite;

/** better-sqlite3 as @siplog/db depends on it (the API package reaches SQLite only through that package). */
export const Database = createRequire(require.resolve('@siplog/db'))('better-sqlite3') as SqliteConstructor;

const POST_COLUMNS =
  'select "posts"."id", "users"."username", "posts"."establishment_id", "establishments"."name", "posts"."created_at", "posts"."order_text", ' +
  '"posts"."review", "posts"."rating", "posts"."drink_kind", "posts"."drink_temperature", "posts"."drink_milk", ' +
  '"posts"."drink_sweetness", "posts"."drink_toppings", "establishments"."street", "establishments"."city", "establishments"."state", "establishments"."zip", ' +
  '"establishments"."country" from "posts" inner join "users" on "users"."id" = "posts"."user_id" ' +
  'inner join "establishments" on "establishments"."id" = "posts"."establishment_id"';
const NEWEST_FIRST = 'order by "posts"."created_at" desc, "posts"."id" desc';

export const FEED_SQL = {
  recent: `${POST_COLUMNS} where "users"."deactivated_at" is null ${NEWEST_FIRST} limit ? offset ?`,
  recentAfter: `${POST_COLUMNS} where ("users"."deactivated_at" is null and ("posts"."created_at", "posts"."id") < (?, ?)) ${NEWEST_FIRST} limit ?`,
  place: 'select "id" from "establishments" where "establishments"."id" = ?',
  byEstablishment: `${POST_COLUMNS} where ("posts"."establishment_id" = ? and "users"."deactivated_at" is null) ${NEWEST_FIRST} limit ?`,
  images:
    'select "post_id", "file_name" from "post_images" where "post_images"."post_id" in (select value from json_each(?)) ' +
    'order by "post_images"."post_id" asc, "post_images"."position" asc',
  likeCounts:
    'select "post_likes"."post_id", count(*) from "post_likes" inner join "users" on "users"."id" = "post_likes"."user_id" ' +
    'where ("post_likes"."post_id" in (select value from json_each(?)) and "users"."deactivated_at" is null) group by "post_likes"."post_id"',
  person:
    'select "id", "username", "first_name", "last_name", "bio", "current_fav_order" from "users" where ("users"."username" = ? and "users"."deactivated_at" is null)',
  followers:
    'select "users"."username" from "user_follows" inner join "users" on "users"."id" = "user_follows"."follower_id" ' +
    'where ("user_follows"."followee_id" = ? and "users"."deactivated_at" is null) order by "users"."username" asc',
  following:
    'select "users"."username" from "user_follows" inner join "users" on "users"."id" = "user_follows"."followee_id" ' +
    'where ("user_follows"."follower_id" = ? and "users"."deactivated_at" is null) order by "users"."username" asc',
  postCount: 'select count(*) from "posts" where "posts"."user_id" = ?',
  followedPlaces:
    'select "establishments"."id", "establishments"."name" from "place_follows" inner join "establishments" on "establishments"."id" = "place_follows"."establishment_id" ' +
    'where "place_follows"."user_id" = ? order by "establishments"."name" asc',
  profileImages: 'select "file_name" from "profile_images" where "profile_images"."user_id" in (?) order by "profile_images"."id" asc',
  /** TokenService's live-session lookup, reduced to the one column the raw server needs. */
  liveSession:
    'select "users"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" ' +
    'where ("sessions"."id" = ? and "sessions"."revoked_at" is null and "sessions"."expires_at" > ?)',
} as const;

/**
 * A session token's user id, or null: what TokenService.verify checks (HS256 signature, issuer, audience, expiry,
 * a live session whose user is the token's subject), with node:crypto and one prepared lookup instead of jose and
 * drizzle. The secret is the one our API keeps in DATA_DIR, read on the first signed-in request.
 */
export function createTokenCheck(sqlite: Sqlite, secretFile: string): (authorization: string | undefined) => number | null {
  const liveSession = sqlite.prepare(FEED_SQL.liveSession).pluck();
  let key: KeyObject | undefined;
  return (authorization) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const [header, payload, signature, extra] = token?.split('.') ?? [];
    if (!signature || extra !== undefined) return null;
    key ??= crypto.createSecretKey(Buffer.from(fs.readFileSync(secretFile, 'utf8').trim()));
    const expected = crypto.createHmac('sha256', key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    let claims: { iss?: unknown; aud?: unknown; exp?: unknown; sub?: unknown; jti?: unknown };
    try {
      if ((JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg !== 'HS256') return null;
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return null;
    }
    const now = Date.now();
    if (claims.iss !== 'siplog' || claims.aud !== 'siplog-web' || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    if (typeof claims.jti !== 'string' || typeof claims.sub !== 'string') return null;
    const userId = liveSession.get(claims.jti, now) as number | undefined;
    return userId !== undefined && String(userId) === claims.sub ? userId : null;
  };
}

/** Columns in the order of POST_COLUMNS (statements run in raw mode, as drizzle runs them). */
/** id, username, place id and name, created_at, order, review, rating, the drink's five columns, the place's address. */
type PostRow = [
  number, string, number, string, number, string, string, number,
  string | null, string | null, string | null, number | null, string | null,
  string, string, string, string, string,
];

const BY_ESTABLISHMENT_MAX = 100;

/** The raw server's work without HTTP: (method, url, body, Authorization header) -> [status, answer]. */
export type FeedAnswers = ((method: string, url: string, body: string, authorization?: string) => [number, unknown]) & { close: () => void };

/** Before every review: the first page of a feed paged by (created_at, id), as PostService starts one. */
const FEED_START = { createdAt: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };

export function createFeedAnswers(databaseFile: string): FeedAnswers {
  const sqlite = new Database(databaseFile, { readonly: true, fileMustExist: true });
  const statement = (sql: string) => sqlite.prepare(sql).raw(true);
  const recent = statement(FEED_SQL.recent);
  const recentAfter = statement(FEED_SQL.recentAfter);
  const place = statement(FEED_SQL.place);
  const byEstablishment = statement(FEED_SQL.byEstablishment);
  const images = statement(FEED_SQL.images);
  const likeCounts = statement(FEED_SQL.likeCounts);
  const person = statement(FEED_SQL.person);
  const followers = statement(FEED_SQL.followers);
  const following = statement(FEED_SQL.following);
  const postCount = statement(FEED_SQL.postCount);
  const followedPlaces = statement(FEED_SQL.followedPlaces);
  const profileImages = statement(FEED_SQL.profileImages);
  const appSql = followingSqlOf(sqlite);
  const followingPage = statement(appSql.following.sql);
  const followsCount = statement(appSql.followsCount.sql);
  const mentionNames = sqlite.prepare(appSql.postMentionNames).raw(true);
  const amenityAnswers = sqlite.prepare(appSql.postAmenities).raw(true);
  const userOf = createTokenCheck(sqlite, path.join(path.dirname(databaseFile), 'jwt-secret'));

  function views(rows: PostRow[]) {
    if (rows.length === 0) return [];
    const ids = JSON.stringify(rows.map((row) => row[0]));
    const imagesOf = new Map<number, string[]>();
    for (const [postId, fileName] of images.all(ids) as Array<[number, string]>) {
      const list = imagesOf.get(postId);
      if (list) list.push(fileName);
      else imagesOf.set(postId, [fileName]);
    }
    const likes = new Map(likeCounts.all(ids) as Array<[number, number]>);
    const mentionsOf = new Map<number, string[]>();
    for (const [postId, username] of mentionNames.all({ ids }) as Array<[number, string]>) {
      const list = mentionsOf.get(postId);
      if (list) list.push(username);
      else mentionsOf.set(postId, [username]);
    }
    const amenitiesOf = new Map<number, Record<string, boolean>>(rows.map((row) => [row[0], {}]));
    for (const [postId, amenity, value] of amenityAnswers.all({ ids }) as Array<[number, string, number]>) amenitiesOf.get(postId)![amenity] = value === 1;
    return rows.map((row) => ({
      post_id: row[0],
      _id: row[0],
      username: row[1],
      establishment_id: row[2],
      establishment_name: row[3],
      post_date: new Date(row[4]).toISOString(),
      order: row[5],
      review: row[6],
      rating: String(row[7]),
      drink:
        row[8] === null
          ? null
          : { kind: row[8], temperature: row[9], milk: row[10], sweetness: row[11], toppings: row[12] ? String(row[12]).split(',') : [] },
      amenities: amenitiesOf.get(row[0]),
      likes: likes.get(row[0]) ?? 0,
      images: imagesOf.get(row[0]) ?? [],
      est_street: row[13],
      est_city: row[14],
      est_state: row[15],
      est_zip: row[16],
      est_country: row[17],
      mentions: mentionsOf.get(row[0]) ?? [],
    }));
  }

  const followingRows = (me: number, after: { createdAt: number; id: number }, take: number, limit: number, offset: number) =>
    followingPage.all(...argumentsOf(appSql.following, { me, ...after, take, limit, offset })) as PostRow[];

  const count = (value: unknown, fallback: number, max: number) =>
    value === undefined ? fallback : Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max ? (value as number) : NaN;

  function answer(method: string, url: string, body: string, authorization?: string): [number, unknown] {
    if (method === 'GET' && url.startsWith('/trpc/post.following?')) {
      const me = userOf(authorization);
      if (me === null) return [401, { error: { message: 'Sign in first' } }];
      const input = JSON.parse(new URL(url, 'http://raw').searchParams.get('input') ?? '{}') as { limit?: unknown; cursor?: unknown };
      const limit = count(input.limit, 5, 50);
      if (Number.isNaN(limit)) return [400, { error: { message: 'Bad input' } }];
      let after = FEED_START;
      if (typeof input.cursor === 'string' && /^\d{1,15}_\d{1,15}$/.test(input.cursor)) {
        const [createdAt, id] = input.cursor.split('_').map(Number);
        after = { createdAt, id };
      } else if (input.cursor !== undefined && input.cursor !== null) return [400, { error: { message: 'Bad input' } }];
      const posts = views(followingRows(me, after, limit, limit, 0));
      const last = posts.at(-1);
      const nextCursor = last && posts.length === limit ? `${Date.parse(last.post_date)}_${last.post_id}` : null;
      const follows = (followsCount.get(...argumentsOf(appSql.followsCount, { me })) as [number])[0];
      return [200, { result: { data: { posts, nextCursor, follows } } }];
    }
    if (method === 'POST' && url === '/api/post/loadfollowingposts') {
      const me = userOf(authorization);
      if (me === null) return [401, { status: 401, msg: 'Sign in first' }];
      const input = JSON.parse(body || '{}') as { limit?: unknown; skip?: unknown };
      const limit = count(input.limit, 5, 50);
      const skip = count(input.skip, 0, 100_000);
      if (Number.isNaN(limit) || Number.isNaN(skip)) return [400, { status: 400, msg: 'Bad input' }];
      return [200, { posts: views(followingRows(me, FEED_START, skip + limit, limit, skip)) }];
    }
    if (method === 'POST' && url === '/api/post/loadrecentposts') {
      const input = JSON.parse(body || '{}') as { limit?: unknown; skip?: unknown };
      const limit = count(input.limit, 5, 50);
      const skip = count(input.skip, 0, 1_000_000);
      if (Number.isNaN(limit) || Number.isNaN(skip)) return [400, { status: 400, msg: 'Bad input' }];
      return [200, { posts: views(recent.all(limit, skip) as PostRow[]) }];
    }
    if (method === 'POST' && url === '/api/post/loadpostsbyestablishment') {
      const id = (JSON.parse(body || '{}') as { establishment_id?: unknown }).establishment_id;
      if (!Number.isInteger(id) || (id as number) < 1) return [400, { status: 400, msg: 'Bad input' }];
      if (!place.get(id)) return [404, { status: 404, msg: 'Place not found' }];
      return [200, { posts: views(byEstablishment.all(id, BY_ESTABLISHMENT_MAX) as PostRow[]) }];
    }
    if (method === 'GET' && url.startsWith('/trpc/post.recent?')) {
      const input = JSON.parse(new URL(url, 'http://raw').searchParams.get('input') ?? '{}') as { limit?: unknown; cursor?: unknown };
      const limit = count(input.limit, 5, 50);
      if (Number.isNaN(limit)) return [400, { error: { message: 'Bad input' } }];
      let rows: PostRow[];
      if (typeof input.cursor === 'string' && /^\d{1,15}_\d{1,15}$/.test(input.cursor)) {
        const [createdAt, id] = input.cursor.split('_').map(Number);
        rows = recentAfter.all(createdAt, id, limit) as PostRow[];
      } else {
        rows = recent.all(limit, 0) as PostRow[];
      }
      const posts = views(rows);
      const last = posts.at(-1);
      const nextCursor = last && posts.length === limit ? `${Date.parse(last.post_date)}_${last.post_id}` : null;
      return [200, { result: { data: { posts, nextCursor } } }];
    }
    if (method === 'POST' && url === '/api/user/loadpublicprofile') {
      const username = (JSON.parse(body || '{}') as { username?: unknown }).username;
      if (typeof username !== 'string') return [400, { status: 400, msg: 'Bad input' }];
      const row = person.get(username.trim().toLowerCase()) as [number, string, string, string, string, string] | undefined;
      if (!row) return [404, { status: 404, msg: 'User not found' }];
      const [id, name, firstName, lastName, bio, favoriteOrder] = row;
      const names = (rows: unknown[]) => (rows as Array<[string]>).map(([one]) => one);
      const places = followedPlaces.all(id) as Array<[number, string]>;
      const user = {
        username: name,
        first_name: firstName,
        last_name: lastName,
        bio,
        current_fav_order: favoriteOrder,
        profile_images: names(profileImages.all(id)),
        followers: names(followers.all(id)),
        following: [...names(following.all(id)), ...places.map(([placeId, placeName]) => `place:${placeId};${placeName}`)],
        number_of_posts: (postCount.get(id) as [number])[0],
      };
      return [200, { status: 200, user }];
    }
    return [404, { status: 404, msg: 'Not found' }];
  }

  return Object.assign(answer, { close: () => sqlite.close() });
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  response.end(json);
}

export function createRawFeedServer(databaseFile: string): http.Server {
  const answer = createFeedAnswers(databaseFile);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const [status, body] = answer(request.method ?? 'GET', request.url ?? '/', Buffer.concat(chunks).toString('utf8'), request.headers.authorization);
        send(response, status, body);
      } catch {
        send(response, 400, { status: 400, msg: 'Bad input' });
      }
    });
  });
  server.on('close', () => answer.close());
  return server;
}
