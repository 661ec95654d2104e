import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type DB } from './client';
import { insertEstablishment } from './establishments';
import { SqliteDatabase } from './sqlite-database';
import { establishments, postImages, posts, userFollows, users } from './schema/sqlite';

const dirs: string[] = [];
function freshDatabase(): DB {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-db-'));
  dirs.push(dir);
  return openMigratedDatabase(path.join(dir, 'app.db'));
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function addUser(db: DB, username: string) {
  return db
    .insert(users)
    .values({ email: `${username}@example.com`, username, passwordHash: 'x', firstName: 'A', lastName: 'B' })
    .returning()
    .get();
}

describe('openMigratedDatabase', () => {
  it('opens SQLite in WAL mode with foreign keys on and a busy timeout', () => {
    const db = freshDatabase();
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('applies the committed migrations, with the indexes the reads need', () => {
    const db = freshDatabase();
    const indexes = db.$client
      .prepare("select name from sqlite_master where type = 'index' and name not like 'sqlite_%'")
      .pluck()
      .all();
    expect(indexes).toEqual(
      expect.arrayContaining([
        'posts_recent_idx',
        'posts_establishment_idx',
        'posts_user_recent_idx',
        'posts_user_rating_idx',
        'user_follows_followee_idx',
        'place_follows_establishment_idx',
        'users_email_unique',
        'users_username_unique',
      ]),
    );
  });

  it('is safe to migrate twice (start-up runs it every time)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-db-'));
    dirs.push(dir);
    openMigratedDatabase(path.join(dir, 'app.db')).$client.close();
    const again = openMigratedDatabase(path.join(dir, 'app.db'));
    expect(again.select().from(users).all()).toEqual([]);
  });

  it('keeps usernames and e-mails unique', () => {
    const db = freshDatabase();
    addUser(db, 'annlee');
    expect(() => addUser(db, 'annlee')).toThrow(/UNIQUE/);
  });

  it('refuses self-follows and ratings outside 1 to 5', async () => {
    const db = freshDatabase();
    const ann = addUser(db, 'annlee');
    expect(() => db.insert(userFollows).values({ followerId: ann.id, followeeId: ann.id }).run()).toThrow(/CHECK/);
    const place = (await insertEstablishment(new SqliteDatabase(db), { placeId: 'p1', name: 'Bean There', lat: 30.27, lng: -97.74 }));
    expect(() =>
      db.insert(posts).values({ userId: ann.id, establishmentId: place.id, orderText: 'Latte', review: 'Good', rating: 6 }).run(),
    ).toThrow(/CHECK/);
  });

  it('removes a post with its images when the author is deleted', async () => {
    const db = freshDatabase();
    const ann = addUser(db, 'annlee');
    const place = (await insertEstablishment(new SqliteDatabase(db), { placeId: 'p1', name: 'Bean There', lat: 30.27, lng: -97.74 }));
    const post = db
      .insert(posts)
      .values({ userId: ann.id, establishmentId: place.id, orderText: 'Latte', review: 'Good', rating: 5 })
      .returning()
      .get();
    db.insert(postImages).values({ postId: post.id, fileName: 'a.webp', position: 0 }).run();
    expect(post.createdAt).toBeInstanceOf(Date);
    db.delete(users).where(eq(users.id, ann.id)).run();
    expect(db.select().from(posts).all()).toEqual([]);
    expect(db.select().from(postImages).all()).toEqual([]);
  });

  it('indexes the R*Tree, not a lat/lng B-tree, for map boxes', () => {
    const db = freshDatabase();
    const indexes = db.$client.prepare("select name from sqlite_master where type = 'index'").pluck().all();
    expect(indexes).not.toContain('establishments_lat_lng_idx');
  });
});

describe('establishments', () => {
  it('get their slug from slugify (diacritics folded), -2 on a repeat', async () => {
    const db = freshDatabase();
    expect((await insertEstablishment(new SqliteDatabase(db), { placeId: 'p1', name: 'Café Zoë', city: 'Chicago', lat: 41.9, lng: -87.6 })).slug).toBe('cafe-zoe-chicago');
    expect((await insertEstablishment(new SqliteDatabase(db), { placeId: 'p2', name: 'Cafe Zoe', city: 'Chicago', lat: 41.9, lng: -87.6 })).slug).toBe('cafe-zoe-chicago-2');
  });

  it('refuse an insert without a slug, or clearing one', async () => {
    const db = freshDatabase();
    expect(() => db.insert(establishments).values({ placeId: 'p1', name: 'Bean There', lat: 30.27, lng: -97.74 }).run()).toThrow(
      /slug is required/,
    );
    const place = (await insertEstablishment(new SqliteDatabase(db), { placeId: 'p1', name: 'Bean There', lat: 30.27, lng: -97.74 }));
    expect(() => db.update(establishments).set({ slug: null }).where(eq(establishments.id, place.id)).run()).toThrow(/cannot be cleared/);
  });

  it("count only active people's reviews in their totals, recounted when someone deactivates or comes back", async () => {
    const db = freshDatabase();
    const [ann, bob] = [addUser(db, 'annlee'), addUser(db, 'bobby')];
    const place = (await insertEstablishment(new SqliteDatabase(db), { placeId: 'p1', name: 'Bean There', lat: 30.27, lng: -97.74 }));
    const review = (userId: number, rating: number) =>
      db.insert(posts).values({ userId, establishmentId: place.id, orderText: 'Latte', review: 'Good', rating }).returning().get();
    const totals = () => {
      const row = db.select().from(establishments).where(eq(establishments.id, place.id)).get()!;
      return [row.postCount, row.ratingSum];
    };
    review(ann.id, 5);
    const bobsReview = review(bob.id, 2);
    expect(totals()).toEqual([2, 7]);

    db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, bob.id)).run();
    expect(totals()).toEqual([1, 5]);
    review(bob.id, 3);
    expect(totals()).toEqual([1, 5]);
    db.delete(posts).where(eq(posts.id, bobsReview.id)).run();
    expect(totals()).toEqual([1, 5]);

    db.update(users).set({ deactivatedAt: null }).where(eq(users.id, bob.id)).run();
    expect(totals()).toEqual([2, 8]);
  });
});
