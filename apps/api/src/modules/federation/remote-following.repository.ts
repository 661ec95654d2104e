import { Inject, Injectable } from '@nestjs/common';
import { TRUE_SQL, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { FollowerAddress } from './remote-actors.repository';

/** Someone elsewhere as a person here sees them when looking them up or following them. */
export interface RemotePersonRow {
  id: number;
  uri: string;
  handle: string;
  host: string;
  inbox: string;
  sharedInbox: string | null;
  name: string;
  profileUrl: string | null;
  avatarFile: string | null;
}

/** Where a person here stands with someone elsewhere: not following, asked (waiting for their Accept), following. */
export type FollowingState = 'none' | 'pending' | 'following';

/** Local people following people on other servers (`remote_following`, issue 30). */
@Injectable()
export class RemoteFollowingRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) db: Database) {
    const booleans = { booleans: ['accepted'] as const };
    this.statements = {
      person: db.statement<RemotePersonRow>(`select id, uri, handle, host, inbox, shared_inbox as "sharedInbox", name, profile_url as "profileUrl",
        avatar_file as "avatarFile" from remote_actors where id = :id`),
      state: db.statement<{ accepted: boolean; followUri: string }>(
        `select accepted, follow_uri as "followUri" from remote_following where user_id = :userId and actor_id = :actorId`,
        booleans,
      ),
      // Asking again (a lost Accept) keeps one row, with the newest Follow's id, waiting again.
      ask: db.statement(`insert into remote_following (user_id, actor_id, follow_uri, accepted, created_at) values (:userId, :actorId, :followUri, false, :now)
        on conflict (user_id, actor_id) do update set follow_uri = excluded.follow_uri`),
      remove: db.statement(`delete from remote_following where user_id = :userId and actor_id = :actorId`),
      // Their Accept or Reject names our Follow by its id; only the person it was sent to may answer it.
      accept: db.statement(`update remote_following set accepted = true where follow_uri = :followUri
        and actor_id = (select id from remote_actors where uri = :actorUri)`),
      reject: db.statement(`delete from remote_following where follow_uri = :followUri and actor_id = (select id from remote_actors where uri = :actorUri)`),
      followedBy: db.statement<FollowerAddress>(`select a.id as "actorId", a.uri, a.inbox, a.shared_inbox as "sharedInbox"
        from remote_following f join remote_actors a on a.id = f.actor_id where f.user_id = :userId`),
      followedHere: db.statement<{ one: number }>(`select 1 as one from remote_following where actor_id = :actorId and accepted = ${TRUE_SQL} limit 1`),
    } satisfies Record<string, Statement<unknown>>;
  }

  async person(id: number): Promise<RemotePersonRow | undefined> {
    return this.statements.person.get({ id });
  }

  async state(userId: number, actorId: number): Promise<{ accepted: boolean; followUri: string } | undefined> {
    return this.statements.state.get({ userId, actorId });
  }

  async ask(userId: number, actorId: number, followUri: string, now: number): Promise<void> {
    await this.statements.ask.run({ userId, actorId, followUri, now });
  }

  async remove(userId: number, actorId: number): Promise<boolean> {
    return (await this.statements.remove.run({ userId, actorId })) > 0;
  }

  /** Their Accept of our Follow `followUri`; answers whether it was one of ours to them. */
  async accept(followUri: string, actorUri: string): Promise<boolean> {
    return (await this.statements.accept.run({ followUri, actorUri })) > 0;
  }

  async reject(followUri: string, actorUri: string): Promise<boolean> {
    return (await this.statements.reject.run({ followUri, actorUri })) > 0;
  }

  /** Where the people elsewhere this person follows (or asked to) receive activities. */
  async followedBy(userId: number): Promise<FollowerAddress[]> {
    return this.statements.followedBy.all({ userId });
  }

  /** Whether anyone here follows this person elsewhere (their reviews are kept only then). */
  async followedHere(actorId: number): Promise<boolean> {
    return (await this.statements.followedHere.get({ actorId })) !== undefined;
  }
}
