import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  PROFILE_MESSAGES,
  USER_MESSAGES,
  placeEntry,
  type approveFollowersSchema,
  type followUserSchema,
  type imageUploadDataSchema,
  type updateFavoriteOrderSchema,
  type updateProfileDetailsSchema,
} from '@siplog/contracts';
import type { Database } from '@siplog/db';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { assertActingUser, type AuthUser } from '../../common/auth-user';
import { recoveryPasswordHash } from '../auth/recovery';
import { DATABASE } from '../database/database.module';
import { ImageStore } from '../media/image-store';
import { PlaceService } from '../place/place.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { BlockService } from '../block/block.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { UserRepository, type UserRow } from './user.repository';

const SEARCH_LIMIT = 20;

/** What anyone may see of a person: never an e-mail, phone, zip, year of birth or hash. */

/** What an actor document shows of a person (issue 30). */
export interface FederatedPerson {
  id: number;
  username: string;
  name: string;
  bio: string;
  hasAvatar: boolean;
  joinedAt: Date;
  /** 'Approve followers': a Follow from elsewhere waits for their answer (the actor says manuallyApprovesFollowers). */
  approvesFollowers: boolean;
}

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
  /** Follows from other servers wait for the person's Accept or Reject (issue 30). */
  approve_followers: boolean;
}

export interface SearchEntry {
  username: string;
  profile_images: string[];
}

type FollowInput = z.output<typeof followUserSchema>;

@Injectable()
export class UserService {
  private readonly logger = new Logger(UserService.name);

  constructor(
    /** Only for the follow transactions, which take in the block check and the notification. */
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UserRepository,
    private readonly images: ImageStore,
    private readonly rateLimit: RateLimitService,
    private readonly places: PlaceService,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly blocks: BlockService,
  ) {}

  async loadOwnProfile(actor: AuthUser, claimedEmail?: string): Promise<{ status: 200; user: OwnProfile }> {
    assertActingUser(actor, { email: claimedEmail });
    const user = await this.users.findUserById(actor.id);
    if (!user) throw new AppError('UNAUTHORIZED');
    const followedPlaces = await this.users.followedPlaces(user.id);
    return {
      status: 200,
      user: {
        ...(await this.publicProfileOf(user)),
        email: user.email,
        gender: user.gender,
        following_places: followedPlaces.map((place) => place.id),
        must_change_password: recoveryPasswordHash(user) !== null,
        approve_followers: user.approveFollowers,
      },
    };
  }

  /** A person hidden from the viewer by a block (either way) is not found, as a deactivated one. */
  async loadPublicProfile(username: string, viewer: AuthUser | null = null): Promise<{ status: 200; user: PublicProfile }> {
    const hidden = await this.blocks.hiddenFor(viewer);
    const user = await this.users.findActiveUserByUsername(username);
    if (!user || hidden.includes(user.id)) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return { status: 200, user: await this.publicProfileOf(user, hidden) };
  }

  /** By full name ("Ann Lee", any case) or by username; only for signed-in people (spec §6), as it looks people up by their real name. */
  async loadUserByName(actor: AuthUser, name: string): Promise<{ status: 200; user: PublicProfile }> {
    const hidden = await this.blocks.hiddenFor(actor);
    const wanted = name.trim().toLowerCase().replace(/\s+/g, ' ');
    const user = await this.users.findActiveUserByFullNameOrUsername(wanted, hidden);
    if (!user) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return { status: 200, user: await this.publicProfileOf(user, hidden) };
  }

  async updateFavoriteOrder(actor: AuthUser, input: z.output<typeof updateFavoriteOrderSchema>): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: input.email });
    await this.users.setFavoriteOrder(actor.id, input.current_fav_order);
    await this.cache.changed(STALE_AFTER.profile(actor.username));
    return { status: 200, msg: PROFILE_MESSAGES.favoriteOrderUpdated.body };
  }

  async updateDetails(actor: AuthUser, input: z.output<typeof updateProfileDetailsSchema>): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: input.email });
    await this.users.setDetails(actor.id, { gender: input.gender, bio: input.bio });
    await this.cache.changed(STALE_AFTER.person());
    return { status: 200, msg: USER_MESSAGES.detailsUpdated };
  }

  /**
   * 'Approve followers' on or off (issue 30). Off again, requests already waiting stay waiting for an answer, as on
   * Mastodon; the actor document says the new choice at once (it is read per request).
   */
  async setApproveFollowers(actor: AuthUser, input: z.output<typeof approveFollowersSchema>): Promise<{ status: 200; approve_followers: boolean; msg: string }> {
    assertActingUser(actor, { email: input.email });
    await this.users.setApproveFollowers(actor.id, input.approve_followers);
    return {
      status: 200,
      approve_followers: input.approve_followers,
      msg: input.approve_followers ? USER_MESSAGES.approveFollowersOn : USER_MESSAGES.approveFollowersOff,
    };
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
    const previous = await this.users.replaceProfileImage(actor.id, fileName);
    await this.cache.changed(STALE_AFTER.profile(actor.username));
    for (const oldFileName of previous) await this.images.remove('profileimages', oldFileName);
    this.logger.log(`Profile image uploaded: ${actor.username}`);
    return { status: 200, msg: PROFILE_MESSAGES.imageUploaded.body, profile_images: [fileName] };
  }

  async deleteProfileImage(actor: AuthUser, claimedEmail?: string): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: claimedEmail });
    const removed = await this.users.deleteProfileImages(actor.id);
    await this.cache.changed(STALE_AFTER.profile(actor.username));
    for (const fileName of removed) await this.images.remove('profileimages', fileName);
    return { status: 200, msg: USER_MESSAGES.imageRemoved };
  }

  async isFollowing(actor: AuthUser, input: FollowInput): Promise<{ followed: boolean }> {
    assertActingUser(actor, { username: input.currentusername });
    const target = await this.findByUsername(input.targetusername);
    if (!target) return { followed: false };
    return { followed: await this.users.isFollowingPerson(actor.id, target.id) };
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
      if (await this.users.followPerson(actor.id, target.id)) await this.notifications.followed(actor, target.id);
    });
    await this.cache.changed(STALE_AFTER.peopleFollow(actor.username, target.username));
    return { status: 200, followed: true };
  }

  /** Also for a deactivated person, so a follow does not quietly come back when they return. */
  async unfollow(actor: AuthUser, input: FollowInput): Promise<{ status: 200; followed: false }> {
    assertActingUser(actor, { username: input.currentusername });
    const target = await this.findByUsername(input.targetusername, { includeDeactivated: true });
    if (!target) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    await this.db.transaction(async () => {
      await this.users.unfollowPerson(actor.id, target.id);
      await this.notifications.unfollowed(actor, target.id);
    });
    await this.cache.changed(STALE_AFTER.peopleFollow(actor.username, target.username));
    return { status: 200, followed: false };
  }

  /** People by username or name, then places by name (as `place:{id};{name}`), at most 20 in all. */
  async search(client: ClientInfo, searchString: string, viewer: AuthUser | null = null): Promise<{ searchresult: SearchEntry[] }> {
    await this.rateLimit.consume('search', client.ip);
    const hidden = await this.blocks.hiddenFor(viewer);
    const people = await this.users.searchActivePeople(searchString, hidden, SEARCH_LIMIT);
    const imagesByUser = await this.users.profileImagesOf(people.map((person) => person.id));
    // Places by name through the place search's index: words typed are name-word prefixes, best match first.
    const places = people.length < SEARCH_LIMIT ? await this.places.searchByName(searchString, SEARCH_LIMIT - people.length) : [];
    return {
      searchresult: [
        ...people.map((person) => ({ username: person.username, profile_images: imagesByUser.get(person.id) ?? [] })),
        ...places.map((place) => ({ username: placeEntry(place.id, place.name), profile_images: [] })),
      ],
    };
  }

  /**
   * A person as the fediverse sees them (issue 30): active people only, by the id their actor is named after or the
   * username of their handle; null for anyone else (deactivated, suspended, never there).
   */
  async federatedPerson(by: { id: number } | { username: string }): Promise<FederatedPerson | null> {
    const user = 'id' in by ? await this.users.findUserById(by.id) : await this.findByUsername(by.username);
    if (!user || user.deactivatedAt || user.suspendedAt) return null;
    const images = await this.users.profileImagesOf([user.id]);
    return {
      id: user.id,
      username: user.username,
      name: `${user.firstName} ${user.lastName}`.trim() || user.username,
      bio: user.bio,
      hasAvatar: (images.get(user.id) ?? []).length > 0,
      joinedAt: user.createdAt,
      approvesFollowers: user.approveFollowers,
    };
  }

  /** How many reviews a person has written (their ActivityPub outbox's size). */
  reviewCount(userId: number): Promise<number> {
    return this.users.postCount(userId);
  }

  /** How many people and reviews this instance has, for NodeInfo. */
  async federationUsage(): Promise<{ people: number; reviews: number }> {
    return this.users.countActivePeopleAndReviews();
  }

  private async findByUsername(username: string, { includeDeactivated = false } = {}): Promise<UserRow | undefined> {
    const lowered = username.toLowerCase();
    return includeDeactivated ? this.users.findUserByUsername(lowered) : this.users.findActiveUserByUsername(lowered);
  }

  private async publicProfileOf(user: UserRow, hidden: readonly number[] = []): Promise<PublicProfile> {
    // Five prepared reads, sent together (on PostgreSQL they run side by side).
    const [followers, following, numberOfPosts, images, followedPlaces] = await Promise.all([
      this.users.followerNames(user.id, hidden),
      this.users.followingNames(user.id, hidden),
      this.users.postCount(user.id),
      this.users.profileImagesOf([user.id]),
      this.users.followedPlaces(user.id),
    ]);
    return {
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      bio: user.bio,
      current_fav_order: user.currentFavOrder,
      profile_images: images.get(user.id) ?? [],
      followers,
      following: [
        ...following,
        ...followedPlaces.map((place) => placeEntry(place.id, place.name)),
      ],
      number_of_posts: numberOfPosts,
    };
  }
}
