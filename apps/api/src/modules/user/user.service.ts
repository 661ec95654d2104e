import { Inject, Injectable, Logger } from '@nestjs/common';
import { and, asc, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import {
  PROFILE_MESSAGES,
  USER_MESSAGES,
  placeEntry,
  type followUserSchema,
  type imageUploadDataSchema,
  type updateFavoriteOrderSchema,
  type updateProfileDetailsSchema,
} from '@siplog/contracts';
import { establishments, isActiveUser, placeFollows, posts, profileImages, userFollows, users, type Database } from '@siplog/db';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { assertActingUser, type AuthUser } from '../auth/auth-user';
import { recoveryPasswordHash } from '../auth/recovery';
import { DATABASE } from '../database/database.module';
import { ImageStore } from '../media/image-store';
import { PlaceRepository } from '../place/place.repository';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { BlockService } from '../block/block.service';
import { EVERYTHING, personTag } from '../public-cache/public-cache.tags';

const SEARCH_LIMIT = 20;

/** What anyone may see of a person: never an e-mail, phone, zip, year of birth or hash. */
export interface PublicProfile {
  username: string;
  first_name: string;
  last_name: string;
  bio: string;
  current_fav_order: string;
  profile_images: string[];
  followers: string[];
  following: string[];
  number_of_posts: number;
}

/** The owner's own view (spec §3 User profile). */
export interface OwnProfile extends PublicProfile {
  email: string;
  gender: string;
  following_places: number[];
  /** A recovery is open (signed in with a temporary password): My Log asks for a new password. */
  must_change_password: boolean;
}

export interface SearchEntry {
  username: string;
  profile_images: string[];
}

type FollowInput = z.output<typeof followUserSchema>;

/** No condition when nobody is hidden, so the usual queries stay as they were. */
function notIn(column: typeof users.id, ids: readonly number[]) {
  return ids.length === 0 ? undefined : notInArray(column, [...ids]);
}

/** LIKE pattern for text typed by a person: % and _ are matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class UserService {
  private readonly logger = new Logger(UserService.name);

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly images: ImageStore,
    private readonly rateLimit: RateLimitService,
    private readonly places: PlaceRepository,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly blocks: BlockService,
  ) {}

  async loadOwnProfile(actor: AuthUser, claimedEmail?: string): Promise<{ status: 200; user: OwnProfile }> {
    assertActingUser(actor, { email: claimedEmail });
    const [user] = await this.db.select().from(users).where(eq(users.id, actor.id));
    if (!user) throw new AppError('UNAUTHORIZED');
    const followedPlaces = await this.followedPlaces(user.id);
    return {
      status: 200,
      user: {
        ...(await this.publicProfileOf(user)),
        email: user.email,
        gender: user.gender,
        following_places: followedPlaces.map((place) => place.id),
        must_change_password: recoveryPasswordHash(user) !== null,
      },
    };
  }

  /** A person hidden from the viewer by a block (either way) is not found, as a deactivated one. */
  async loadPublicProfile(username: string, viewer: AuthUser | null = null): Promise<{ status: 200; user: PublicProfile }> {
    const hidden = await this.blocks.hiddenFor(viewer);
    const [user] = await this.db.select().from(users).where(and(eq(users.username, username), isActiveUser));
    if (!user || hidden.includes(user.id)) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return { status: 200, user: await this.publicProfileOf(user, hidden) };
  }

  /** By full name ("Ann Lee", any case) or by username; only for signed-in people (spec §6), as it looks people up by their real name. */
  async loadUserByName(actor: AuthUser, name: string): Promise<{ status: 200; user: PublicProfile }> {
    const hidden = await this.blocks.hiddenFor(actor);
    const wanted = name.trim().toLowerCase().replace(/\s+/g, ' ');
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
    if (!user) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return { status: 200, user: await this.publicProfileOf(user, hidden) };
  }

  async updateFavoriteOrder(actor: AuthUser, input: z.output<typeof updateFavoriteOrderSchema>): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: input.email });
    await this.db.update(users).set({ currentFavOrder: input.current_fav_order }).where(eq(users.id, actor.id));
    await this.cache.changed(personTag(actor.username));
    return { status: 200, msg: PROFILE_MESSAGES.favoriteOrderUpdated.body };
  }

  async updateDetails(actor: AuthUser, input: z.output<typeof updateProfileDetailsSchema>): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: input.email });
    await this.db
      .update(users)
      .set({ gender: input.gender, ...(input.bio === undefined ? {} : { bio: input.bio }) })
      .where(eq(users.id, actor.id));
    await this.cache.changed(EVERYTHING);
    return { status: 200, msg: USER_MESSAGES.detailsUpdated };
  }

  /** Replaces the profile image: one avatar at a time, the old files removed once the new one is stored. */
  async uploadProfileImage(
    actor: AuthUser,
    file: Buffer | undefined,
    data: z.output<typeof imageUploadDataSchema>,
  ): Promise<{ status: 200; msg: string; profile_images: string[] }> {
    assertActingUser(actor, { email: data.email });
    await this.rateLimit.consume('imageUpload', String(actor.id));
    if (!file || file.length === 0) throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.noFile.body);
    const fileName = await this.images.save('profileimages', file, PROFILE_MESSAGES.invalidFileType.body);
    const previous = await this.db.transaction(async () => {
      const old = await this.db.select().from(profileImages).where(eq(profileImages.userId, actor.id));
      await this.db.delete(profileImages).where(eq(profileImages.userId, actor.id));
      await this.db.insert(profileImages).values({ userId: actor.id, fileName });
      return old;
    });
    await this.cache.changed(personTag(actor.username));
    for (const image of previous) await this.images.remove('profileimages', image.fileName);
    this.logger.log(`Profile image uploaded: ${actor.username}`);
    return { status: 200, msg: PROFILE_MESSAGES.imageUploaded.body, profile_images: [fileName] };
  }

  async deleteProfileImage(actor: AuthUser, claimedEmail?: string): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: claimedEmail });
    const removed = await this.db.delete(profileImages).where(eq(profileImages.userId, actor.id)).returning();
    await this.cache.changed(personTag(actor.username));
    for (const image of removed) await this.images.remove('profileimages', image.fileName);
    return { status: 200, msg: USER_MESSAGES.imageRemoved };
  }

  async isFollowing(actor: AuthUser, input: FollowInput): Promise<{ followed: boolean }> {
    assertActingUser(actor, { username: input.currentusername });
    const target = await this.findByUsername(input.targetusername);
    if (!target) return { followed: false };
    const [row] = await this.db
      .select({ id: userFollows.followerId })
      .from(userFollows)
      .where(and(eq(userFollows.followerId, actor.id), eq(userFollows.followeeId, target.id)));
    return { followed: !!row };
  }

  /** Idempotent: the primary key keeps one row per pair, so repeated or concurrent clicks count once. */
  async follow(actor: AuthUser, input: FollowInput): Promise<{ status: 200; followed: true }> {
    assertActingUser(actor, { username: input.currentusername });
    const target = await this.findByUsername(input.targetusername);
    if (!target) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    if (target.id === actor.id) throw new AppError('BAD_REQUEST', USER_MESSAGES.cannotFollowSelf);
    await this.db.transaction(async () => {
      // Inside the transaction, so a block landing meanwhile cannot leave a follow behind it.
      await this.blocks.assertCanInteract(actor, target.id);
      const added = await this.db
        .insert(userFollows)
        .values({ followerId: actor.id, followeeId: target.id })
        .onConflictDoNothing()
        .returning({ id: userFollows.followerId });
      if (added.length > 0) await this.notifications.followed(actor, target.id);
    });
    await this.cache.changed(personTag(actor.username), personTag(target.username));
    return { status: 200, followed: true };
  }

  /** Also for a deactivated person, so a follow does not quietly come back when they return. */
  async unfollow(actor: AuthUser, input: FollowInput): Promise<{ status: 200; followed: false }> {
    assertActingUser(actor, { username: input.currentusername });
    const target = await this.findByUsername(input.targetusername, { includeDeactivated: true });
    if (!target) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    await this.db.transaction(async () => {
      await this.db.delete(userFollows).where(and(eq(userFollows.followerId, actor.id), eq(userFollows.followeeId, target.id)));
      await this.notifications.unfollowed(actor, target.id);
    });
    await this.cache.changed(personTag(actor.username), personTag(target.username));
    return { status: 200, followed: false };
  }

  /** People by username or name, then places by name (as `place:{id};{name}`), at most 20 in all. */
  async search(client: ClientInfo, searchString: string, viewer: AuthUser | null = null): Promise<{ searchresult: SearchEntry[] }> {
    await this.rateLimit.consume('search', client.ip);
    const hidden = await this.blocks.hiddenFor(viewer);
    const pattern = containsPattern(searchString.toLowerCase());
    const people = await this.db
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
      .limit(SEARCH_LIMIT);
    const imagesByUser = await this.profileImagesOf(people.map((person) => person.id));
    // Places by name through the place search's index: words typed are name-word prefixes, best match first.
    const names = this.places.searchQuery(searchString, { nameOnly: true });
    const places = names && people.length < SEARCH_LIMIT ? await this.places.searchText(names, SEARCH_LIMIT - people.length) : [];
    return {
      searchresult: [
        ...people.map((person) => ({ username: person.username, profile_images: imagesByUser.get(person.id) ?? [] })),
        ...places.map((place) => ({ username: placeEntry(place.id, place.name), profile_images: [] })),
      ],
    };
  }

  private async findByUsername(username: string, { includeDeactivated = false } = {}) {
    const byName = eq(users.username, username.toLowerCase());
    const [user] = await this.db
      .select()
      .from(users)
      .where(includeDeactivated ? byName : and(byName, isActiveUser));
    return user;
  }

  private async publicProfileOf(user: typeof users.$inferSelect, hidden: readonly number[] = []): Promise<PublicProfile> {
    const followers = await this.db
      .select({ username: users.username })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followerId))
      .where(and(eq(userFollows.followeeId, user.id), isActiveUser, notIn(users.id, hidden)))
      .orderBy(asc(users.username));
    const following = await this.db
      .select({ username: users.username })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followeeId))
      .where(and(eq(userFollows.followerId, user.id), isActiveUser, notIn(users.id, hidden)))
      .orderBy(asc(users.username));
    const [{ value: numberOfPosts }] = await this.db.select({ value: count() }).from(posts).where(eq(posts.userId, user.id));
    const images = await this.profileImagesOf([user.id]);
    const followedPlaces = await this.followedPlaces(user.id);
    return {
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      bio: user.bio,
      current_fav_order: user.currentFavOrder,
      profile_images: images.get(user.id) ?? [],
      followers: followers.map((row) => row.username),
      following: [
        ...following.map((row) => row.username),
        ...followedPlaces.map((place) => placeEntry(place.id, place.name)),
      ],
      number_of_posts: numberOfPosts,
    };
  }

  private async followedPlaces(userId: number) {
    return this.db
      .select({ id: establishments.id, name: establishments.name })
      .from(placeFollows)
      .innerJoin(establishments, eq(establishments.id, placeFollows.establishmentId))
      .where(eq(placeFollows.userId, userId))
      .orderBy(asc(establishments.name));
  }

  private async profileImagesOf(userIds: number[]): Promise<Map<number, string[]>> {
    const byUser = new Map<number, string[]>();
    if (userIds.length === 0) return byUser;
    const rows = await this.db
      .select({ userId: profileImages.userId, fileName: profileImages.fileName })
      .from(profileImages)
      .where(inArray(profileImages.userId, userIds))
      .orderBy(asc(profileImages.id));
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.fileName]);
    return byUser;
  }
}
