import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAP_CENTER, LIMITS } from '@siplog/contracts';
import {
  comments,
  establishments,
  openMigratedDatabase,
  placeFollows,
  postImages,
  postLikes,
  posts,
  profileImages,
  userFollows,
  users,
  type DB,
} from '@siplog/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/password-hasher';
import { ImageStore, variantFileName, type ImageFolder } from '../modules/media/image-store';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo-content';
import { seedDemoData, type SeedResult } from './seed';

function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

function isWebp(file: string): boolean {
  const header = fs.readFileSync(file).subarray(0, 12);
  return header.toString('ascii', 0, 4) === 'RIFF' && header.toString('ascii', 8, 12) === 'WEBP';
}

describe('seedDemoData', () => {
  let dir: string;
  let db: DB;
  let images: ImageStore;
  let result: SeedResult;
  const now = new Date();

  const rowCounts = () => ({
    users: db.select().from(users).all().length,
    profileImages: db.select().from(profileImages).all().length,
    places: db.select().from(establishments).all().length,
    posts: db.select().from(posts).all().length,
    postImages: db.select().from(postImages).all().length,
    likes: db.select().from(postLikes).all().length,
    comments: db.select().from(comments).all().length,
    userFollows: db.select().from(userFollows).all().length,
    placeFollows: db.select().from(placeFollows).all().length,
  });

  const expectStoredImage = (folder: ImageFolder, name: string) => {
    for (const file of [name, variantFileName(name, 'thumb')]) {
      const full = path.join(images.folderPath(folder), file);
      expect(fs.existsSync(full), full).toBe(true);
      expect(isWebp(full), full).toBe(true);
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-seed-'));
    db = openMigratedDatabase(path.join(dir, 'app.db'));
    images = new ImageStore(path.join(dir, 'media'));
    result = await seedDemoData(db, images, now);
  }, 60_000);

  afterAll(() => {
    db?.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns counts that match the rows written', () => {
    const counts = rowCounts();
    expect(result).toEqual({ seeded: true, users: counts.users, places: counts.places, posts: counts.posts });
    expect(counts.users).toBeGreaterThanOrEqual(8);
    expect(counts.places).toBeGreaterThanOrEqual(14);
    expect(counts.posts).toBeGreaterThanOrEqual(40);
    expect(counts.profileImages).toBeGreaterThan(0);
    expect(counts.likes).toBeGreaterThan(0);
    expect(counts.comments).toBeGreaterThan(0);
    expect(counts.userFollows).toBeGreaterThan(0);
    expect(counts.placeFollows).toBeGreaterThan(0);
  });

  it('gives every post 1 to 3 WebP images, stored in full and as a thumbnail', () => {
    const rows = db.select().from(postImages).all();
    for (const post of db.select({ id: posts.id }).from(posts).all()) {
      const own = rows.filter((row) => row.postId === post.id).sort((a, b) => a.position - b.position);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(LIMITS.reviewImagesMax);
      expect(own.map((row) => row.position)).toEqual(own.map((_, index) => index));
      for (const image of own) expectStoredImage('postimages', image.fileName);
    }
  });

  it('stores the profile images it records', () => {
    for (const image of db.select().from(profileImages).all()) expectStoredImage('profileimages', image.fileName);
  });

  it('keeps ratings in range and dates in the past, comments after their post', () => {
    const allPosts = db.select().from(posts).all();
    for (const post of allPosts) {
      expect(post.rating).toBeGreaterThanOrEqual(LIMITS.ratingMin);
      expect(post.rating).toBeLessThanOrEqual(LIMITS.ratingMax);
      expect(post.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(post.createdAt.getTime()).toBeGreaterThan(now.getTime() - 60 * 86_400_000);
    }
    for (const comment of db.select().from(comments).all()) {
      const post = allPosts.find((candidate) => candidate.id === comment.postId);
      expect(comment.createdAt.getTime()).toBeGreaterThanOrEqual(post!.createdAt.getTime());
      expect(comment.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('places every establishment within 3 km of the default map centre', () => {
    for (const place of db.select().from(establishments).all()) {
      expect(distanceMeters(DEFAULT_MAP_CENTER, place), place.name).toBeLessThanOrEqual(LIMITS.placeSearchRadiusMeters);
      expect(place.placeId).toMatch(/^siplog:demo-[a-z0-9-]+$/);
    }
  });

  it('has no one following themselves or liking their own review', () => {
    for (const follow of db.select().from(userFollows).all()) expect(follow.followerId).not.toBe(follow.followeeId);
    const authors = new Map(db.select({ id: posts.id, userId: posts.userId }).from(posts).all().map((post) => [post.id, post.userId]));
    for (const like of db.select().from(postLikes).all()) expect(like.userId).not.toBe(authors.get(like.postId));
  });

  it('creates verified accounts that sign in with the demo password', async () => {
    const person = DEMO_PEOPLE[0];
    const user = db.select().from(users).all().find((row) => row.username === person.username);
    expect(user?.verified).toBe(true);
    expect(await verifyPassword(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(user!.passwordHash, 'not-the-password')).toBe(false);
  });

  it('does nothing when run again', async () => {
    const before = rowCounts();
    const filesBefore = fs.readdirSync(images.folderPath('postimages')).length;
    const again = await seedDemoData(db, images, now);
    expect(again.seeded).toBe(false);
    expect(rowCounts()).toEqual(before);
    expect(fs.readdirSync(images.folderPath('postimages')).length).toBe(filesBefore);
  });
});
