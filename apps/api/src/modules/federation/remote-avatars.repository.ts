import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { remoteActors, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** What decides whether a remote person's avatar is to be fetched: their icon now, and the copy we hold. */
export interface RemoteAvatarState {
  iconUrl: string | null;
  /** Our stored copy (a stored image name in profileimages), null when there is none. */
  avatarFile: string | null;
  /** The icon avatarFile was made from; with a null avatarFile, an icon that was refused (not fetched again). */
  avatarSource: string | null;
}

/** The reads and writes of remote people's stored avatars (remote_actors.avatar_file, avatar_source). */
@Injectable()
export class RemoteAvatarsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async stateOf(actorId: number): Promise<RemoteAvatarState | undefined> {
    const [row] = await this.db
      .select({ iconUrl: remoteActors.iconUrl, avatarFile: remoteActors.avatarFile, avatarSource: remoteActors.avatarSource })
      .from(remoteActors)
      .where(eq(remoteActors.id, actorId));
    return row;
  }

  /**
   * Records `file` made from `source` (file null: none, the source refused or gone), only if the row is still as
   * `seen` (its icon still `seen.iconUrl`, its file still `seen.avatarFile`): a fetch that took a while must not
   * overwrite a newer one (another node's) nor resurrect a deleted row. Answers whether it was recorded.
   */
  async record(actorId: number, seen: Pick<RemoteAvatarState, 'iconUrl' | 'avatarFile'>, file: string | null, source: string | null): Promise<boolean> {
    const updated = await this.db
      .update(remoteActors)
      .set({ avatarFile: file, avatarSource: source })
      .where(
        and(
          eq(remoteActors.id, actorId),
          seen.iconUrl === null ? isNull(remoteActors.iconUrl) : eq(remoteActors.iconUrl, seen.iconUrl),
          seen.avatarFile === null ? isNull(remoteActors.avatarFile) : eq(remoteActors.avatarFile, seen.avatarFile),
        ),
      )
      .returning({ id: remoteActors.id });
    return updated.length > 0;
  }
}
