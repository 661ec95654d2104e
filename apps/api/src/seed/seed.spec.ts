import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAP_CENTER, LIMITS, slugify } from '@siplog/contracts';
import {
  comments,
  establishments,
  notifications,
  openAppDatabase,
  placeFollows,
  postImages,
  postLikes,
  posts,
  profileImages,
  userFollows,
  users,
  type Database,
} from '@siplog/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/password-hasher';
import { dropTestDatabase, freshTestDatabaseUrl } from '../test/test-database';
import { ImageStore, variantFileName, type ImageFolder } from '../modules/media/image-store';
import { LocalBlobStore } from '../modules/media/local-blob-store';
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_PLACE_FOLLOWS, DEMO_PLACES, DEMO_REVIEWS } from './demo-content';
import { seedDemoData, type SeedResult } from './seed';

function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The map's bundled street data: OpenStreetMap tiles of central Chicago (z13, x 2098..2102, y 3042..3047). */
const STREET_DATA = { west: -87.803, east: -87.583, south: 41.771, north: 41.968 } as const;

/**
 * Lake Michigan's shore as [lat, lng], read off the water layer of the bundled tiles and rounded west:
 * everything east of this line is lake. South of 41.805 the shore lies east of the street data.
 */
const LAKE_SHORE: readonly (readonly [number, number])[] = [
  [41.771, -87.583],
  [41.805, -87.584],
  [41.816, -87.592],
  [41.831, -87.604],
  [41.846, -87.609],
  [41.866, -87.61],
  [41.871, -87.617],
  [41.881, -87.617],
  [41.886, -87.611],
  [41.896, -87.611],
  [41.901, -87.62],
  [41.906, -87.625],
  [41.921, -87.629],
  [41.936, -87.632],
  [41.951, -87.639],
  [41.956, -87.642],
  [41.968, -87.642],
];

/** A pin must stand at least this far west of the shore: on land, not on the beach or in the lake. */
const SHORE_MARGIN_METERS = 400;

function shoreLng(lat: number): number {
  const upper = LAKE_SHORE.findIndex(([shoreLat]) => shoreLat >= lat);
  if (upper === 0) return LAKE_SHORE[0][1];
  if (upper === -1) return LAKE_SHORE[LAKE_SHORE.length - 1][1];
  const [lat0, lng0] = LAKE_SHORE[upper - 1];
  const [lat1, lng1] = LAKE_SHORE[upper];
  return lng0 + ((lat - lat0) / (lat1 - lat0)) * (lng1 - lng0);
}

/** Metres from a point west to the lake shore at its latitude; negative in the lake. */
function metersWestOfShore(point: { lat: number; lng: number }): number {
  const shore = { lat: point.lat, lng: shoreLng(point.lat) };
  return Math.sign(shore.lng - point.lng) * distanceMeters(point, shore);
}

function insideStreetData(point: { lat: number; lng: number }): boolean {
  return (
    point.lng >= STREET_DATA.west && point.lng <= STREET_DATA.east && point.lat >= STREET_DATA.south && point.lat <= STREET_DATA.north
  );
}

function isWebp(file: string): boolean {
  const header = fs.readFileSync(file).subarray(0, 12);
  return header.toString('ascii', 0, 4) === 'RIFF' && header.toString('ascii', 8, 12) === 'WEBP';
}

describe('seedDemoData', () => {
  let dir: string;
  let databaseUrl: string | null;
  let db: Database;
  let images: ImageStore;
  let result: SeedResult;
  const now = new Date();

  const rowCounts = async () => ({
    users: (await db.select().from(users)).length,
    profileImages: (await db.select().from(profileImages)).length,
    places: (await db.select().from(establishments)).length,
    posts: (await db.select().from(posts)).length,
    postImages: (await db.select().from(postImages)).length,
    likes: (await db.select().from(postLikes)).length,
    comments: (await db.select().from(comments)).length,
    userFollows: (await db.select().from(userFollows)).length,
    placeFollows: (await db.select().from(placeFollows)).length,
  });

  const expectStoredImage = (folder: ImageFolder, name: string) => {
    for (const file of [name, variantFileName(name, 'thumb')]) {
      const full = path.join(dir, 'media', folder, file);
      expect(fs.existsSync(full), full).toBe(true);
      expect(isWebp(full), full).toBe(true);
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-seed-'));
    // A new SQLite file, or a new PostgreSQL database on the PostgreSQL run.
    databaseUrl = await freshTestDatabaseUrl();
    db = await openAppDatabase({ databaseUrl, databaseFile: path.join(dir, 'app.db') });
    images = new ImageStore(new LocalBlobStore(path.join(dir, 'media')), path.join(dir, 'tmp'));
    result = await seedDemoData(db, images, now);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns counts that match the rows written', async () => {
    const counts = await rowCounts();
    expect(result).toEqual({ seeded: true, users: counts.users, places: counts.places, posts: counts.posts });
    expect(counts.users).toBeGreaterThanOrEqual(8);
    expect(counts.places).toBeGreaterThanOrEqual(28);
    expect(counts.posts).toBeGreaterThanOrEqual(40);
    expect(counts.profileImages).toBeGreaterThan(0);
    expect(counts.likes).toBeGreaterThan(0);
    expect(counts.comments).toBeGreaterThan(0);
    expect(counts.userFollows).toBeGreaterThan(0);
    expect(counts.placeFollows).toBeGreaterThan(0);
  });

  it('gives every post 1 to 3 WebP images, stored in full and as a thumbnail', async () => {
    const rows = await db.select().from(postImages);
    for (const post of await db.select().from(posts)) {
      const own = rows.filter((row) => row.postId === post.id).sort((a, b) => a.position - b.position);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(LIMITS.reviewImagesMax);
      expect(own.map((row) => row.position)).toEqual(own.map((_, index) => index));
      for (const image of own) expectStoredImage('postimages', image.fileName);
    }
  });

  it('stores the profile images it records', async () => {
    for (const image of await db.select().from(profileImages)) expectStoredImage('profileimages', image.fileName);
  });

  it('keeps ratings in range and dates in the past, comments after their post', async () => {
    const allPosts = await db.select().from(posts);
    for (const post of allPosts) {
      expect(post.rating).toBeGreaterThanOrEqual(LIMITS.ratingMin);
      expect(post.rating).toBeLessThanOrEqual(LIMITS.ratingMax);
      expect(post.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(post.createdAt.getTime()).toBeGreaterThan(now.getTime() - 60 * 86_400_000);
    }
    for (const comment of await db.select().from(comments)) {
      const post = allPosts.find((candidate) => candidate.id === comment.postId);
      expect(comment.createdAt.getTime()).toBeGreaterThanOrEqual(post!.createdAt.getTime());
      expect(comment.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('puts the default map centre inside the street data, on land', () => {
    expect(insideStreetData(DEFAULT_MAP_CENTER)).toBe(true);
    expect(metersWestOfShore(DEFAULT_MAP_CENTER)).toBeGreaterThanOrEqual(SHORE_MARGIN_METERS);
  });

  it('places every establishment inside the street data and on land, west of the lake shore', async () => {
    for (const place of await db.select().from(establishments)) {
      expect(insideStreetData(place), place.name).toBe(true);
      expect(metersWestOfShore(place), place.name).toBeGreaterThanOrEqual(SHORE_MARGIN_METERS);
      expect(place.placeId).toMatch(/^siplog:demo-[a-z0-9-]+$/);
    }
  });

  it('fills the first screen: at least 10 places within 2 km of the default map centre, no two pins on top of each other', async () => {
    const places = await db.select().from(establishments);
    expect(places.filter((place) => distanceMeters(DEFAULT_MAP_CENTER, place) <= 2000).length).toBeGreaterThanOrEqual(10);
    for (const [index, place] of places.entries()) {
      for (const other of places.slice(index + 1)) expect(distanceMeters(place, other), `${place.name} / ${other.name}`).toBeGreaterThanOrEqual(100);
    }
  });

  it('gives every place its URL slug by the one rule (slugify of name and city)', async () => {
    for (const place of await db.select().from(establishments)) expect(place.slug, place.name).toBe(slugify(place.name, place.city));
  });

  it('gives every place a Chicago street address', async () => {
    for (const place of await db.select().from(establishments)) {
      expect(place, place.name).toMatchObject({ city: 'Chicago', state: 'IL', country: 'US' });
      expect(place.zip, place.name).toMatch(/^606\d\d$/);
      expect(place.street, place.name).toMatch(/^\d+ [NSEW] \S/);
    }
  });

  it('spreads the reviews over the places and leaves a few without any', async () => {
    const keys = new Set<string>(DEMO_PLACES.map((place) => place.key));
    expect(keys.size).toBe(DEMO_PLACES.length);
    for (const review of DEMO_REVIEWS) expect(keys.has(review.place), review.place).toBe(true);
    for (const [, place] of DEMO_PLACE_FOLLOWS) expect(keys.has(place), place).toBe(true);

    const places = await db.select().from(establishments);
    const allPosts = await db.select().from(posts);
    const placeIds = new Set(places.map((place) => place.id));
    for (const post of allPosts) expect(placeIds.has(post.establishmentId), `post ${post.id}`).toBe(true);

    const ratings = places.map((place) => allPosts.filter((post) => post.establishmentId === place.id).map((post) => post.rating));
    // a few empty establishment pages to look at, and no place with most of the reviews
    expect(ratings.filter((own) => own.length === 0).length).toBeGreaterThanOrEqual(2);
    expect(ratings.filter((own) => own.length >= 1 && own.length <= 3).length).toBeGreaterThanOrEqual(places.length / 2);
    expect(Math.max(...ratings.map((own) => own.length))).toBeLessThanOrEqual(3);
    // the cards show different averages
    const averages = new Set(ratings.filter((own) => own.length > 0).map((own) => own.reduce((sum, rating) => sum + rating, 0) / own.length));
    expect(averages.size).toBeGreaterThanOrEqual(3);
  });

  it('re-homes the people in Chicago and leaves no trace of the old demo city', () => {
    // the README's sign-in examples
    const emails = DEMO_PEOPLE.map((person) => person.email);
    expect(emails).toContain('maya.lopez@demo.siplog.local');
    expect(emails).toContain('jordan.kim@demo.siplog.local');
    for (const person of DEMO_PEOPLE) {
      expect(person.zipCode, person.username).toMatch(/^606\d\d$/);
      expect(person.phone, person.username).toMatch(/^(312|773)-555-01\d\d$/);
      expect(person.phone.length).toBeLessThanOrEqual(LIMITS.phoneMax);
    }
    const text = JSON.stringify([DEMO_PEOPLE, DEMO_PLACES, DEMO_REVIEWS]);
    expect(text).not.toMatch(/austin|texas|\bTX\b/i);
  });

  it('has no one following themselves or liking their own review', async () => {
    for (const follow of await db.select().from(userFollows)) expect(follow.followerId).not.toBe(follow.followeeId);
    const authors = new Map((await db.select().from(posts)).map((post) => [post.id, post.userId]));
    for (const like of await db.select().from(postLikes)) expect(like.userId).not.toBe(authors.get(like.postId));
  });

  it('tells people of the likes, comments and follows, recent ones unread', async () => {
    const rows = await db.select().from(notifications);
    const likes = (await db.select().from(postLikes)).length;
    const followsOfPeople = (await db.select().from(userFollows)).length;
    expect(rows.filter((row) => row.kind === 'like')).toHaveLength(likes);
    expect(rows.filter((row) => row.kind === 'follow')).toHaveLength(followsOfPeople);
    expect(rows.filter((row) => row.kind === 'comment').length).toBeGreaterThan(0);
    expect(rows.some((row) => row.readAt === null)).toBe(true);
    expect(rows.some((row) => row.readAt !== null)).toBe(true);
    expect(rows.every((row) => row.userId !== row.actorId && !row.emailPending)).toBe(true);
  });

  it('creates verified accounts that sign in with the demo password', async () => {
    const person = DEMO_PEOPLE[0];
    const user = (await db.select().from(users)).find((row) => row.username === person.username);
    expect(user?.verified).toBe(true);
    expect(await verifyPassword(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(user!.passwordHash, 'not-the-password')).toBe(false);
  });

  it('does nothing when run again', async () => {
    const before = await rowCounts();
    const filesBefore = fs.readdirSync(path.join(dir, 'media', 'postimages')).length;
    const again = await seedDemoData(db, images, now);
    expect(again.seeded).toBe(false);
    expect(await rowCounts()).toEqual(before);
    expect(fs.readdirSync(path.join(dir, 'media', 'postimages')).length).toBe(filesBefore);
  });
});
