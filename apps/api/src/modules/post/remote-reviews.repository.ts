import { Inject, Injectable } from '@nestjs/common';
import { TRUE_SQL, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { FeedPosition } from './post.repository';

/** A review from elsewhere as it is kept (issue 30): `uri` is its Note's id, `actorId` its author's remote_actors row. */
export interface RemoteReviewInput {
  actorId: number;
  uri: string;
  url: string | null;
  rating: number;
  orderText: string;
  body: string;
  /** The place here it was matched to (same name within 50 m), or null: then the place is kept as it came. */
  establishmentId: number | null;
  placeName: string;
  placeAddress: string;
  placeUrl: string | null;
  lat: number | null;
  lng: number | null;
  createdAt: number;
}

/** A review from elsewhere as the Following feed reads it, with who wrote it and the place here if matched. */
export interface RemoteReviewRow {
  id: number;
  handle: string;
  host: string;
  profileUrl: string | null;
  avatarFile: string | null;
  url: string | null;
  rating: number;
  orderText: string;
  body: string;
  establishmentId: number | null;
  /** The matched place's name here, else the name it came with. */
  placeName: string;
  placeAddress: string;
  placeUrl: string | null;
  createdAt: number;
}

/**
 * Reviews from people on other servers whom someone here follows (`remote_reviews`): rows of their own, read into the
 * Following feed of the people who follow their author. Only their own author (the remote_actors row that sent
 * them) may change or take them back.
 */
@Injectable()
export class RemoteReviewsRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) db: Database) {
    this.statements = {
      // An Update of a Note we have is the same row with its new text and place.
      keep: db.statement(`insert into remote_reviews (actor_id, uri, url, rating, order_text, body, establishment_id, place_name, place_address,
          place_url, lat, lng, created_at)
        values (:actorId, :uri, :url, :rating, :orderText, :body, :establishmentId, :placeName, :placeAddress, :placeUrl, :lat, :lng, :createdAt)
        on conflict (uri) do update set url = excluded.url, rating = excluded.rating, order_text = excluded.order_text, body = excluded.body,
          establishment_id = excluded.establishment_id, place_name = excluded.place_name, place_address = excluded.place_address,
          place_url = excluded.place_url, lat = excluded.lat, lng = excluded.lng, updated_at = :now
        where remote_reviews.actor_id = excluded.actor_id`),
      remove: db.statement(`delete from remote_reviews where uri = :uri and actor_id = :actorId`),
      // Each followed person's newest before the cursor (remote_reviews_actor_recent_idx), blocked or silenced servers left out.
      followingPage: db.statement<RemoteReviewRow>(`select r.id, a.handle, a.host, a.profile_url as "profileUrl", a.avatar_file as "avatarFile",
          r.url, r.rating, r.order_text as "orderText", r.body, r.establishment_id as "establishmentId",
          coalesce(e.name, r.place_name) as "placeName", r.place_address as "placeAddress", r.place_url as "placeUrl", r.created_at as "createdAt"
        from remote_following f
        join remote_actors a on a.id = f.actor_id
        join remote_reviews r on r.actor_id = f.actor_id
        left join establishments e on e.id = r.establishment_id
        where f.user_id = :me and f.accepted = ${TRUE_SQL} and (r.created_at, r.id) < (:createdAt, :id)
          and not exists (select 1 from federation_domains d where d.host = a.host)
        order by r.created_at desc, r.id desc limit :limit`),
    } satisfies Record<string, Statement<unknown>>;
  }

  /** Kept, or changed when its author sends it again; answers whether anything was written. */
  async keep(review: RemoteReviewInput, now: number): Promise<boolean> {
    return (await this.statements.keep.run({ ...review, now })) > 0;
  }

  /** Taken back by its author; answers whether there was one. */
  async remove(uri: string, actorId: number): Promise<boolean> {
    return (await this.statements.remove.run({ uri, actorId })) > 0;
  }

  /** The newest `limit` reviews before `position` by the people elsewhere `me` follows (accepted follows only). */
  async followingPage(me: number, position: FeedPosition, limit: number): Promise<RemoteReviewRow[]> {
    return this.statements.followingPage.all({ me, ...position, limit });
  }
}
