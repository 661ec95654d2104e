import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { PLACE_LIST_LIMITS } from '@siplog/contracts';
import { establishments, isActiveUser, posts, users, wantToTry, type Database, type EstablishmentRow } from '@siplog/db';
import { DATABASE } from '../database/database.module';

const P = sql.placeholder;

/** A review as best orders group it. */
export interface OrderRow {
  id: number;
  orderText: string;
  rating: number;
  drinkKind: string | null;
  drinkMilk: string | null;
  drinkTemperature: string | null;
}

/** Data access of issue 19's place lists: best orders' reviews and the Want to try list. */
@Injectable()
export class PlaceListsRepository {
  private readonly ordersQuery;
  private readonly wantToTryQuery;
  private readonly wantToTryCountQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    // posts_establishment_idx (establishment_id, created_at) walks the place's newest reviews.
    this.ordersQuery = db.prepared('placeLists.orders', (orm) =>
      orm
        .select({
          id: posts.id,
          orderText: posts.orderText,
          rating: posts.rating,
          drinkKind: posts.drinkKind,
          drinkMilk: posts.drinkMilk,
          drinkTemperature: posts.drinkTemperature,
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(eq(posts.establishmentId, P('id')), isActiveUser))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(PLACE_LIST_LIMITS.bestOrdersReviewsRead),
    );
    this.wantToTryQuery = db.prepared('placeLists.wantToTry', (orm) =>
      orm
        .select({ place: establishments })
        .from(wantToTry)
        .innerJoin(establishments, eq(establishments.id, wantToTry.establishmentId))
        .where(eq(wantToTry.userId, P('userId')))
        .orderBy(desc(wantToTry.createdAt), desc(wantToTry.establishmentId)),
    );
    this.wantToTryCountQuery = db.prepared('placeLists.wantToTryCount', (orm) =>
      orm.select({ value: count() }).from(wantToTry).where(eq(wantToTry.userId, P('userId'))),
    );
  }

  /** The place's reviews by active people, newest first, as many as best orders read. */
  async orders(establishmentId: number): Promise<OrderRow[]> {
    return this.ordersQuery.all({ id: establishmentId });
  }

  /** The person's Want to try places, most recently added first. */
  async wantToTry(userId: number): Promise<EstablishmentRow[]> {
    return (await this.wantToTryQuery.all({ userId })).map((row) => row.place);
  }

  async isWantToTry(userId: number, establishmentId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: wantToTry.userId })
      .from(wantToTry)
      .where(and(eq(wantToTry.userId, userId), eq(wantToTry.establishmentId, establishmentId)));
    return row !== undefined;
  }

  async wantToTryCount(userId: number): Promise<number> {
    return (await this.wantToTryCountQuery.get({ userId }))?.value ?? 0;
  }

  /** Idempotent: adding a place already on the list keeps it where it is. */
  async addWantToTry(userId: number, establishmentId: number): Promise<void> {
    await this.db.insert(wantToTry).values({ userId, establishmentId }).onConflictDoNothing();
  }

  async removeWantToTry(userId: number, establishmentId: number): Promise<void> {
    await this.db.delete(wantToTry).where(and(eq(wantToTry.userId, userId), eq(wantToTry.establishmentId, establishmentId)));
  }
}
