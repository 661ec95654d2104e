import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, notInArray, or, sql } from 'drizzle-orm';
import { establishments, isActiveUser, jsonIds, placeFollows, posts, profileImages, userFollows, users, type Database } from '@siplog/db';
import { hiddenParam } from '../block/block.service';
import { DATABASE } from '../database/database.module';

export type UserRow = typeof users.$inferSelect;

const P = sql.placeholder;

/** No condition when nobody is hidden, so the usual queries stay as they were. */
function notIn(column: typeof users.id, ids: readonly number[]) {
  return ids.length === 0 ? undefined : notInArray(column, [...ids]);
}

/** LIKE pattern for text typed by a person: % and _ are matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * People's profiles, profile images and follows between people. The profile page's reads are prepared once (a
 * profile is a hot public read): those leaving out a viewer's hidden people twice, `open` for readers hiding no one and
 * `filtered` with the hidden ids as one JSON array. Searches by name are built per call.
 */
@Injectable()
export class UserRepository {
  private readonly byIdQuery;
  private readonly byUsernameQuery;
  private readonly activeByUsernameQuery;
  private readonly isFollowingQuery;
  private readonly postCountQuery;
  private readonly followedPlacesQuery;
  private readonly profileImagesQuery;
  private readonly followNamesQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.byIdQuery = db.prepared('user.byId', (orm) => orm.select().from(users).where(eq(users.id, P('id'))));
    this.byUsernameQuery = db.prepared('user.byUsername', (orm) => orm.select().from(users).where(eq(users.username, P('username'))));
    this.activeByUsernameQuery = db.prepared('user.activeByUsername', (orm) =>
      orm
        .select()
        .from(users)
        .where(and(eq(users.username, P('username')), isActiveUser)),
    );
    this.isFollowingQuery = db.prepared('user.isFollowing', (orm) =>
      orm
        .select({ id: userFollows.followerId })
        .from(userFollows)
        .where(and(eq(userFollows.followerId, P('follower')), eq(userFollows.followeeId, P('followee')))),
    );
    this.postCountQuery = db.prepared('user.postCount', (orm) =>
      orm
        .select({ value: count() })
        .from(posts)
        .where(eq(posts.userId, P('userId'))),
    );
    this.followedPlacesQuery = db.prepared('user.followedPlaceNames', (orm) =>
      orm
        .select({ id: establishments.id, name: establishments.name })
        .from(placeFollows)
        .innerJoin(establishments, eq(establishments.id, placeFollows.establishmentId))
        .where(eq(placeFollows.userId, P('userId')))
        .orderBy(asc(establishments.name)),
    );
    this.profileImagesQuery = db.prepared('user.profileImages', (orm) =>
      orm
        .select({ userId: profileImages.userId, fileName: profileImages.fileName })
        .from(profileImages)
        .where(sql`${profileImages.userId} in (${jsonIds(P('ids'))})`)
        .orderBy(asc(profileImages.id)),
    );
    /** The usernames on one side of a person's follows (their followers, or whom they follow), active people only. */
    const followNames = (side: 'followers' | 'following', variant: 'open' | 'filtered') => {
      const [person, other] = side === 'followers' ? [userFollows.followeeId, userFollows.followerId] : [userFollows.followerId, userFollows.followeeId];
      const notHidden = variant === 'filtered' ? sql`${users.id} not in (${jsonIds(P('hidden'))})` : undefined;
      return db.prepared(`user.${side}.${variant}`, (orm) =>
        orm
          .select({ username: users.username })
          .from(userFollows)
          .innerJoin(users, eq(users.id, other))
          .where(and(eq(person, P('userId')), isActiveUser, notHidden))
          .orderBy(asc(users.username)),
      );
    };
    this.followNamesQuery = {
      followers: { open: followNames('followers', 'open'), filtered: followNames('followers', 'filtered') },
      following: { open: followNames('following', 'open'), filtered: followNames('following', 'filtered') },
    };
  }

  /** Active people and all their reviews: what NodeInfo tells of this instance (a rare read, a plain builder). */
  async countActivePeopleAndReviews(): Promise<{ people: number; reviews: number }> {
    const [people] = await this.db.select({ value: count() }).from(users).where(isActiveUser);
    const [reviews] = await this.db.select({ value: count() }).from(posts).innerJoin(users, eq(users.id, posts.userId)).where(isActiveUser);
    return { people: Number(people.value), reviews: Number(reviews.value) };
  }

  async findUserById(id: number): Promise<UserRow | undefined> {
    return this.byIdQuery.get({ id });
  }

  /** Whatever the account's state (deactivated, suspended). */
  async findUserByUsername(username: string): Promise<UserRow | undefined> {
    return this.byUsernameQuery.get({ username });
  }

  async findActiveUserByUsername(username: string): Promise<UserRow | undefined> {
    return this.activeByUsernameQuery.get({ username });
  }

  /** `wanted` is lower case with single spaces: "first last" or a username; the lowest id wins a tie. */
  async findActiveUserByFullNameOrUsername(wanted: string, hidden: readonly number[]): Promise<UserRow | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(
        and(
          isActiveUser,
          notIn(users.id, hidden),
          or(sql`lower(${users.firstName} || ' ' || ${users.lastName}) = ${wanted}`, eq(users.username, wanted)),
        ),
      )
      .orderBy(asc(users.id))
      .limit(1);
    return user;
  }

  /** Active people whose username or full name contains `text` (any case), by username, at most `limit`. */
  async searchActivePeople(text: string, hidden: readonly number[], limit: number): Promise<Array<{ id: number; username: string }>> {
    const pattern = containsPattern(text.toLowerCase());
    return this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        and(
          isActiveUser,
          notIn(users.id, hidden),
          or(
            sql`${users.username} like ${pattern} escape '\\'`,
            sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} escape '\\'`,
          ),
        ),
      )
      .orderBy(asc(users.username))
      .limit(limit);
  }

  async setFavoriteOrder(userId: number, currentFavOrder: string): Promise<void> {
    await this.db.update(users).set({ currentFavOrder }).where(eq(users.id, userId));
  }

  /** `bio` undefined leaves the bio as it is. */
  async setDetails(userId: number, details: { gender: string; bio?: string }): Promise<void> {
    await this.db
      .update(users)
      .set({ gender: details.gender, ...(details.bio === undefined ? {} : { bio: details.bio }) })
      .where(eq(users.id, userId));
  }

  /** 'Approve followers' (issue 30): whether follows from other servers wait for the person's answer. */
  async setApproveFollowers(userId: number, approveFollowers: boolean): Promise<void> {
    await this.db.update(users).set({ approveFollowers }).where(eq(users.id, userId));
  }

  /** One avatar at a time: the new file replaces every earlier one, in one transaction; answers the old file names. */
  replaceProfileImage(userId: number, fileName: string): Promise<string[]> {
    return this.db.transaction(async () => {
      const old = await this.db.select().from(profileImages).where(eq(profileImages.userId, userId));
      await this.db.delete(profileImages).where(eq(profileImages.userId, userId));
      await this.db.insert(profileImages).values({ userId, fileName });
      return old.map((image) => image.fileName);
    });
  }

  /** Answers the removed file names. */
  async deleteProfileImages(userId: number): Promise<string[]> {
    const removed = await this.db.delete(profileImages).where(eq(profileImages.userId, userId)).returning();
    return removed.map((image) => image.fileName);
  }

  /** Each person's profile image file names, oldest first, in one query (people without one are absent). */
  async profileImagesOf(userIds: number[]): Promise<Map<number, string[]>> {
    const byUser = new Map<number, string[]>();
    if (userIds.length === 0) return byUser;
    for (const row of await this.profileImagesQuery.all({ ids: JSON.stringify(userIds) })) {
      const files = byUser.get(row.userId);
      if (files) files.push(row.fileName);
      else byUser.set(row.userId, [row.fileName]);
    }
    return byUser;
  }

  async isFollowingPerson(followerId: number, followeeId: number): Promise<boolean> {
    return (await this.isFollowingQuery.get({ follower: followerId, followee: followeeId })) !== undefined;
  }

  /** Idempotent: the primary key keeps one row per pair; true only when this call added the follow. */
  async followPerson(followerId: number, followeeId: number): Promise<boolean> {
    const added = await this.db
      .insert(userFollows)
      .values({ followerId, followeeId })
      .onConflictDoNothing()
      .returning({ id: userFollows.followerId });
    return added.length > 0;
  }

  async unfollowPerson(followerId: number, followeeId: number): Promise<void> {
    await this.db.delete(userFollows).where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)));
  }

  /** Usernames of the active people following this person, by username, leaving out `hidden`. */
  async followerNames(userId: number, hidden: readonly number[]): Promise<string[]> {
    return this.followNames('followers', userId, hidden);
  }

  /** Usernames of the active people this person follows, by username, leaving out `hidden`. */
  async followingNames(userId: number, hidden: readonly number[]): Promise<string[]> {
    return this.followNames('following', userId, hidden);
  }

  private async followNames(side: 'followers' | 'following', userId: number, hidden: readonly number[]): Promise<string[]> {
    const query = this.followNamesQuery[side];
    const rows = hidden.length === 0 ? await query.open.all({ userId }) : await query.filtered.all({ userId, hidden: hiddenParam(hidden) });
    return rows.map((row) => row.username);
  }

  /** Every review the person wrote, whatever its state. */
  async postCount(userId: number): Promise<number> {
    return (await this.postCountQuery.get({ userId }))?.value ?? 0;
  }

  /** The places this person follows, by name. */
  async followedPlaces(userId: number): Promise<Array<{ id: number; name: string }>> {
    return this.followedPlacesQuery.all({ userId });
  }
}
