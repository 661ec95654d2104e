/**
 * The social loop's benchmark data (issue 16) on top of the feed data (feed-data.ts): every person follows
 * `peopleFollowed` others (uniformly, distinct, never themselves) and `placesFollowed` places (drawn as readers visit
 * them, popular places more often), and every like already in the file has its like notification, read an hour
 * after it happened except those of the last `unreadDays` days (what a bell would count). Bulk inserted with
 * better-sqlite3 prepared statements in one transaction; deterministic: every run writes the same rows.
 */
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import { mulberry32 } from '../seed/demo-images';
import { generateFeedData, type FeedData, type FeedDataSize } from './feed-data';
import type { DB } from '@siplog/db';
import { Database } from './raw-feed-server';

export interface FollowSize {
  peopleFollowed: number;
  placesFollowed: number;
  /** Like notifications of this many days before the data's end stay unread. */
  unreadDays: number;
}

export interface FollowingData extends FeedData {
  follows: number;
  placeFollows: number;
  notifications: number;
  unread: number;
  /** Seconds the follows and notifications took on top of the feed data. */
  socialSeconds: number;
}

/** The scale: 1,000,000 reviews, 20,000 people each following 200 people and 20 places. */
export const FOLLOWING_SIZE: FeedDataSize & FollowSize = {
  people: 20_000,
  places: 50_000,
  posts: Number(process.env.FEED_BENCH_POSTS) || 1_000_000,
  peopleFollowed: 200,
  placesFollowed: 20,
  unreadDays: 30,
};

/** The feed data's last review time (feed-data.ts writes two years up to this day). */
const DATA_END = Date.UTC(2025, 7, 1);

/** A place index skewed towards popular places, as feed-data.ts draws reviews and visits: P(index < k) = sqrt(k / places). */
function skewedPlace(next: () => number, places: number): number {
  const r = next();
  return Math.min(places - 1, Math.floor(places * r * r));
}

/** `count` distinct values from `draw` that `keep` accepts, sorted (so the primary key index is appended to). */
function distinct(count: number, draw: () => number, keep: (value: number) => boolean): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) {
    const value = draw();
    if (keep(value)) chosen.add(value);
  }
  return [...chosen].sort((a, b) => a - b);
}

/**
 * Runs `work` with the table's secondary indexes set aside and builds them again after (sorting once is faster than
 * inserting millions of entries at random places); the file ends up with the same indexes as the migrations made.
 */
function withIndexesSetAside(sqlite: DB['$client'], table: string, work: () => void): void {
  const indexes = sqlite.prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null").all(table) as Array<{
    name: string;
    sql: string;
  }>;
  for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
  work();
  for (const index of indexes) sqlite.exec(index.sql);
}

/** Adds the follow graph and the like notifications to a feed data file. */
export function addSocialData(file: string, size: FeedDataSize & FollowSize): Omit<FollowingData, keyof FeedData> {
  const sqlite = new Database(file, { fileMustExist: true });
  const start = performance.now();
  try {
    sqlite.pragma('journal_mode = OFF');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -1000000');
    sqlite.pragma('temp_store = MEMORY');
    const next = mulberry32(16_016);
    const insertFollow = sqlite.prepare('insert into user_follows (follower_id, followee_id, created_at) values (?, ?, ?)');
    const insertPlaceFollow = sqlite.prepare('insert into place_follows (user_id, establishment_id, created_at) values (?, ?, ?)');
    const phases: string[] = [];
    let since = performance.now();
    const phase = (name: string) => {
      phases.push(`${name} ${((performance.now() - since) / 1000).toFixed(1)} s`);
      since = performance.now();
    };
    let follows = 0;
    let placeFollows = 0;
    let notifications = 0;
    let unread = 0;
    sqlite.transaction(() => {
      const followedAt = DATA_END - 400 * 86_400_000;
      withIndexesSetAside(sqlite, 'user_follows', () => {
        for (let person = 1; person <= size.people; person++) {
          const people = distinct(size.peopleFollowed, () => 1 + Math.floor(next() * size.people), (other) => other !== person);
          for (const other of people) insertFollow.run(person, other, followedAt);
          follows += people.length;
        }
      });
      phase(`${follows.toLocaleString('en-US')} follows`);
      for (let person = 1; person <= size.people; person++) {
        const places = distinct(size.placesFollowed, () => 1 + skewedPlace(next, size.places), () => true);
        for (const place of places) insertPlaceFollow.run(person, place, followedAt);
        placeFollows += places.length;
      }
      phase(`${placeFollows.toLocaleString('en-US')} place follows`);
      // What NotificationRepository.liked writes for each like (never for liking one's own review), in like order.
      const unreadSince = DATA_END - size.unreadDays * 86_400_000;
      withIndexesSetAside(sqlite, 'notifications', () => {
        notifications = sqlite
        .prepare(
          `insert into notifications (user_id, actor_id, kind, post_id, read_at, email_pending, created_at)
           select p.user_id, l.user_id, 'like', l.post_id, case when l.created_at < :unreadSince then l.created_at + 3600000 end, 0, l.created_at
           from post_likes l join posts p on p.id = l.post_id where p.user_id <> l.user_id order by l.post_id, l.user_id`,
        )
        .run({ unreadSince }).changes;
      });
      unread = sqlite.prepare('select count(*) from notifications where read_at is null').pluck().get() as number;
      phase(`${notifications.toLocaleString('en-US')} like notifications (${unread.toLocaleString('en-US')} unread)`);
    })();
    sqlite.pragma('journal_mode = WAL');
    const socialSeconds = (performance.now() - start) / 1000;
    console.log(`following data: added in ${socialSeconds.toFixed(1)} s (${phases.join(', ')})`);
    return { follows, placeFollows, notifications, unread, socialSeconds };
  } finally {
    sqlite.close();
  }
}

/** The feed data (feed-data.ts) at `size`, then the follow graph and notifications. */
export async function generateFollowingData(file: string, size: FeedDataSize & FollowSize = FOLLOWING_SIZE): Promise<FollowingData> {
  const feed = await generateFeedData(file, size);
  const social = addSocialData(file, size);
  return { ...feed, ...social, megabytes: fs.statSync(file).size / 1024 / 1024 };
}
