/**
 * What the browser tests and the screenshot scripts set up through the running app: HTTP calls, mail from
 * the outbox, registered people, reviews written into its database, and pictures.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { drinkGroupOf, type Drink } from '@siplog/contracts';
import { insertEstablishment, openDatabase, SqliteDatabase, type DB } from '@siplog/db';
// The browser tests write straight into the running app's SQLite file.
import { establishments, placeFollows, postImages, postLikes, posts, users } from '@siplog/db/dist/schema/sqlite';

export interface Person {
  email: string;
  firstname: string;
  lastname: string;
  username: string;
  password: string;
}

/** A person of the screenshot tools: `{username}@example.com`, password Secret123. */
export function screenPerson(username: string, firstname: string, lastname: string): Person {
  return { email: `${username}@example.com`, firstname, lastname, username, password: 'Secret123' };
}

/** The two people most browser tests sign in as. */
export const ANN: Person = { email: 'ann.lee@example.com', firstname: 'Ann', lastname: 'Lee', username: 'annlee', password: 'Secret123' };
export const BEN: Person = { email: 'ben.ortiz@example.com', firstname: 'Ben', lastname: 'Ortiz', username: 'benortiz', password: 'Secret123' };

/** A real place in Wicker Park, Chicago: inside the demo city (design §5). */
export const DARK_MATTER = {
  name: 'Dark Matter Coffee',
  street: '1805 W Chicago Ave',
  city: 'Chicago',
  state: 'IL',
  zip: '60622',
  country: 'US',
  lat: 41.8963,
  lng: -87.6727,
} as const satisfies SeedPlace;

/** The person the screenshot tools sign in as. */
export const SCREENSHOT_PERSON: Person = {
  email: 'ann.lee@example.com',
  firstname: 'Ann',
  lastname: 'Lee',
  username: 'annlee',
  password: 'Secret123',
};

/** What /api/user/registeruser answers as `user`: the session the browser keeps under 'user'. */
export interface Session {
  status: number;
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
}

// ---------------------------------------------------------------------------------------------------
// HTTP

/** POSTs JSON (with the token as a Bearer authorization when given); answers the status and the JSON body. */
export async function postJson(baseUrl: string, url: string, body: unknown, token?: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** Calls a tRPC query over plain HTTP (GET /trpc/{path}?input=...), as the web app does. */
export async function trpcQuery(baseUrl: string, procedure: string, input: unknown, token?: string): Promise<{ status: number; json: any }> {
  const url = `${baseUrl}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, json: await response.json().catch(() => null) };
}

// ---------------------------------------------------------------------------------------------------
// Mail: without SMTP the API writes each message to DATA_DIR/outbox, in files whose names sort by send time.

/** The outbox's files, oldest first (none before the first mail). */
export function outboxFiles(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  return fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
}

/**
 * The newest mail to `to`, as text, waiting up to 10 s for it. With `after` (the count of outboxFiles taken
 * before the request) only the mails that arrived since count.
 */
export async function waitForMail(dataDir: string, to: string, { after = 0 }: { after?: number } = {}): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const fresh = outboxFiles(dataDir).slice(after).reverse();
    for (const file of fresh) {
      const text = fs.readFileSync(path.join(dataDir, 'outbox', file), 'utf8');
      if (text.includes(`To: ${to}`)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} arrived`);
}

/** An .eml file as a person reads it: the quoted-printable body decoded. */
export function readableMail(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

/**
 * The path of the first notification e-mail's 'Stop e-mails when {label}' link to `to` (/unsubscribe/{token}),
 * waiting up to 30 s for it: the API's mailer writes what waited every 10 s.
 */
export async function unsubscribePathFromMail(dataDir: string, to: string, label: string): Promise<string> {
  const stop = new RegExp(`Stop e-mails when ${label}: \\S*?(/unsubscribe/[\\w.-]+)`);
  for (let attempt = 0; attempt < 300; attempt++) {
    for (const file of outboxFiles(dataDir)) {
      const mail = readableMail(fs.readFileSync(path.join(dataDir, 'outbox', file), 'utf8'));
      const match = mail.includes(`To: ${to}`) ? stop.exec(mail) : null;
      if (match) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no notification e-mail to ${to} with a link for '${label}'`);
}

/** The verification code in a mail. */
export function codeFrom(mail: string): string {
  const match = mail.match(/code is: (\S+)/);
  if (!match) throw new Error(`no code in mail:\n${mail}`);
  return match[1];
}

/** Registers a person through the real API: request a code, read it from the outbox, register. */
export async function registerPerson(baseUrl: string, dataDir: string, person: Person): Promise<Session> {
  const known = outboxFiles(dataDir).length;
  const requested = await postJson(baseUrl, '/api/user/getemailverificationcode', { email: person.email });
  if (requested.status !== 200) throw new Error(`code request failed: ${JSON.stringify(requested.json)}`);
  const registered = await postJson(baseUrl, '/api/user/registeruser', {
    email: person.email,
    verificationcode: codeFrom(await waitForMail(dataDir, person.email, { after: known })),
    password: person.password,
    firstname: person.firstname,
    lastname: person.lastname,
    userid: person.username,
    phonenumber: '512-555-0100',
    zipcode: '78701',
  });
  if (registered.status !== 200 || !registered.json?.user?.token) {
    throw new Error(`registration failed: ${registered.status} ${JSON.stringify(registered.json)}`);
  }
  return registered.json.user as Session;
}

// ---------------------------------------------------------------------------------------------------
// Images

/** A PNG of `size` x `size`: a warm diagonal gradient with a light disc, so it looks like a picture. */
export function makePng(size = 96, hue: [number, number, number] = [181, 96, 42]): Promise<Buffer> {
  const [red, green, blue] = hue.map((channel) => Math.min(255, Math.max(0, Math.round(channel))));
  const svg = (content: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${content}</svg>`);
  const gradient = svg(
    `<linearGradient id="warm" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="rgb(${red},${green},${blue})"/><stop offset="1" stop-color="rgb(250,220,190)"/>
    </linearGradient>
    <rect width="${size}" height="${size}" fill="url(#warm)"/>`,
  );
  const disc = svg(`<circle cx="${size / 2}" cy="${size * 0.42}" r="${size * 0.22}" fill="rgb(70,70,70)"/>`);
  return sharp(gradient).composite([{ input: disc, blend: 'add' }]).removeAlpha().png().toBuffer();
}

async function toWebp(image: Buffer): Promise<Buffer> {
  const { format } = await sharp(image).metadata();
  return format === 'webp' ? image : sharp(image).webp().toBuffer();
}

/** Puts an image where the API serves it from: full and thumb variants, as WebP, under media/{folder}. */
/** Colours for stored test photos, so each photo of a carousel is told apart at a glance. */
export const PHOTO_HUES: [number, number, number][] = [
  [181, 96, 42],
  [90, 130, 70],
  [60, 90, 160],
  [140, 60, 90],
  [200, 170, 80],
  [120, 120, 120],
];

/** `count` small photos in those colours, stored as the app stores post images (see storeImage). */
export async function storePhotos(dataDir: string, count: number): Promise<string[]> {
  const photos: string[] = [];
  for (const hue of PHOTO_HUES.slice(0, count)) photos.push(await storeImage(dataDir, await makePng(96, hue)));
  return photos;
}

export async function storeImage(dataDir: string, image: Buffer, thumb = image, folder = 'postimages'): Promise<string> {
  const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
  const dir = path.join(dataDir, 'media', folder);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), await toWebp(image));
  fs.writeFileSync(path.join(dir, name.replace(/\.webp$/, '.thumb.webp')), await toWebp(thumb));
  return name;
}

// ---------------------------------------------------------------------------------------------------
// Posts: written straight into the app's SQLite file (posting reviews has no screen or endpoint yet).

export interface SeedPost {
  order: string;
  review: string;
  rating: number;
  place: { name: string; city: string; street?: string };
  /** Images as stored files (see storeImage), already in DATA_DIR/media/postimages. */
  images?: string[];
  /** Minutes before now, so the newest-first order is predictable. */
  minutesAgo: number;
  likes?: number;
  /** Drink details (issue 19), as the API stores them. */
  drink?: Drink;
}

/** Opens the app's database beside the running API for `work`, and closes it again. */
export async function withDatabase<T>(dataDir: string, work: (db: DB) => T | Promise<T>): Promise<T> {
  const db = openDatabase(path.join(dataDir, 'app.db'));
  try {
    return await work(db);
  } finally {
    db.$client.close();
  }
}

const placeIdOf = (placeName: string) => `e2e:${placeName}`;

function userId(db: DB, username: string): number {
  const user = db.select({ id: users.id }).from(users).where(eq(users.username, username)).get();
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

function placeId(db: DB, placeName: string): number {
  const place = db.select({ id: establishments.id }).from(establishments).where(eq(establishments.placeId, placeIdOf(placeName))).get();
  if (!place) throw new Error(`no place ${placeName}`);
  return place.id;
}

/** Adds reviews (with their places, images and likes) for `username`; answers the new post ids in order. */
export function seedPosts(dataDir: string, username: string, items: SeedPost[]): Promise<number[]> {
  return withDatabase(dataDir, async (db) => {
    const author = userId(db, username);
    const likers = db.select({ id: users.id }).from(users).all().map((row) => row.id);
    const now = Date.now();
    const ids: number[] = [];
    for (const item of items) {
      const known = db.select({ id: establishments.id }).from(establishments).where(eq(establishments.placeId, placeIdOf(item.place.name))).get();
      if (!known) {
        await insertEstablishment(new SqliteDatabase(db), {
          placeId: placeIdOf(item.place.name),
          name: item.place.name,
          street: item.place.street ?? '',
          city: item.place.city,
          state: 'TX',
          zip: '78701',
          lat: 30.26,
          lng: -97.74,
        });
      }
      const post = db
        .insert(posts)
        .values({
          userId: author,
          establishmentId: placeId(db, item.place.name),
          orderText: item.order,
          review: item.review,
          rating: item.rating,
          ...(item.drink
            ? {
                drinkKind: item.drink.kind,
                drinkGroup: drinkGroupOf(item.drink.kind),
                drinkTemperature: item.drink.temperature,
                drinkMilk: item.drink.milk,
                drinkSweetness: item.drink.sweetness,
                drinkToppings: item.drink.toppings.join(','),
              }
            : {}),
          createdAt: new Date(now - item.minutesAgo * 60_000),
        })
        .returning({ id: posts.id })
        .get();
      const images = item.images ?? [];
      if (images.length > 0) {
        db.insert(postImages)
          .values(images.map((fileName, position) => ({ postId: post.id, fileName, position })))
          .run();
      }
      const likedBy = likers.slice(0, item.likes ?? 0);
      if (likedBy.length > 0) {
        db.insert(postLikes)
          .values(likedBy.map((liker) => ({ postId: post.id, userId: liker })))
          .run();
      }
      ids.push(post.id);
    }
    return ids;
  });
}

/** Makes `followerUsername` follow the place named `placeName` (created by seedPosts). */
export async function followPlace(dataDir: string, followerUsername: string, placeName: string): Promise<void> {
  await withDatabase(dataDir, (db) => {
    db.insert(placeFollows)
      .values({ userId: userId(db, followerUsername), establishmentId: placeId(db, placeName) })
      .run();
  });
}

// ---------------------------------------------------------------------------------------------------
// Places: establishments with a full address, written into the app's database like the posts above.

export interface SeedPlace {
  name: string;
  street: string;
  city: string;
  lat: number;
  lng: number;
  state?: string;
  zip?: string;
  country?: string;
  /** The map provider's id; by default one made from the name, by which seedPosts and followPlace find the place. */
  placeId?: string;
}

/** Adds an establishment through the one insert path (it gets its slug); answers its establishment_id. */
export function seedPlace(dataDir: string, place: SeedPlace): Promise<number> {
  return withDatabase(dataDir, async (db) => (await insertEstablishment(new SqliteDatabase(db), { ...place, placeId: place.placeId ?? placeIdOf(place.name) })).id);
}

/** The establishment_id of a place added by seedPlace or seedPosts. */
export function placeIdByName(dataDir: string, placeName: string): Promise<number> {
  return withDatabase(dataDir, (db) => placeId(db, placeName));
}
