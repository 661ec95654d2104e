import { Inject, Injectable } from '@nestjs/common';
import { TRUE_SQL, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** Someone elsewhere as a person's follow lists show them. */
export interface PersonElsewhereRow {
  handle: string;
  host: string;
  profileUrl: string | null;
  avatarFile: string | null;
}

/** At most this many of each list are read: a list, not an export (the export has them all). */
export const PEOPLE_ELSEWHERE_LISTED = 500;

const columns = `a.handle, a.host, a.profile_url as "profileUrl", a.avatar_file as "avatarFile"`;
/** Blocked servers' people are out of sight with them (their follows end on the block anyway). */
const notBlocked = `not exists (select 1 from federation_domains d where d.host = a.host and d.policy = 'block')`;

/** A person's accepted follows with people on other servers (issue 30), both ways, by handle. */
@Injectable()
export class PeopleElsewhereRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) db: Database) {
    this.statements = {
      followers: db.statement<PersonElsewhereRow>(`select ${columns} from remote_followers f join remote_actors a on a.id = f.actor_id
        where f.user_id = :userId and f.accepted = ${TRUE_SQL} and ${notBlocked} order by a.handle limit ${PEOPLE_ELSEWHERE_LISTED}`),
      following: db.statement<PersonElsewhereRow>(`select ${columns} from remote_following f join remote_actors a on a.id = f.actor_id
        where f.user_id = :userId and f.accepted = ${TRUE_SQL} and ${notBlocked} order by a.handle limit ${PEOPLE_ELSEWHERE_LISTED}`),
    } satisfies Record<string, Statement<unknown>>;
  }

  async followersOf(userId: number): Promise<PersonElsewhereRow[]> {
    return this.statements.followers.all({ userId });
  }

  async followingOf(userId: number): Promise<PersonElsewhereRow[]> {
    return this.statements.following.all({ userId });
  }
}
