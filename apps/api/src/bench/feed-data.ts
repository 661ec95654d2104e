/**
 * The feed benchmark's data: people, places and reviews (with image rows, not image files, and likes) bulk
 * inserted into a migrated SQLite file with better-sqlite3 prepared statements in one transaction. The places'
 * R*Tree and FTS5 triggers stay on; the review-counter trigger takes the first reviews (its cost per review is
 * printed) and is then set aside, the totals recounted by its own rule and the trigger restored. Deterministic:
 * every run writes the same rows.
 */
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import { DRINK_KINDS, DRINK_MILKS, DRINK_SWEETNESS, DRINK_TEMPERATURES, DRINK_TOPPINGS, drinkGroupOf, slugify } from '@siplog/contracts';
import { openMigratedDatabase } from '@siplog/db';
import { hashPassword } from '../modules/auth/password-hasher';
import { mulberry32 } from '../seed/demo-images';

/** Every generated person's password, so a bench can sign in as any of them. */
export const BENCH_PASSWORD = 'BenchPass1';

export interface FeedDataSize {
  people: number;
  places: number;
  posts: number;
}

export interface FeedData {
  file: string;
  people: number;
  places: number;
  posts: number;
  images: number;
  likes: number;
  deactivated: number;
  seconds: number;
  megabytes: number;
  /** Places to ask for, drawn as readers visit them (popular places more often). */
  readPlaces: number[];
  /** Reviews the readers' place pages list on average (a page lists at most 100). */
  postsPerPlacePage: number;
  /** The web app's cursor after the first n posts of the feed, for n = 1,000 and 100,000. */
  cursorAfter: Record<number, string>;
}


const FIRST = ['Dark', 'Bright', 'Golden', 'Velvet', 'Little', 'Blue', 'Red', 'Green', 'Happy', 'Lucky', 'Corner', 'Sunny'];
const SECOND = ['Coffee', 'Tea House', 'Boba', 'Roasters', 'Espresso Bar', 'Brew', 'Matcha', 'Bean'];
const ORDERS = [
  'Oat milk latte',
  'Flat white',
  'Cortado',
  'Iced americano',
  'Brown sugar boba, 50% sweet',
  'Matcha latte with almond milk',
  'Cold brew, black',
  'Chai latte',
  'Pour-over Ethiopia Guji',
  'Jasmine green milk tea',
  'Cappuccino, extra dry',
  'Honey lavender latte',
  'Taro milk tea, less ice',
  'Double espresso',
  'Hojicha latte',
  'Mocha with oat milk',
];
const WORDS = (
  'smooth bright nutty chocolatey balanced fruity bitter sweet creamy rich light bold floral earthy friendly cozy loud quiet ' +
  'quick slow barista crema foam art pastry croissant window seat music playlist wifi outlet line morning afternoon ' +
  'perfect again favourite spot try recommend little too much not enough really very great good fine okay'
).split(' ');

/** Review texts of 30 to ~400 characters. */
function reviewPool(next: () => number, size: number): string[] {
  const pool: string[] = [];
  for (let i = 0; i < size; i++) {
    const words = 5 + Math.floor(next() * next() * 60);
    const text: string[] = [];
    for (let w = 0; w < words; w++) text.push(WORDS[Math.floor(next() * WORDS.length)]);
    pool.push(text.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.');
  }
  return pool;
}

/** A place index skewed towards popular places: P(index < k) = sqrt(k / places). */
function skewedPlace(next: () => number, places: number): number {
  const r = next();
  return Math.min(places - 1, Math.floor(places * r * r));
}

/**
 * 32 hex characters + .webp, as ImageStore names files. The first 8 count up, so the unique index on file_name is
 * appended to rather than written all over (2,000,000 random names take about twice as long); no feed query reads it.
 */
function imageName(n: number, next: () => number): string {
  let hex = n.toString(16).padStart(8, '0');
  for (let i = 0; i < 3; i++) hex += Math.floor(next() * 4_294_967_296).toString(16).padStart(8, '0');
  return `${hex}.webp`;
}

/** Reviews inserted through the review-counter trigger before it is set aside for the bulk of the load. */
const TRIGGERED_POSTS = 20_000;

/** Migration 0003's rule for a place's review totals (active people's reviews only), for every place at once. */
const RECOUNT_PLACES = `
  update establishments set post_count = totals.posts, rating_sum = totals.ratings, last_post_at = totals.last
  from (select p.establishment_id as id, count(*) as posts, coalesce(sum(p.rating), 0) as ratings, max(p.created_at) as last
        from posts p join users u on u.id = p.user_id where u.deactivated_at is null group by p.establishment_id) as totals
  where establishments.id = totals.id`;

/** Migration 0010's drink mix (the map's kind filters; active people's reviews only) for every place at once, as its triggers keep it. */
const RECOUNT_DRINK_MIX = `
  update establishments set drink_mix = (
    select case when count(*) = 0 then 0 else
        (case when 3 * sum(p.drink_group = 'coffee') >= count(*) then 1 else 0 end)
      + (case when 3 * sum(p.drink_group = 'tea') >= count(*) then 2 else 0 end)
      + (case when 3 * sum(p.drink_group = 'boba') >= count(*) then 4 else 0 end) end
    from posts p join users u on u.id = p.user_id
    where p.establishment_id = establishments.id and p.drink_group is not null and u.deactivated_at is null and u.suspended_at is null)`;

/**
 * Drink details as people give them: six reviews in ten have some, the kind always, the rest now and then. The
 * columns as the API writes them (post-drink.ts), or all null.
 */
function drinkColumnsOf(next: () => number): [string | null, string | null, string | null, string | null, number | null, string | null] {
  if (next() >= 0.6) return [null, null, null, null, null, null];
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  // A few kinds are most of the orders, so a busy place has groups of many reviews.
  const kind = next() < 0.7 ? pick(DRINK_KINDS.slice(0, 6)) : pick(DRINK_KINDS);
  const toppings = next() < 0.2 ? [pick(DRINK_TOPPINGS.slice(0, -1))] : [];
  return [
    kind,
    drinkGroupOf(kind),
    next() < 0.7 ? pick(DRINK_TEMPERATURES) : null,
    next() < 0.6 ? pick(DRINK_MILKS.slice(0, 3)) : null,
    next() < 0.3 ? pick(DRINK_SWEETNESS) : null,
    toppings.join(','),
  ];
}

/** Creates (migrates) `file` and fills it; the whole insert is one transaction. */
export async function generateFeedData(file: string, size: FeedDataSize): Promise<FeedData> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const db = openMigratedDatabase(file);
  const sqlite = db.$client;
  const start = performance.now();
  // Bulk-load settings: no rollback journal while loading (a failed load is thrown away), WAL again for the app.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -1000000');
  sqlite.pragma('temp_store = MEMORY');

  const next = mulberry32(20_240_801);
  const reviews = reviewPool(next, 2000);
  const end = Date.UTC(2025, 7, 1);
  const span = 2 * 365 * 24 * 3600 * 1000;
  const insertUser = sqlite.prepare(
    'insert into users (id, email, username, password_hash, first_name, last_name, verified, deactivated_at, created_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?)',
  );
  const insertPlace = sqlite.prepare(
    'insert into establishments (id, place_id, name, street, city, state, zip, country, lat, lng, slug, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPost = sqlite.prepare(
    'insert into posts (id, user_id, establishment_id, order_text, review, rating, created_at, drink_kind, drink_group, drink_temperature, drink_milk, drink_sweetness, drink_toppings) ' +
      'values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertImage = sqlite.prepare('insert into post_images (post_id, file_name, position) values (?, ?, ?)');
  const insertLike = sqlite.prepare('insert into post_likes (post_id, user_id, created_at) values (?, ?, ?)');

  let images = 0;
  let likes = 0;
  let deactivated = 0;
  const phases: string[] = [];
  const phase = (name: string, since: number) => phases.push(`${name} ${((performance.now() - since) / 1000).toFixed(1)} s`);
  sqlite.transaction(() => {
    let since = performance.now();
    for (let id = 1; id <= size.people; id++) {
      // One person in a hundred has deactivated: their reviews and likes are out of sight.
      const gone = id % 100 === 0 ? end - 86_400_000 : null;
      if (gone) deactivated++;
      insertUser.run(id, `reader${id}@example.com`, `reader${id}`, passwordHash, 'Reader', `Number${id}`, gone, end - span - 86_400_000);
    }
    phase('people', since);
    since = performance.now();
    for (let id = 1; id <= size.places; id++) {
      const name = `${FIRST[id % FIRST.length]} ${SECOND[Math.floor(id / FIRST.length) % SECOND.length]} ${id}`;
      const city = `City ${id % 500}`;
      const lat = 25 + next() * 24;
      const lng = -125 + next() * 58;
      insertPlace.run(id, `bench-${id}`, name, `${id} Main St`, city, 'IL', String(10_000 + (id % 80_000)), 'US', lat, lng, slugify(name, city), end - span);
    }
    phase('places', since);
    since = performance.now();
    // The first reviews go in through the review-counter trigger, as the app inserts them, and that rate is printed;
    // the rest go in with the trigger set aside, then every place's totals are recounted by the trigger's own rule
    // (migration 0003) and the trigger is put back as it was. The file ends up the same, in less time.
    const step = span / size.posts;
    const insertPosts = (from: number, to: number) => {
      for (let id = from; id <= to; id++) {
        insertPost.run(
          id,
          1 + Math.floor(next() * size.people),
          1 + skewedPlace(next, size.places),
          ORDERS[Math.floor(next() * ORDERS.length)],
          reviews[Math.floor(next() * reviews.length)],
          1 + Math.floor(next() * 5),
          Math.round(end - span + id * step + (next() - 0.5) * 60_000),
          ...drinkColumnsOf(next),
        );
      }
    };
    const triggered = Math.min(size.posts, TRIGGERED_POSTS);
    insertPosts(1, triggered);
    const perPost = (count: number) => `${((1000 * (performance.now() - since)) / Math.max(1, count)).toFixed(1)} µs each`;
    phase(`posts: ${triggered.toLocaleString('en-US')} through the trigger (${perPost(triggered)})`, since);
    since = performance.now();
    const triggerSql = sqlite.prepare("select sql from sqlite_master where type = 'trigger' and name = ?").pluck();
    const trigger = triggerSql.get('posts_counters_insert') as string;
    const drinkTrigger = triggerSql.get('posts_drink_mix_insert') as string;
    sqlite.exec('drop trigger posts_counters_insert');
    sqlite.exec('drop trigger posts_drink_mix_insert');
    insertPosts(triggered + 1, size.posts);
    phase(`${(size.posts - triggered).toLocaleString('en-US')} without (${perPost(size.posts - triggered)})`, since);
    since = performance.now();
    sqlite.exec(RECOUNT_PLACES);
    sqlite.exec(RECOUNT_DRINK_MIX);
    sqlite.exec(trigger);
    sqlite.exec(drinkTrigger);
    phase('recount', since);
    since = performance.now();
    for (let id = 1; id <= size.posts; id++) {
      const count = 1 + Math.floor(next() * 3);
      for (let position = 0; position < count; position++) insertImage.run(id, imageName(images + position, next), position);
      images += count;
    }
    phase('image rows', since);
    since = performance.now();
    for (let id = 1; id <= size.posts; id++) {
      // Three reviews in ten have likes, 1 to 8 of them, from different people.
      if (next() >= 0.3) continue;
      const count = 1 + Math.floor(next() * 8);
      const first = Math.floor(next() * size.people);
      const createdAt = end - span + Math.round((id / size.posts) * span) + 3_600_000;
      for (let k = 0; k < count; k++) insertLike.run(id, 1 + ((first + k * 7) % size.people), createdAt);
      likes += count;
    }
    phase('likes', since);
  })();
  const insertSeconds = (performance.now() - start) / 1000;
  // No ANALYZE: the app never runs it, so the planner works here as it does in production.
  sqlite.pragma('journal_mode = WAL');
  const seconds = (performance.now() - start) / 1000;
  console.log(`feed data: inserted in ${insertSeconds.toFixed(1)} s (${phases.join(', ')})`);

  // What the readers ask for: place pages drawn as the reviews were (popular places more often), and cursors deep in the feed.
  const readNext = mulberry32(7);
  const readPlaces = Array.from({ length: 200 }, () => 1 + skewedPlace(readNext, size.places));
  const postCount = sqlite.prepare('select post_count from establishments where id = ?').pluck();
  const postsPerPlacePage = readPlaces.reduce((sum, id) => sum + Math.min(100, postCount.get(id) as number), 0) / readPlaces.length;
  const nth = sqlite.prepare(
    'select p.created_at, p.id from posts p join users u on u.id = p.user_id where u.deactivated_at is null order by p.created_at desc, p.id desc limit 1 offset ?',
  );
  const cursorAfter: Record<number, string> = {};
  for (const n of [1000, 100_000]) {
    const row = nth.get(n - 1) as { created_at: number; id: number } | undefined;
    if (row) cursorAfter[n] = `${row.created_at}_${row.id}`;
  }
  db.$client.close();
  return {
    file,
    people: size.people,
    places: size.places,
    posts: size.posts,
    images,
    likes,
    deactivated,
    seconds,
    megabytes: fs.statSync(file).size / 1024 / 1024,
    readPlaces,
    postsPerPlacePage,
    cursorAfter,
  };
}
