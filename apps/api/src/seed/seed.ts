import { eq, ne } from 'drizzle-orm';
import { REVIEW_MESSAGES, amenityAnswersSchema, drinkInputSchema } from '@siplog/contracts';
import {
  comments,
  insertEstablishment,
  notifications,
  placeFollows,
  postImages,
  postLikes,
  posts,
  profileImages,
  userFollows,
  users,
  type Database,
} from '@siplog/db';
import { hashPassword } from '../modules/auth/password-hasher';
import type { ImageFolder, ImageStore } from '../modules/media/image-store';
import { PlaceAmenitiesRepository } from '../modules/place/place-amenities.repository';
import { PlaceAmenitiesService } from '../modules/place/place-amenities.service';
import { PostAmenitiesRepository } from '../modules/post/post-amenities.repository';
import { drinkColumns } from '../modules/post/post-drink';
import {
  DEMO_HOURS_CHANGES,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  DEMO_PLACE_FOLLOWS,
  DEMO_PLACES,
  DEMO_REVIEWS,
  DEMO_USER_FOLLOWS,
  demoPlaceId,
  type DemoPlaceKey,
  type DemoReview,
  type DemoUsername,
} from './demo-content';
import { renderAvatar, renderDrinkPhoto } from './demo-images';
import { seedOpeningHours } from './seed-hours';

export interface SeedResult {
  /** False when the database already had users, in which case nothing was written. */
  seeded: boolean;
  users: number;
  places: number;
  posts: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** sharp works on libuv's pool of 4 threads; more at once only queues. */
const IMAGE_CONCURRENCY = 4;

const NOTHING_SEEDED: SeedResult = { seeded: false, users: 0, places: 0, posts: 0 };

/**
 * Fills an empty database with the demo people, places and reviews. Does nothing when any user exists,
 * so a demo start-up can call it every time.
 */
export async function seedDemoData(db: Database, images: ImageStore, now = new Date()): Promise<SeedResult> {
  if (await hasAnyUser(db)) return NOTHING_SEEDED;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const saved = new SavedImages(images);
  try {
    const avatars = await saveAvatars(saved);
    const photos = await savePostPhotos(saved);
    const result = await db.transaction(() => insertDemoRows(db, { passwordHash, avatars, photos, now }));
    if (!result.seeded) await saved.removeAll();
    return result;
  } catch (error) {
    await saved.removeAll();
    throw error;
  }
}

async function hasAnyUser(db: Pick<Database, 'select'>): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).limit(1)).length > 0;
}

/** Remembers every stored file so a failed seed leaves no orphans in the media folders. */
class SavedImages {
  private readonly files: { folder: ImageFolder; name: string }[] = [];

  constructor(private readonly store: ImageStore) {}

  async save(folder: ImageFolder, png: Buffer): Promise<string> {
    const name = await this.store.save(folder, png, REVIEW_MESSAGES.invalidFileType);
    this.files.push({ folder, name });
    return name;
  }

  async removeAll(): Promise<void> {
    for (const { folder, name } of this.files.splice(0)) await this.store.remove(folder, name);
  }
}

async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function saveAvatars(saved: SavedImages): Promise<Map<DemoUsername, string>> {
  const people = DEMO_PEOPLE.filter((person) => person.hasProfileImage);
  const names = await mapConcurrently(people, IMAGE_CONCURRENCY, (person, index) =>
    renderAvatar(person.firstName, person.lastName, index + 1).then((png) => saved.save('profileimages', png)),
  );
  return new Map(people.map((person, index) => [person.username, names[index]]));
}

/** File names per review, in DEMO_REVIEWS order, each list in display order. */
async function savePostPhotos(saved: SavedImages): Promise<string[][]> {
  const jobs = DEMO_REVIEWS.flatMap((review, reviewIndex) =>
    Array.from({ length: review.photos }, (_, position) => ({ review, reviewIndex, position })),
  );
  const names = await mapConcurrently(jobs, IMAGE_CONCURRENCY, ({ review, reviewIndex, position }) =>
    renderDrinkPhoto(review.drink, 1000 + reviewIndex * 37 + position * 7919).then((png) => saved.save('postimages', png)),
  );
  const byReview = DEMO_REVIEWS.map((): string[] => []);
  jobs.forEach((job, index) => byReview[job.reviewIndex].push(names[index]));
  return byReview;
}

interface SeedInput {
  passwordHash: string;
  avatars: Map<DemoUsername, string>;
  photos: string[][];
  now: Date;
}

/** What the plain inserts need of the database inside the seeding transaction. */
type Tx = Pick<Database, 'select' | 'insert'>;

/** `db` inside the seeding transaction: the app's repositories used here run in it too. */
async function insertDemoRows(db: Database, input: SeedInput): Promise<SeedResult> {
  // checked again under the write lock: another process may have seeded while the images were drawn
  if (await hasAnyUser(db)) return NOTHING_SEEDED;

  const userIds = await insertPeople(db, input);
  const placeIds = await insertPlaces(db, input.now);
  const postCount = await insertReviews(db, input, userIds, placeIds);
  await insertOpeningHours(db, input.now, userIds, placeIds);
  await insertFollows(db, input.now, userIds, placeIds);
  await insertNotifications(db, input.now);
  return { seeded: true, users: userIds.size, places: placeIds.size, posts: postCount };
}

async function insertPeople(tx: Tx, { passwordHash, avatars, now }: SeedInput): Promise<Map<DemoUsername, number>> {
  const rows = await tx
    .insert(users)
    .values(
      DEMO_PEOPLE.map((person, index) => ({
        email: person.email,
        username: person.username,
        passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        phone: person.phone,
        zipCode: person.zipCode,
        yearOfBirth: person.yearOfBirth,
        gender: person.gender,
        bio: person.bio,
        currentFavOrder: person.currentFavOrder,
        verified: true,
        createdAt: daysBefore(now, 90 - index * 2),
      })),
    )
    .returning({ id: users.id, username: users.username });
  // RETURNING order is not guaranteed by SQLite, so rows are matched by their unique username
  const ids = new Map(rows.map((row) => [row.username as DemoUsername, row.id]));

  const avatarRows = [...avatars].map(([username, fileName]) => ({
    userId: idOf(ids, username),
    fileName,
    createdAt: daysBefore(now, 85),
  }));
  if (avatarRows.length > 0) await tx.insert(profileImages).values(avatarRows);
  return ids;
}

/** One at a time through insertEstablishment, so demo places get their slugs by the app's one rule. */
async function insertPlaces(tx: Tx, now: Date): Promise<Map<DemoPlaceKey, number>> {
  const ids = new Map<DemoPlaceKey, number>();
  for (const place of DEMO_PLACES) {
      const row = await insertEstablishment(tx, {
        placeId: demoPlaceId(place.key),
        name: place.name,
        street: place.street,
        city: place.city,
        state: place.state,
        zip: place.zip,
        country: place.country,
        lat: place.lat,
        lng: place.lng,
        createdAt: daysBefore(now, 80),
      });
      ids.set(place.key, row.id);
  }
  return ids;
}

/**
 * The reviews with their photos, likes and comments, and their amenity answers as posting a review stores them: the
 * answers through the reviews' repository, then each place's verdicts (what Good for working reads) recounted by the
 * places' amenities service.
 */
async function insertReviews(db: Database, input: SeedInput, userIds: Map<DemoUsername, number>, placeIds: Map<DemoPlaceKey, number>): Promise<number> {
  const answers = new PostAmenitiesRepository(db);
  const placeAmenities = new PlaceAmenitiesService(db, new PlaceAmenitiesRepository(db));
  for (const [index, review] of DEMO_REVIEWS.entries()) {
    const postedAt = daysBefore(input.now, review.daysAgo);
    const [post] = await db
      .insert(posts)
      .values({
        userId: idOf(userIds, review.author),
        establishmentId: idOf(placeIds, review.place),
        orderText: review.order,
        review: review.review,
        rating: review.rating,
        ...drinkColumns(review.details ? drinkInputSchema.parse(review.details) : null),
        createdAt: postedAt,
      })
      .returning({ id: posts.id });
    await db.insert(postImages).values(input.photos[index].map((fileName, position) => ({ postId: post!.id, fileName, position })));
    if (review.amenities) await answers.replace(post!.id, amenityAnswersSchema.parse(review.amenities));
    await insertReactions(db, review, post!.id, postedAt, input.now, userIds);
  }
  await placeAmenities.recount([...placeIds.values()]);
  return DEMO_REVIEWS.length;
}

/** Hours set by the demo people, evaluated at the seed's `now` as if each had just set them. */
async function insertOpeningHours(db: Database, now: Date, userIds: Map<DemoUsername, number>, placeIds: Map<DemoPlaceKey, number>): Promise<void> {
  const changes = DEMO_HOURS_CHANGES.map((change) => ({
    establishmentId: idOf(placeIds, change.place),
    userId: idOf(userIds, change.setBy),
    openingHours: change.openingHours,
  }));
  await seedOpeningHours(db, changes, now.getTime());
}

async function insertReactions(tx: Tx, review: DemoReview, postId: number, postedAt: Date, now: Date, userIds: Map<DemoUsername, number>): Promise<void> {
  const likes = review.likedBy.map((username, index) => ({
    postId,
    userId: idOf(userIds, username),
    createdAt: laterOf(postedAt, (index + 1) * 1.7 * HOUR_MS, now),
  }));
  if (likes.length > 0) await tx.insert(postLikes).values(likes);

  const replies = (review.comments ?? []).map((comment) => ({
    postId,
    userId: idOf(userIds, comment.author),
    body: comment.body,
    createdAt: laterOf(postedAt, comment.hoursAfterPost * HOUR_MS, now),
  }));
  if (replies.length > 0) await tx.insert(comments).values(replies);
}

async function insertFollows(tx: Tx, now: Date, userIds: Map<DemoUsername, number>, placeIds: Map<DemoPlaceKey, number>): Promise<void> {
  const people = DEMO_USER_FOLLOWS.filter(([follower, followee]) => follower !== followee).map(([follower, followee], index) => ({
    followerId: idOf(userIds, follower),
    followeeId: idOf(userIds, followee),
    createdAt: daysBefore(now, 70 - index),
  }));
  await tx.insert(userFollows).values(people);

  const places = DEMO_PLACE_FOLLOWS.map(([username, key], index) => ({
    userId: idOf(userIds, username),
    establishmentId: idOf(placeIds, key),
    createdAt: daysBefore(now, 65 - index),
  }));
  await tx.insert(placeFollows).values(places);
}

/**
 * What the demo's likes, comments and follows would have told people, so a demo person's bell and
 * /notifications show a history: what happened in the last three days unread, the rest read.
 */
async function insertNotifications(tx: Tx, now: Date): Promise<void> {
  const readBefore = now.getTime() - 3 * DAY_MS;
  const likes = await tx
    .select({ userId: posts.userId, actorId: postLikes.userId, postId: posts.id, at: postLikes.createdAt })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .where(ne(posts.userId, postLikes.userId));
  const commentsOnReviews = await tx
    .select({ userId: posts.userId, actorId: comments.userId, postId: posts.id, commentId: comments.id, at: comments.createdAt })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(ne(posts.userId, comments.userId));
  const follows = await tx.select({ userId: userFollows.followeeId, actorId: userFollows.followerId, at: userFollows.createdAt }).from(userFollows);
  const rows = [
    ...likes.map((row) => ({ ...row, kind: 'like' as const })),
    ...commentsOnReviews.map((row) => ({ ...row, kind: 'comment' as const })),
    ...follows.map((row) => ({ ...row, kind: 'follow' as const })),
  ].map(({ at, ...row }) => ({ ...row, createdAt: at, readAt: at.getTime() < readBefore ? at : null, emailPending: false }));
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

function idOf<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo data refers to unknown "${String(key)}"`);
  return id;
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - Math.round(days * DAY_MS));
}

/** A moment after `from`, but never in the future. */
function laterOf(from: Date, afterMs: number, now: Date): Date {
  return new Date(Math.min(from.getTime() + afterMs, now.getTime()));
}
