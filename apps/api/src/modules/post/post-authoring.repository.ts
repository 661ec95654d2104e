import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, max } from 'drizzle-orm';
import { establishments, postImages, posts, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { DrinkColumns } from './post-drink';

/** A place a person has reviewed (spec §3 "Place of a user"), with what the Quick Post needs to post to it. */
export interface UserPlace {
  place_id: string;
  establishment_id: number;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** What the author writes of a review: the order, the text, the rating and the drink's columns. */
export type ReviewText = { orderText: string; review: string; rating: number } & Partial<DrinkColumns>;

/** Writing reviews and their photo rows; the rare writes are plain Drizzle builders. */
@Injectable()
export class PostAuthoringRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The review and its photos' rows (file names in position order); its id. Call it inside a transaction. */
  async addReview(review: ReviewText & { userId: number; establishmentId: number }, imageNames: string[]): Promise<number> {
    const row = (await this.db.insert(posts).values(review).returning({ id: posts.id }))[0]!;
    await this.db.insert(postImages).values(imageNames.map((fileName, position) => ({ postId: row.id, fileName, position })));
    return row.id;
  }

  async updateReview(postId: number, text: ReviewText): Promise<void> {
    await this.db.update(posts).set(text).where(eq(posts.id, postId));
  }

  /** Its likes, comments, image rows and notifications cascade. */
  async deleteReview(postId: number): Promise<void> {
    await this.db.delete(posts).where(eq(posts.id, postId));
  }

  async imageNamesOf(postId: number): Promise<string[]> {
    const files = await this.db.select({ fileName: postImages.fileName }).from(postImages).where(eq(postImages.postId, postId));
    return files.map((file) => file.fileName);
  }

  /** The review's author (whether or not they are active) and place; undefined for no such review. */
  async authorAndPlaceOf(postId: number): Promise<{ userId: number; establishmentId: number } | undefined> {
    const [row] = await this.db.select({ userId: posts.userId, establishmentId: posts.establishmentId }).from(posts).where(eq(posts.id, postId));
    return row;
  }

  /** The places a person has reviewed, most recently reviewed first, at most `limit`. */
  async placesReviewedBy(userId: number, limit: number): Promise<UserPlace[]> {
    const lastReviewed = max(posts.createdAt);
    return this.db
      .select({
        place_id: establishments.placeId,
        establishment_id: establishments.id,
        name: establishments.name,
        street: establishments.street,
        city: establishments.city,
        state: establishments.state,
        zip: establishments.zip,
        country: establishments.country,
      })
      .from(posts)
      .innerJoin(establishments, eq(establishments.id, posts.establishmentId))
      .where(eq(posts.userId, userId))
      .groupBy(establishments.id)
      .orderBy(desc(lastReviewed))
      .limit(limit);
  }
}
