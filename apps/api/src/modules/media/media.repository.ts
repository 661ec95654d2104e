import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isActiveUser, JSON_TEXTS, postImages, profileImages, remoteActors, users, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { ImageFolder } from './image-store';

const P = sql.placeholder;

/** Names asked about at once: well under SQLite's and PostgreSQL's limits on bound parameters. */
const NAMES_PER_QUERY = 500;

/**
 * The media module's reads of the rows that name stored photos: post_images and profile_images (file_name),
 * remote_actors (avatar_file: remote people's avatars, kept in profileimages too) and remote_reviews (image_files:
 * the photos of reviews from elsewhere, a JSON list kept in postimages).
 */
@Injectable()
export class MediaRepository {
  private readonly avatarFileNameQuery;
  /** The names in `:names` (a JSON list) that a remote review's image_files holds. */
  private readonly remoteReviewFilesQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.remoteReviewFilesQuery = db.statement<{ fileName: string }>({
      sqlite: `select distinct f.value as "fileName" from remote_reviews r, json_each(r.image_files) f
        where r.image_files <> '[]' and f.value in (${JSON_TEXTS(':names')})`,
      pg: `select distinct f.value as "fileName" from remote_reviews r, json_array_elements_text(r.image_files::json) as f(value)
        where r.image_files <> '[]' and f.value in (${JSON_TEXTS(':names')})`,
    });
    // Every avatar request reads it, so it is prepared once.
    this.avatarFileNameQuery = db.prepared('media.avatarFileName', (orm) =>
      orm
        .select({ fileName: profileImages.fileName })
        .from(profileImages)
        .innerJoin(users, eq(users.id, profileImages.userId))
        .where(and(eq(users.username, P('username')), isActiveUser))
        .orderBy(asc(profileImages.id))
        .limit(1),
    );
  }

  /** The stored name of an active person's avatar (their first profile image), by lowercase username. */
  async avatarFileName(username: string): Promise<string | undefined> {
    return (await this.avatarFileNameQuery.get({ username }))?.fileName;
  }

  /**
   * Which of these stored names (`<32 hex>.webp`) a row of the folder's tables points at: post_images and
   * remote_reviews' image_files, or profile_images (through their unique index on file_name) and remote_actors' avatar_file.
   */
  async referencedNames(folder: ImageFolder, names: readonly string[]): Promise<Set<string>> {
    const referenced = new Set<string>();
    for (let start = 0; start < names.length; start += NAMES_PER_QUERY) {
      const batch = names.slice(start, start + NAMES_PER_QUERY);
      const rows =
        folder === 'postimages'
          ? await this.db.select({ fileName: postImages.fileName }).from(postImages).where(inArray(postImages.fileName, batch))
          : await this.db
              .select({ fileName: profileImages.fileName })
              .from(profileImages)
              .where(inArray(profileImages.fileName, batch))
              .union(this.db.select({ fileName: sql<string>`${remoteActors.avatarFile}` }).from(remoteActors).where(inArray(remoteActors.avatarFile, batch)));
      for (const row of rows) referenced.add(row.fileName);
      if (folder === 'postimages') for (const row of await this.remoteReviewFilesQuery.all({ names: JSON.stringify(batch) })) referenced.add(row.fileName);
    }
    return referenced;
  }
}
