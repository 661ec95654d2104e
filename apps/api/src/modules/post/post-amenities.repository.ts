import { Inject, Injectable } from '@nestjs/common';
import type { Amenity, AmenityAnswers } from '@siplog/contracts';
import { JSON_IDS, postAmenities, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

interface AnswerRow {
  postId: number;
  amenity: string;
  value: boolean;
}

/**
 * Reviews' yes/no answers about their place's amenities (issue 31), one row per review and amenity answered. Read
 * with every page of reviews, so the read is prepared once for any number of ids; written with the review.
 */
@Injectable()
export class PostAmenitiesRepository {
  private readonly answersQuery: Statement<AnswerRow>;
  private readonly clearQuery: Statement<never>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.answersQuery = db.statement<AnswerRow>(
      `select post_id as "postId", amenity, value from post_amenities where post_id in (${JSON_IDS(':ids')})`,
      { booleans: ['value'] },
    );
    this.clearQuery = db.statement(`delete from post_amenities where post_id = :postId`);
  }

  /** Each review's answers ({} for a review without any): one query for the whole page. */
  async answersOf(postIds: readonly number[]): Promise<Map<number, AmenityAnswers>> {
    const answers = new Map<number, AmenityAnswers>(postIds.map((id) => [id, {}]));
    if (postIds.length === 0) return answers;
    for (const row of await this.answersQuery.all({ ids: JSON.stringify(postIds) })) {
      const ofPost = answers.get(row.postId);
      // The column holds only names validated against AMENITIES on the way in.
      if (ofPost) ofPost[row.amenity as Amenity] = row.value;
    }
    return answers;
  }

  /** Whether the review answered anything. */
  async hasAnswers(postId: number): Promise<boolean> {
    return Object.keys((await this.answersOf([postId])).get(postId) ?? {}).length > 0;
  }

  /** The review's answers become exactly these (an empty object clears them). Call it inside the review's transaction. */
  async replace(postId: number, answers: AmenityAnswers): Promise<void> {
    await this.clearQuery.run({ postId });
    const rows = Object.entries(answers).map(([amenity, value]) => ({ postId, amenity, value }));
    if (rows.length > 0) await this.db.insert(postAmenities).values(rows);
  }
}
