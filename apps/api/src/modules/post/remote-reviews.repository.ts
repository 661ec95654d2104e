import { Inject, Injectable } from '@nestjs/common';
import { TRUE_SQL, type Database, type Statement } from '@siplog/db';
import { isStoredImageName } from '../media/image-store';
import { DATABASE } from '../database/database.module';
import type { FeedPosition } from './post.repository';

/** A photo of a review from elsewhere as it came: an http(s) URL on its server and its alt text. */
export interface RemoteReviewPhoto {
  url: string;
  alt: string;
}

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
  /** Up to three photos as they came, in order; fetched into our store after it is kept (RemoteReviewPhotos). */
  imageSources: RemoteReviewPhoto[];
}

/**
 * What keep did: the row, and the stored copies its previous photos had when the photos changed (no longer referenced
 * once written: the caller removes them). Null when nothing was written (another person's Note of that id).
 */
export type KeptRemoteReview = { id: number; staleFiles: string[] } | null;

/**
 * A review's photos and their stored copies: `files[i]` is the copy of `sources[i]`, null when that photo was refused
 * (never fetched again); `files` is shorter while the photos are being fetched.
 */
export interface RemoteReviewPhotoState {
  sources: RemoteReviewPhoto[];
  files: Array<string | null>;
  /** The JSON texts as stored, to write only over what was read. */
  sourcesJson: string;
  filesJson: string;
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
  /** Our stored copies of its photos, in order (those refused or not fetched yet left out). */
  images: string[];
  /** The alt text of each of `images`. */
  imageAlts: string[];
  /** Whether the reader liked it (the Like went to its author's server). */
  liked: boolean;
}

/**
 * Reviews from people on other servers whom someone here follows (`remote_reviews`): rows of their own, read into the
 * Following feed of the people who follow their author. Only their own author (the remote_actors row that sent
 * them) may change or take them back.
 */
@Injectable()
export class RemoteReviewsRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.statements = {
      // An Update of a Note we have is the same row with its new text and place.
      // An Update with the same photos keeps their stored copies; with others, the copies start again.
      keep: db.statement<{ id: number }>(`insert into remote_reviews (actor_id, uri, url, rating, order_text, body, establishment_id, place_name, place_address,
          place_url, lat, lng, created_at, image_sources)
        values (:actorId, :uri, :url, :rating, :orderText, :body, :establishmentId, :placeName, :placeAddress, :placeUrl, :lat, :lng, :createdAt, :imageSources)
        on conflict (uri) do update set url = excluded.url, rating = excluded.rating, order_text = excluded.order_text, body = excluded.body,
          establishment_id = excluded.establishment_id, place_name = excluded.place_name, place_address = excluded.place_address,
          place_url = excluded.place_url, lat = excluded.lat, lng = excluded.lng, updated_at = :now, image_sources = excluded.image_sources,
          image_files = case when remote_reviews.image_sources = excluded.image_sources then remote_reviews.image_files else '[]' end
        where remote_reviews.actor_id = excluded.actor_id
        returning id`),
      photosByUri: db.statement<{ sourcesJson: string; filesJson: string }>(
        `select image_sources as "sourcesJson", image_files as "filesJson" from remote_reviews where uri = :uri and actor_id = :actorId`,
      ),
      photosById: db.statement<{ sourcesJson: string; filesJson: string }>(
        `select image_sources as "sourcesJson", image_files as "filesJson" from remote_reviews where id = :id`,
      ),
      // Only over what was read: a fetch that took a while must not overwrite newer photos nor resurrect a deleted row.
      recordFiles: db.statement(`update remote_reviews set image_files = :filesJson
        where id = :id and image_sources = :seenSourcesJson and image_files = :seenFilesJson`),
      remove: db.statement(`delete from remote_reviews where uri = :uri and actor_id = :actorId`),
      // Each followed person's newest before the cursor (remote_reviews_actor_recent_idx), blocked or silenced servers left out.
      followingPage: db.statement<Omit<RemoteReviewRow, 'images' | 'imageAlts'> & { sourcesJson: string; filesJson: string }>(`select r.id, a.handle, a.host, a.profile_url as "profileUrl", a.avatar_file as "avatarFile",
          r.url, r.rating, r.order_text as "orderText", r.body, r.establishment_id as "establishmentId",
          coalesce(e.name, r.place_name) as "placeName", r.place_address as "placeAddress", r.place_url as "placeUrl", r.created_at as "createdAt",
          r.image_sources as "sourcesJson", r.image_files as "filesJson",
          exists (select 1 from remote_review_likes l where l.user_id = :me and l.remote_review_id = r.id) as liked
        from remote_following f
        join remote_actors a on a.id = f.actor_id
        join remote_reviews r on r.actor_id = f.actor_id
        left join establishments e on e.id = r.establishment_id
        where f.user_id = :me and f.accepted = ${TRUE_SQL} and (r.created_at, r.id) < (:createdAt, :id)
          and not exists (select 1 from federation_domains d where d.host = a.host)
        order by r.created_at desc, r.id desc limit :limit`,
        { booleans: ['liked'] },
      ),
    } satisfies Record<string, Statement<unknown>>;
  }

  /** Kept, or changed when its author sends it again. */
  async keep(review: RemoteReviewInput, now: number): Promise<KeptRemoteReview> {
    const imageSources = JSON.stringify(review.imageSources);
    return this.db.transaction(async () => {
      const before = await this.statements.photosByUri.get({ uri: review.uri, actorId: review.actorId });
      const kept = await this.statements.keep.get({ ...review, imageSources, now });
      if (!kept) return null;
      const staleFiles = before && before.sourcesJson !== imageSources ? storedNames(parseFiles(before.filesJson)) : [];
      return { id: kept.id, staleFiles };
    });
  }

  /** Runs `effect` once what was just written is committed (at once outside a transaction). */
  afterCommit(effect: () => void): void {
    this.db.afterCommit(effect);
  }

  /** A review's photos and their stored copies, or undefined when it is gone. */
  async photosOf(id: number): Promise<RemoteReviewPhotoState | undefined> {
    const row = await this.statements.photosById.get({ id });
    return row && { sources: parseSources(row.sourcesJson), files: parseFiles(row.filesJson), ...row };
  }

  /** Records the stored copies, only if the row is still as `seen`; answers whether it was recorded. */
  async recordFiles(id: number, seen: RemoteReviewPhotoState, files: Array<string | null>): Promise<boolean> {
    const written = await this.statements.recordFiles.run({ id, filesJson: JSON.stringify(files), seenSourcesJson: seen.sourcesJson, seenFilesJson: seen.filesJson });
    return written > 0;
  }

  /** Taken back by its author; answers whether there was one. */
  async remove(uri: string, actorId: number): Promise<boolean> {
    return (await this.statements.remove.run({ uri, actorId })) > 0;
  }

  /** The newest `limit` reviews before `position` by the people elsewhere `me` follows (accepted follows only). */
  async followingPage(me: number, position: FeedPosition, limit: number): Promise<RemoteReviewRow[]> {
    const rows = await this.statements.followingPage.all({ me, ...position, limit });
    return rows.map(({ sourcesJson, filesJson, ...row }) => {
      const sources = parseSources(sourcesJson);
      const stored = parseFiles(filesJson).flatMap((file, index) => (file !== null && isStoredImageName(file) ? [{ file, alt: sources[index]?.alt ?? '' }] : []));
      return { ...row, images: stored.map(({ file }) => file), imageAlts: stored.map(({ alt }) => alt) };
    });
  }
}

/** The names in a stored image_files list that are stored copies (refused photos' nulls left out). */
export function storedNames(files: ReadonlyArray<string | null>): string[] {
  return files.filter((file): file is string => file !== null && isStoredImageName(file));
}

/** image_sources as written by keep; anything else (never written here) reads as no photos. */
function parseSources(json: string): RemoteReviewPhoto[] {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((item): item is RemoteReviewPhoto => typeof item?.url === 'string' && typeof item?.alt === 'string');
}

function parseFiles(json: string): Array<string | null> {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.map((item) => (typeof item === 'string' ? item : null)) : [];
}
