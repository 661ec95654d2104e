import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AMENITIES, AMENITY_BITS, DEFAULT_MAP_CENTER, HOURS_LIMITS, LIMITS, hoursStatus, hoursWeek, slugify, type OpenInterval } from '@siplog/contracts';
import { sql } from 'drizzle-orm';
import {
  comments,
  establishments,
  notifications,
  openAppDatabase,
  placeFollows,
  placeHoursChanges,
  placeHoursIntervals,
  postAmenities,
  postImages,
  postLikes,
  posts,
  profileImages,
  userFollows,
  users,
  WORKING_PLACES_SQL,
  type Database,
} from '@siplog/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/password-hasher';
import { dropTestDatabase, freshTestDatabaseUrl } from '../test/test-database';
import { ImageStore, variantFileName, type ImageFolder } from '../modules/media/image-store';
import { LocalBlobStore } from '../modules/media/local-blob-store';
import { PlaceAmenitiesRepository } from '../modules/place/place-amenities.repository';
import { PlaceAmenitiesService } from '../modules/place/place-amenities.service';
import { DEMO_HOURS_CHANGES, DEMO_PASSWORD, DEMO_PEOPLE, DEMO_PLACE_FOLLOWS, DEMO_PLACES, DEMO_REVIEWS, demoPlaceId, type DemoPlaceKey } from './demo-content';
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

const CHICAGO_ZONE = 'America/Chicago';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const chicagoClock = new Intl.DateTimeFormat('en-US', { timeZone: CHICAGO_ZONE, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });

/** The first instant after `from` at which Chicago's wall clock shows this weekday ('Wed') and time: a fixed check of the week. */
function nextChicagoMoment(from: number, weekday: string, hour: number, minute: number): number {
  const start = Math.ceil(from / (30 * 60_000)) * 30 * 60_000;
  for (let instant = start; instant < from + 8 * DAY_MS; instant += 30 * 60_000) {
    const parts = Object.fromEntries(chicagoClock.formatToParts(instant).map((part) => [part.type, part.value]));
    if (parts.weekday === weekday && Number(parts.hour) === hour && Number(parts.minute) === minute) return instant;
  }
  throw new Error(`No ${weekday} ${hour}:${minute} in Chicago within 8 days of ${new Date(from).toISOString()}`);
}

const isOpenAt = (intervals: readonly OpenInterval[] | undefined, instant: number) => (intervals ?? []).some(([start, end]) => start <= instant && instant < end);

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
    hoursIntervals: (await db.select().from(placeHoursIntervals)).length,
    hoursChanges: (await db.select().from(placeHoursChanges)).length,
    amenityAnswers: (await db.select().from(postAmenities)).length,
  });

  /** The demo places by key, as stored. */
  const placesByKey = async () => {
    const rows = await db.select().from(establishments);
    return new Map(DEMO_PLACES.map((place) => [place.key as DemoPlaceKey, rows.find((row) => row.placeId === demoPlaceId(place.key))!]));
  };

  /** Each place's stored open intervals, in order. */
  const intervalsByPlace = async () => {
    const byPlace = new Map<number, OpenInterval[]>();
    const rows = await db.select().from(placeHoursIntervals).orderBy(placeHoursIntervals.establishmentId, placeHoursIntervals.startsAt);
    for (const row of rows) byPlace.set(row.establishmentId, [...(byPlace.get(row.establishmentId) ?? []), [Number(row.startsAt), Number(row.endsAt)]]);
    return byPlace;
  };

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

  it('gives all but a couple of places opening hours, evaluated into open intervals for two weeks ahead', async () => {
    const places = await placesByKey();
    const intervals = await intervalsByPlace();
    const withHours = new Set(DEMO_HOURS_CHANGES.map((change) => change.place));
    expect(withHours.size).toBeGreaterThanOrEqual(DEMO_PLACES.length - 3);
    expect(withHours.size).toBeLessThan(DEMO_PLACES.length);
    for (const [key, place] of places) {
      if (!withHours.has(key)) {
        expect(place, key).toMatchObject({ openingHours: null, hoursUntil: null, openFrom: null, openUntil: null });
        expect(intervals.has(place.id), key).toBe(false);
        continue;
      }
      const last = DEMO_HOURS_CHANGES.filter((change) => change.place === key).at(-1)!;
      expect(place.openingHours, key).toBe(last.openingHours);
      expect(place.openingHours!.length).toBeLessThanOrEqual(HOURS_LIMITS.textMax);
      expect(place.timeZone, key).toBe(CHICAGO_ZONE);
      expect(Number(place.hoursUntil), key).toBe(now.getTime() + HOURS_LIMITS.windowDays * DAY_MS);
      const own = intervals.get(place.id) ?? [];
      expect(own.length, key).toBeGreaterThan(0);
      own.forEach(([start, end], index) => {
        expect(end, key).toBeGreaterThan(start);
        expect(start, key).toBeGreaterThanOrEqual(now.getTime() - DAY_MS);
        expect(end, key).toBeLessThanOrEqual(Number(place.hoursUntil));
        if (index > 0) expect(start, key).toBeGreaterThan(own[index - 1][1]);
      });
      // the row keeps the current or next interval, what the map's Open now reads
      const currentOrNext = own.find(([, end]) => end > now.getTime());
      expect([place.openFrom, place.openUntil].map((value) => (value === null ? null : Number(value))), key).toEqual(currentOrNext ?? [null, null]);
    }
  });

  it('records each change of hours in the history, by demo people within the hourly limit, one place corrected', async () => {
    const changes = await db.select().from(placeHoursChanges).orderBy(placeHoursChanges.id);
    expect(changes).toHaveLength(DEMO_HOURS_CHANGES.length);
    const setters = new Map<number, number>();
    for (const change of changes) setters.set(change.userId, (setters.get(change.userId) ?? 0) + 1);
    expect(setters.size).toBe(DEMO_PEOPLE.length);
    expect(Math.max(...setters.values())).toBeLessThanOrEqual(HOURS_LIMITS.changesPerHour);

    const places = await placesByKey();
    const corrected = changes.filter((change) => change.establishmentId === places.get('lantern-leaf-boba')!.id);
    expect(corrected.map((change) => [change.before, change.after])).toEqual([
      [null, corrected[0].after],
      [corrected[0].after, places.get('lantern-leaf-boba')!.openingHours],
    ]);
    expect(corrected.every((change) => change.revertedAt === null && change.revertsId === null)).toBe(true);
  });

  it('reads as the place page would at fixed moments of the week: weekday hours, a split day, past midnight, around the clock', async () => {
    const places = await placesByKey();
    const intervals = await intervalsByPlace();
    const hoursOf = (key: DemoPlaceKey) => ({ time_zone: CHICAGO_ZONE, intervals: intervals.get(places.get(key)!.id) ?? [], until: Number(places.get(key)!.hoursUntil) });
    const openAt = (instant: number) => [...places].filter(([, place]) => isOpenAt(intervals.get(place.id), instant)).map(([key]) => key);

    const wednesdayNoon = nextChicagoMoment(now.getTime(), 'Wed', 12, 0);
    expect(openAt(wednesdayNoon).length).toBeGreaterThanOrEqual(20);
    expect(openAt(wednesdayNoon)).not.toContain('magnolia-leaf-matcha');
    expect(hoursStatus(hoursOf('ironwork-espresso'), wednesdayNoon).text).toBe('Open \u00b7 closes 6 PM');
    const week = hoursWeek(hoursOf('ironwork-espresso'), wednesdayNoon);
    expect(week.map((day) => [day.weekday, day.text])).toEqual([
      ['Wednesday', '6:30 AM\u20136 PM'],
      ['Thursday', '6:30 AM\u20136 PM'],
      ['Friday', '6:30 AM\u20136 PM'],
      ['Saturday', '8 AM\u20133 PM'],
      ['Sunday', 'Closed'],
      ['Monday', '6:30 AM\u20136 PM'],
      ['Tuesday', '6:30 AM\u20136 PM'],
    ]);
    expect(hoursWeek(hoursOf('painted-egg-tea'), wednesdayNoon)[0].text).toBe('9 AM\u20131 PM, 3 PM\u20137 PM');

    expect(openAt(nextChicagoMoment(now.getTime(), 'Wed', 3, 0))).toEqual(['second-shift-brew']);
    expect(hoursStatus(hoursOf('second-shift-brew'), now.getTime()).text).toBe('Open 24 hours');
    const fridayNight = nextChicagoMoment(now.getTime(), 'Sat', 0, 30);
    expect(openAt(fridayNight)).toEqual(expect.arrayContaining(['lantern-leaf-boba', 'second-shift-brew']));
    expect(hoursStatus(hoursOf('lantern-leaf-boba'), fridayNight).text).toBe('Open \u00b7 closes 2 AM');
  });

  it('stores the reviews\' amenity answers and sums them up per place, with verdict bits that match', async () => {
    const places = await placesByKey();
    const answered = DEMO_REVIEWS.filter((review) => review.amenities && Object.keys(review.amenities).length > 0);
    expect(answered.length).toBeGreaterThanOrEqual(DEMO_REVIEWS.length / 2);
    expect((await db.select().from(postAmenities)).length).toBe(answered.reduce((sum, review) => sum + Object.keys(review.amenities!).length, 0));

    const summaries = await new PlaceAmenitiesService(db, new PlaceAmenitiesRepository(db)).summariesOf([...places.values()].map((place) => place.id));
    expect(summaries.get(places.get('tinplate-roasters')!.id)!.find((summary) => summary.amenity === 'wifi')).toEqual({
      amenity: 'wifi',
      label: 'Wi-Fi',
      yes: 2,
      total: 3,
      verdict: 'yes',
    });
    for (const [key, place] of places) {
      const own = summaries.get(place.id)!;
      expect(own.length > 0, key).toBe(answered.some((review) => review.place === key));
      for (const amenity of AMENITIES) {
        const verdict = own.find((summary) => summary.amenity === amenity)?.verdict;
        expect([(place.amenitiesYes & AMENITY_BITS[amenity]) !== 0, (place.amenitiesNo & AMENITY_BITS[amenity]) !== 0], `${key} ${amenity}`).toEqual([
          verdict === 'yes',
          verdict === 'no',
        ]);
      }
    }
  });

  it('makes several places good for working, some of them open at a fixed weekday noon, one open right now', async () => {
    const places = await placesByKey();
    const intervals = await intervalsByPlace();
    const working = await db.select().from(establishments).where(sql.raw(WORKING_PLACES_SQL));
    const workingKeys = [...places].filter(([, place]) => working.some((row) => row.id === place.id)).map(([key]) => key);
    expect(workingKeys.length).toBeGreaterThanOrEqual(4);
    expect(working.filter((place) => distanceMeters(DEFAULT_MAP_CENTER, place) <= 2000).length).toBeGreaterThanOrEqual(2);
    // Wi-Fi and outlets confirmed are not enough when reviewers say it is not laptop-friendly
    expect(places.get('drawbridge-coffee')!.amenitiesYes & (AMENITY_BITS.wifi | AMENITY_BITS.outlets)).toBe(AMENITY_BITS.wifi | AMENITY_BITS.outlets);
    expect(workingKeys).not.toContain('drawbridge-coffee');

    const wednesdayNoon = nextChicagoMoment(now.getTime(), 'Wed', 12, 0);
    expect(working.filter((place) => isOpenAt(intervals.get(place.id), wednesdayNoon)).length).toBeGreaterThanOrEqual(3);
    // the map's Open now reads the row: the place open around the clock is open and good for working whenever the demo starts
    const allHours = working.filter((place) => place.openFrom !== null && Number(place.openFrom) <= now.getTime() && now.getTime() < Number(place.openUntil));
    expect(allHours.map((place) => place.id)).toContain(places.get('second-shift-brew')!.id);
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
