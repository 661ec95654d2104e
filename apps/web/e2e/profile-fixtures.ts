/** People, posts and pictures for the profile browser test and the profile screenshots. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Person {
  email: string;
  firstname: string;
  lastname: string;
  username: string;
  password: string;
}

/** What /api/user/registeruser answers as `user`: the session the browser keeps under 'user'. */
export interface Session {
  status: number;
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
}

async function postJson(baseUrl: string, url: string, body: unknown, token?: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** The code from the newest e-mail in the outbox (outbox names sort by send time). */
function latestCode(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')).sort().reverse();
  for (const file of files) {
    const text = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const match = /code is: (\S+)/.exec(text);
    if (match) return match[1];
  }
  throw new Error(`No verification code for ${email} in ${outbox}`);
}

/** Registers a person through the real API: request a code, read it from the outbox, register. */
export async function registerPerson(baseUrl: string, dataDir: string, person: Person): Promise<Session> {
  const requested = await postJson(baseUrl, '/api/user/getemailverificationcode', { email: person.email });
  if (requested.status !== 200) throw new Error(`code request failed: ${JSON.stringify(requested.json)}`);
  const registered = await postJson(baseUrl, '/api/user/registeruser', {
    email: person.email,
    verificationcode: latestCode(dataDir, person.email),
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

/** Calls a tRPC query over plain HTTP (GET /trpc/{path}?input=...), as the web app does. */
export async function trpcQuery(baseUrl: string, procedure: string, input: unknown, token?: string): Promise<{ status: number; json: any }> {
  const url = `${baseUrl}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, json: await response.json().catch(() => null) };
}

// ---------------------------------------------------------------------------------------------------
// Images

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of `size` x `size`: a warm diagonal gradient with a light disc, so it looks like a picture. */
export function makePng(size = 96, hue: [number, number, number] = [181, 96, 42]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      const dx = x - size / 2;
      const dy = y - size * 0.42;
      const disc = dx * dx + dy * dy < (size * 0.22) ** 2 ? 70 : 0;
      row[1 + x * 3] = Math.min(255, Math.round(hue[0] * (1 - t) + 250 * t) + disc);
      row[2 + x * 3] = Math.min(255, Math.round(hue[1] * (1 - t) + 220 * t) + disc);
      row[3 + x * 3] = Math.min(255, Math.round(hue[2] * (1 - t) + 190 * t) + disc);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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
}

function openDatabase(dataDir: string): any {
  const requireFromDb = createRequire(path.resolve(here, '../../../packages/db/package.json'));
  const Database = requireFromDb('better-sqlite3');
  const db = new Database(path.join(dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** Puts image bytes where the API serves them from: full and thumb variants under media/postimages. */
export function storeImage(dataDir: string, bytes: Buffer, thumbBytes = bytes, folder = 'postimages'): string {
  const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
  const dir = path.join(dataDir, 'media', folder);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), bytes);
  fs.writeFileSync(path.join(dir, name.replace(/\.webp$/, '.thumb.webp')), thumbBytes);
  return name;
}

/** Adds reviews (with their places, images and likes) for `username`; answers the new post ids in order. */
export function seedPosts(dataDir: string, username: string, items: SeedPost[]): number[] {
  const db = openDatabase(dataDir);
  try {
    const user = db.prepare('select id from users where username = ?').get(username) as { id: number } | undefined;
    if (!user) throw new Error(`no user ${username}`);
    const likers = (db.prepare('select id from users').all() as { id: number }[]).map((row) => row.id);
    const ids: number[] = [];
    const now = Date.now();
    for (const item of items) {
      const placeId = `e2e:${item.place.name}`;
      db.prepare(
        'insert into establishments (place_id, name, street, city, state, zip, lat, lng) values (?, ?, ?, ?, ?, ?, ?, ?) on conflict(place_id) do nothing',
      ).run(placeId, item.place.name, item.place.street ?? '', item.place.city, 'TX', '78701', 30.26, -97.74);
      const place = db.prepare('select id from establishments where place_id = ?').get(placeId) as { id: number };
      const created = now - item.minutesAgo * 60_000;
      const post = db
        .prepare('insert into posts (user_id, establishment_id, order_text, review, rating, created_at) values (?, ?, ?, ?, ?, ?)')
        .run(user.id, place.id, item.order, item.review, item.rating, created);
      const postId = Number(post.lastInsertRowid);
      (item.images ?? []).forEach((file, position) =>
        db.prepare('insert into post_images (post_id, file_name, position) values (?, ?, ?)').run(postId, file, position),
      );
      for (const liker of likers.slice(0, item.likes ?? 0)) {
        db.prepare('insert into post_likes (post_id, user_id) values (?, ?)').run(postId, liker);
      }
      ids.push(postId);
    }
    return ids;
  } finally {
    db.close();
  }
}

/** Makes `followerUsername` follow the place named `placeName` (created by seedPosts). */
export function followPlace(dataDir: string, followerUsername: string, placeName: string): void {
  const db = openDatabase(dataDir);
  try {
    const user = db.prepare('select id from users where username = ?').get(followerUsername) as { id: number };
    const place = db.prepare('select id from establishments where place_id = ?').get(`e2e:${placeName}`) as { id: number };
    db.prepare('insert into place_follows (user_id, establishment_id) values (?, ?)').run(user.id, place.id);
  } finally {
    db.close();
  }
}
