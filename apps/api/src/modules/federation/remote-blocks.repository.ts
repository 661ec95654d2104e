import { Inject, Injectable } from '@nestjs/common';
import { type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** Someone elsewhere as a block needs them: who they are and where activities to them go. */
export interface BlockableRemotePerson {
  id: number;
  handle: string;
  host: string;
  uri: string;
  inbox: string;
  sharedInbox: string | null;
}

/** What a block ended: their follow of the blocker and the blocker's of them (each Follow's id), when there was one. */
export interface EndedFollows {
  added: boolean;
  theirFollowUri: string | null;
  myFollowUri: string | null;
}

/** Every write and read of remote_actor_blocks (issue 30), as prepared statements. */
@Injectable()
export class RemoteBlocksRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.statements = {
      // The newest row should two actors ever share one handle.
      byHandle: db.statement<BlockableRemotePerson>(`select id, handle, host, uri, inbox, shared_inbox as "sharedInbox" from remote_actors
        where handle = :handle order by id desc limit 1`),
      block: db.statement(`insert into remote_actor_blocks (user_id, actor_id, created_at) values (:userId, :actorId, :now) on conflict do nothing`),
      unblock: db.statement(`delete from remote_actor_blocks where user_id = :userId and actor_id = :actorId`),
      blocked: db.statement(`select 1 from remote_actor_blocks where user_id = :userId and actor_id = :actorId`),
      endTheirFollow: db.statement<{ followUri: string }>(`delete from remote_followers where user_id = :userId and actor_id = :actorId returning follow_uri as "followUri"`),
      endMyFollow: db.statement<{ followUri: string }>(`delete from remote_following where user_id = :userId and actor_id = :actorId returning follow_uri as "followUri"`),
      // What they caused in the blocker's bell (likes, replies, mentions, follow requests) goes; it does not come back.
      clearNotifications: db.statement(`delete from notifications where user_id = :userId and remote_actor_id = :actorId`),
    } satisfies Record<string, Statement<unknown>>;
  }

  async byHandle(handle: string): Promise<BlockableRemotePerson | undefined> {
    return this.statements.byHandle.get({ handle });
  }

  async isBlocked(userId: number, actorId: number): Promise<boolean> {
    return (await this.statements.blocked.get({ userId, actorId })) !== undefined;
  }

  /** Blocks them and ends the follows both ways and their notifications, in one transaction. */
  block(userId: number, actorId: number, now: number): Promise<EndedFollows> {
    return this.db.transaction(async () => {
      const added = (await this.statements.block.run({ userId, actorId, now })) > 0;
      const [theirs] = await this.statements.endTheirFollow.all({ userId, actorId });
      const [mine] = await this.statements.endMyFollow.all({ userId, actorId });
      await this.statements.clearNotifications.run({ userId, actorId });
      return { added, theirFollowUri: theirs?.followUri ?? null, myFollowUri: mine?.followUri ?? null };
    });
  }

  async unblock(userId: number, actorId: number): Promise<boolean> {
    return (await this.statements.unblock.run({ userId, actorId })) > 0;
  }
}
