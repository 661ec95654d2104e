import { Inject, Injectable } from '@nestjs/common';
import { ACTIVE_USER_SQL, JSON_ARRAY_AGG, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { DrinkColumns } from '../post/post-drink';

/** Rows per page of an export: each page is read whole by one query, so no cursor stays open across an await. */
export const EXPORT_PAGE_SIZE = 200;

export interface AccountRow {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  phone: string;
  zipCode: string;
  address: string;
  yearOfBirth: number | null;
  gender: string;
  bio: string;
  currentFavOrder: string;
  verified: boolean;
  createdAt: number;
  approveFollowers: boolean;
}

export interface ReviewRow extends DrinkColumns {
  id: number;
  createdAt: number;
  placeName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  orderText: string;
  review: string;
  rating: number;
  likes: number;
  comments: number;
  /** JSON array of the review's photo file names, in their order. */
  photos: string;
  /** JSON array of its amenity answers as 'wifi:yes', 'outlets:no' (issue 31). */
  amenities: string;
}

/** A change of a place's opening hours the person made (issue 31). */
export interface HoursChangeRow {
  id: number;
  placeName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  before: string | null;
  after: string | null;
  revertsId: number | null;
  createdAt: number;
}

export interface CommentRow {
  id: number;
  postId: number;
  reviewBy: string | null;
  placeName: string;
  body: string;
  createdAt: number;
}

export interface LikeRow {
  postId: number;
  reviewBy: string | null;
  placeName: string;
  createdAt: number;
}

export interface PersonRow {
  id: number;
  username: string;
  createdAt: number;
}

/** Someone on another server who follows the person, or whom the person follows (issue 30). */
export interface RemotePersonRow {
  id: number;
  handle: string;
  uri: string;
  accepted: boolean;
  createdAt: number;
}

export interface PlaceFollowRow {
  id: number;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  createdAt: number;
}

export interface PhotoRow {
  id: number;
  fileName: string;
}

/** What an erased account leaves to remove from disk once its rows are gone. */
export interface ErasedAccount {
  username: string;
  email: string;
  reviews: number;
  profileImages: string[];
  postImages: string[];
}

/**
 * The person's own data, read page by page (keyset, never offset) for the export, and erased in one transaction.
 * Plain SQL kept in this one file, as the other repositories do.
 */
@Injectable()
export class OwnDataRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    const prepare = <Row = Record<string, unknown>>(text: string) => db.statement<Row>(text);
    // The name of a review's author as the app shows it: nobody's name once they are hidden (deactivated, suspended).
    const authorName = `(select u.username from users u where u.id = p.user_id and ${ACTIVE_USER_SQL('u')})`;
    this.statements = {
      account: db.statement<AccountRow>(
        `select id, email, username, first_name as "firstName", last_name as "lastName", phone, zip_code as "zipCode",
          address, year_of_birth as "yearOfBirth", gender, bio, current_fav_order as "currentFavOrder", verified,
          created_at as "createdAt", approve_followers as "approveFollowers"
        from users where id = :userId`,
        { booleans: ['verified', 'approveFollowers'] },
      ),
      profileImages: prepare<{ fileName: string }>(`select file_name as "fileName" from profile_images where user_id = :userId order by id`),
      emailPreferences: db.statement<{ kind: string; enabled: boolean }>(`select kind, enabled from email_preferences where user_id = :userId order by kind`, {
        booleans: ['enabled'],
      }),
      blocked: prepare<{ username: string }>(`select u.username from user_blocks b join users u on u.id = b.blocked_id
        where b.blocker_id = :userId order by b.created_at, u.username`),
      // posts_user_recent_idx (user_id, created_at) walks them in order; the row value continues after the last page.
      reviews: prepare<ReviewRow>(`select p.id, p.created_at as "createdAt", e.name as "placeName", e.street, e.city, e.state, e.zip, e.country,
          p.order_text as "orderText", p.review, p.rating, p.drink_kind as "drinkKind", p.drink_temperature as "drinkTemperature",
          p.drink_milk as "drinkMilk", p.drink_sweetness as "drinkSweetness", p.drink_toppings as "drinkToppings",
          (select count(*) from post_likes l join users u on u.id = l.user_id where l.post_id = p.id and ${ACTIVE_USER_SQL('u')}) as likes,
          (select count(*) from comments c join users u on u.id = c.user_id where c.post_id = p.id and ${ACTIVE_USER_SQL('u')}) as comments,
          (select ${JSON_ARRAY_AGG('file_name order by position')} from post_images where post_id = p.id) as photos,
          (select ${JSON_ARRAY_AGG(`amenity || ':' || (case when value then 'yes' else 'no' end) order by amenity`)} from post_amenities where post_id = p.id) as amenities
        from posts p join establishments e on e.id = p.establishment_id
        where p.user_id = :userId and (p.created_at, p.id) > (:afterTime, :afterId)
        order by p.created_at, p.id limit :limit`),
      // No index leads with comments.user_id: the keyset on id makes the whole export one pass over the table.
      comments: prepare<CommentRow>(`select c.id, c.post_id as "postId", ${authorName} as "reviewBy", e.name as "placeName", c.body, c.created_at as "createdAt"
        from comments c join posts p on p.id = c.post_id join establishments e on e.id = p.establishment_id
        where c.user_id = :userId and c.id > :afterId order by c.id limit :limit`),
      // In the order they were given; the key (post, person) breaks ties of one millisecond.
      likes: prepare<LikeRow>(`select l.post_id as "postId", ${authorName} as "reviewBy", e.name as "placeName", l.created_at as "createdAt"
        from post_likes l join posts p on p.id = l.post_id join establishments e on e.id = p.establishment_id
        where l.user_id = :userId and (l.created_at, l.post_id) > (:afterTime, :afterId) order by l.created_at, l.post_id limit :limit`),
      followingPeople: prepare<PersonRow>(`select u.id, u.username, f.created_at as "createdAt"
        from user_follows f join users u on u.id = f.followee_id
        where f.follower_id = :userId and f.followee_id > :afterId and ${ACTIVE_USER_SQL('u')} order by f.followee_id limit :limit`),
      followingPlaces: prepare<PlaceFollowRow>(`select e.id, e.name, e.street, e.city, e.state, e.zip, e.country, f.created_at as "createdAt"
        from place_follows f join establishments e on e.id = f.establishment_id
        where f.user_id = :userId and f.establishment_id > :afterId order by f.establishment_id limit :limit`),
      wantToTry: prepare<PlaceFollowRow>(`select e.id, e.name, e.street, e.city, e.state, e.zip, e.country, w.created_at as "createdAt"
        from want_to_try w join establishments e on e.id = w.establishment_id
        where w.user_id = :userId and w.establishment_id > :afterId order by w.establishment_id limit :limit`),
      // Changes of places' opening hours the person made (issue 31), in the order made.
      hoursChanges: prepare<HoursChangeRow>(`select c.id, e.name as "placeName", e.street, e.city, e.state, e.zip, e.country, c.before, c.after,
          c.reverts_id as "revertsId", c.created_at as "createdAt"
        from place_hours_changes c join establishments e on e.id = c.establishment_id
        where c.user_id = :userId and c.id > :afterId order by c.id limit :limit`),
      followers: prepare<PersonRow>(`select u.id, u.username, f.created_at as "createdAt"
        from user_follows f join users u on u.id = f.follower_id
        where f.followee_id = :userId and f.follower_id > :afterId and ${ACTIVE_USER_SQL('u')} order by f.follower_id limit :limit`),
      remoteFollowers: db.statement<RemotePersonRow>(
        `select a.id, a.handle, a.uri, f.accepted, f.created_at as "createdAt" from remote_followers f join remote_actors a on a.id = f.actor_id
        where f.user_id = :userId and a.id > :afterId order by a.id limit :limit`,
        { booleans: ['accepted'] },
      ),
      remoteFollowing: db.statement<RemotePersonRow>(
        `select a.id, a.handle, a.uri, f.accepted, f.created_at as "createdAt" from remote_following f join remote_actors a on a.id = f.actor_id
        where f.user_id = :userId and a.id > :afterId order by a.id limit :limit`,
        { booleans: ['accepted'] },
      ),
      photos: prepare<PhotoRow>(`select i.id, i.file_name as "fileName" from post_images i join posts p on p.id = i.post_id
        where p.user_id = :userId and i.id > :afterId order by i.id limit :limit`),

      allPostImages: prepare<{ fileName: string }>(`select i.file_name as "fileName" from post_images i join posts p on p.id = i.post_id where p.user_id = :userId`),
      allProfileImages: prepare<{ fileName: string }>(`select file_name as "fileName" from profile_images where user_id = :userId`),
      // Unsent mail would go to an address that has no account any more; sent rows are copies of what it was told.
      eraseMail: prepare(`delete from mail_queue where to_address = :email`),
      eraseCodes: prepare(`delete from verification_codes where email = :email`),
      eraseContact: prepare(`delete from contact_messages where client_email = :email`),
      // Rate limits keyed by the address (`{policy}:{email}`, `{policy}:{ip}:{email}`): shared rows on PostgreSQL.
      eraseLimits: prepare(`delete from rate_limits where substr(key, length(key) - :suffixLength + 1) = :suffix`),
      // The cascade from users fires the counter trigger on posts too (checked in own-data.api.spec.ts); deleting the
      // reviews first keeps places' totals from depending on that, and counts them for the log.
      erasePosts: prepare(`delete from posts where user_id = :userId`),
      eraseUser: prepare(`delete from users where id = :userId`),
    };
  }

  async account(userId: number): Promise<AccountRow | undefined> {
    return this.statements.account.get({ userId });
  }

  async profileImages(userId: number): Promise<string[]> {
    return (await this.statements.profileImages.all({ userId })).map((row) => row.fileName);
  }

  async emailPreferences(userId: number): Promise<Array<{ kind: string; enabled: boolean }>> {
    return this.statements.emailPreferences.all({ userId });
  }

  async blocked(userId: number): Promise<string[]> {
    return (await this.statements.blocked.all({ userId })).map((row) => row.username);
  }

  async reviews(userId: number, after: { createdAt: number; id: number } | null): Promise<ReviewRow[]> {
    return this.statements.reviews.all({ userId, afterTime: after?.createdAt ?? -1, afterId: after?.id ?? 0, limit: EXPORT_PAGE_SIZE });
  }

  async comments(userId: number, afterId: number): Promise<CommentRow[]> {
    return this.statements.comments.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  async likes(userId: number, after: { createdAt: number; postId: number } | null): Promise<LikeRow[]> {
    return this.statements.likes.all({ userId, afterTime: after?.createdAt ?? -1, afterId: after?.postId ?? 0, limit: EXPORT_PAGE_SIZE });
  }

  async followingPeople(userId: number, afterId: number): Promise<PersonRow[]> {
    return this.statements.followingPeople.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  async followingPlaces(userId: number, afterId: number): Promise<PlaceFollowRow[]> {
    return this.statements.followingPlaces.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  async wantToTry(userId: number, afterId: number): Promise<PlaceFollowRow[]> {
    return this.statements.wantToTry.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  async hoursChanges(userId: number, afterId: number): Promise<HoursChangeRow[]> {
    return this.statements.hoursChanges.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  async followers(userId: number, afterId: number): Promise<PersonRow[]> {
    return this.statements.followers.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  /** People on other servers following the person (issue 30), by their row id after `afterId`. */
  async remoteFollowers(userId: number, afterId: number): Promise<RemotePersonRow[]> {
    return this.statements.remoteFollowers.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  /** People on other servers the person follows. */
  async remoteFollowing(userId: number, afterId: number): Promise<RemotePersonRow[]> {
    return this.statements.remoteFollowing.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  async photos(userId: number, afterId: number): Promise<PhotoRow[]> {
    return this.statements.photos.all({ userId, afterId, limit: EXPORT_PAGE_SIZE });
  }

  /** Deletes every row of the person in one transaction and answers the file names to remove; null when there was no such account. */
  async erase(userId: number): Promise<ErasedAccount | null> {
    // Sessions, profile images, comments, likes, follows both ways, place follows, notifications (as recipient and
    // as actor), mentions, e-mail choices, digests, blocks both ways and reports (as reporter and as owner) cascade.
    return this.db.transaction(async () => {
      const account = await this.statements.account.get({ userId });
      if (!account) return null;
      const profileImages = (await this.statements.allProfileImages.all({ userId })).map((row) => row.fileName);
      const postImages = (await this.statements.allPostImages.all({ userId })).map((row) => row.fileName);
      await this.statements.eraseMail.run({ email: account.email });
      await this.statements.eraseCodes.run({ email: account.email });
      await this.statements.eraseContact.run({ email: account.email });
      await this.statements.eraseLimits.run({ suffix: `:${account.email}`, suffixLength: [...account.email].length + 1 });
      const reviews = await this.statements.erasePosts.run({ userId });
      await this.statements.eraseUser.run({ userId });
      return { username: account.username, email: account.email, reviews, profileImages, postImages };
    });
  }
}
