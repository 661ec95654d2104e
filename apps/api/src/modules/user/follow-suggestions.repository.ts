import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { isActiveUser, placeFollows, posts, profileImages, userFollows, users, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

const P = sql.placeholder;

/** An active reviewer and how many reviews they wrote in the window, with their newest profile image. */
export interface ActiveReviewerRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  reviews: number;
  profile_image: string | null;
}

/** What the empty Following feed's suggestions read: the month's most active reviewers, and what a person follows. */
@Injectable()
export class FollowSuggestionsRepository {
  private readonly activeQuery;
  private readonly followedPeopleQuery;
  private readonly followedPlacesQuery;

  constructor(@Inject(DATABASE) db: Database) {
    const reviews = count(posts.id);
    this.activeQuery = db.prepared('user.mostActive', (orm) => {
      const newestImage = orm
        .select({ fileName: profileImages.fileName })
        .from(profileImages)
        .where(eq(profileImages.userId, users.id))
        .orderBy(desc(profileImages.id))
        .limit(1);
      return orm
        .select({
          id: users.id,
          username: users.username,
          first_name: users.firstName,
          last_name: users.lastName,
          reviews,
          profile_image: sql<string | null>`(${newestImage})`,
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(gt(posts.createdAt, sql`${P('since')}`), isActiveUser))
        .groupBy(users.id)
        .orderBy(desc(reviews), users.username)
        .limit(P('limit'));
    });
    this.followedPeopleQuery = db.prepared('user.followedPeople', (orm) =>
      orm
        .select({ username: users.username })
        .from(userFollows)
        .innerJoin(users, eq(users.id, userFollows.followeeId))
        .where(eq(userFollows.followerId, P('me'))),
    );
    this.followedPlacesQuery = db.prepared('user.followedPlaces', (orm) =>
      orm
        .select({ id: placeFollows.establishmentId })
        .from(placeFollows)
        .where(eq(placeFollows.userId, P('me'))),
    );
  }

  /** Active people by how many reviews they wrote since `since` (epoch ms), most first (then by username), at most `limit`. */
  async mostActiveReviewers(since: number, limit: number): Promise<ActiveReviewerRow[]> {
    return this.activeQuery.all({ since, limit });
  }

  /** Usernames of the people this person follows, whatever their state. */
  async followedUsernames(userId: number): Promise<string[]> {
    return (await this.followedPeopleQuery.all({ me: userId })).map((row) => row.username);
  }

  /** Ids of the places this person follows. */
  async followedPlaceIds(userId: number): Promise<number[]> {
    return (await this.followedPlacesQuery.all({ me: userId })).map((row) => row.id);
  }
}
