import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { PLACE_SERVER_MESSAGES } from '@siplog/contracts';
import { establishments, isActiveUser, postImages, postLikes, posts, users, type DB } from '@siplog/db';
import { AppError } from '../../common/app-error';
import { DATABASE } from '../database/database.module';

/** A place page lists its reviews up to this many (newest first). */
export const POSTS_BY_ESTABLISHMENT_MAX = 100;

/** A review as the spec's calls answer it (spec §3 Post). */
export interface PostView {
  post_id: number;
  _id: number;
  username: string;
  establishment_id: number;
  establishment_name: string;
  post_date: string;
  order: string;
  review: string;
  rating: string;
  likes: number;
  images: string[];
  est_street: string;
  est_city: string;
  est_state: string;
  est_zip: string;
  est_country: string;
}

@Injectable()
export class PostService {
  constructor(@Inject(DATABASE) private readonly db: DB) {}

  /** A person's most recent reviews, or only their 5-star ones (the My Log and profile carousels). */
  recentOrders(username: string, limit: number): { orders: PostView[] } {
    return this.ordersOf(username, limit, { fiveStarOnly: false });
  }

  fiveStarOrders(username: string, limit: number): { orders: PostView[] } {
    return this.ordersOf(username, limit, { fiveStarOnly: true });
  }

  /** A place's reviews, newest first; deactivated people's reviews stay out of sight. An unknown place is 404. */
  byEstablishment(establishmentId: number): { posts: PostView[] } {
    const place = this.db.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, establishmentId)).get();
    if (!place) throw new AppError('NOT_FOUND', PLACE_SERVER_MESSAGES.notFound);
    return { posts: this.postViews(and(eq(posts.establishmentId, place.id), isActiveUser), POSTS_BY_ESTABLISHMENT_MAX) };
  }

  /** A deactivated person's reviews stay out of sight with their profile. */
  private ordersOf(username: string, limit: number, { fiveStarOnly }: { fiveStarOnly: boolean }): { orders: PostView[] } {
    const user = this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), isActiveUser))
      .get();
    if (!user) return { orders: [] };
    const where = fiveStarOnly ? and(eq(posts.userId, user.id), eq(posts.rating, 5)) : eq(posts.userId, user.id);
    return { orders: this.postViews(where, limit) };
  }

  /** Posts matching `where`, newest first, with their place, images and like counts (of active people) in three queries. */
  private postViews(where: SQL | undefined, limit: number, offset = 0): PostView[] {
    const rows = this.db
      .select({
        id: posts.id,
        username: users.username,
        establishmentId: posts.establishmentId,
        establishmentName: establishments.name,
        createdAt: posts.createdAt,
        orderText: posts.orderText,
        review: posts.review,
        rating: posts.rating,
        street: establishments.street,
        city: establishments.city,
        state: establishments.state,
        zip: establishments.zip,
        country: establishments.country,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .innerJoin(establishments, eq(establishments.id, posts.establishmentId))
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit)
      .offset(offset)
      .all();
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const images = new Map<number, string[]>();
    for (const image of this.db
      .select({ postId: postImages.postId, fileName: postImages.fileName })
      .from(postImages)
      .where(inArray(postImages.postId, ids))
      .orderBy(asc(postImages.position))
      .all()) {
      images.set(image.postId, [...(images.get(image.postId) ?? []), image.fileName]);
    }
    const likes = new Map(
      this.db
        .select({ postId: postLikes.postId, value: count() })
        .from(postLikes)
        .innerJoin(users, eq(users.id, postLikes.userId))
        .where(and(inArray(postLikes.postId, ids), isActiveUser))
        .groupBy(postLikes.postId)
        .all()
        .map((row) => [row.postId, row.value]),
    );
    return rows.map((row) => ({
      post_id: row.id,
      _id: row.id,
      username: row.username,
      establishment_id: row.establishmentId,
      establishment_name: row.establishmentName,
      post_date: row.createdAt.toISOString(),
      order: row.orderText,
      review: row.review,
      rating: String(row.rating),
      likes: likes.get(row.id) ?? 0,
      images: images.get(row.id) ?? [],
      est_street: row.street,
      est_city: row.city,
      est_state: row.state,
      est_zip: row.zip,
      est_country: row.country,
    }));
  }
}
