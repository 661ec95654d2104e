import { Inject, Injectable } from '@nestjs/common';
import { ACTIVE_USER_SQL, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** SQL true when either of the people `a` and `b` (SQL expressions) has blocked the other. */
export const BLOCKED_BETWEEN_SQL = (a: string, b: string) =>
  `exists (select 1 from user_blocks where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a}))`;

/** Every read and write of user_blocks, as prepared statements (plain SQL kept in this one file). */
@Injectable()
export class BlockRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.statements = {
      // Both directions: whom the viewer blocked (primary key) and who blocked the viewer (user_blocks_blocked_idx).
      hiddenFor: db.statement<{ id: number }>(`select blocked_id as id from user_blocks where blocker_id = :viewer
        union select blocker_id from user_blocks where blocked_id = :viewer`),
      // Only whom the viewer blocked (the primary key's prefix).
      blockedBy: db.statement<{ id: number }>(`select blocked_id as id from user_blocks where blocker_id = :viewer`),
      between: db.statement(`select 1 where ${BLOCKED_BETWEEN_SQL(':a', ':b')}`),
      block: db.statement(`insert into user_blocks (blocker_id, blocked_id) values (:blocker, :blocked) on conflict do nothing`),
      unblock: db.statement(`delete from user_blocks where blocker_id = :blocker and blocked_id = :blocked`),
      unfollowBoth: db.statement(`delete from user_follows where (follower_id = :a and followee_id = :b) or (follower_id = :b and followee_id = :a)`),
      // Deactivated and suspended people stay listed: the block holds when they come back.
      blockedNames: db.statement<{ username: string }>(`select u.username from user_blocks b join users u on u.id = b.blocked_id
        where b.blocker_id = :blocker order by b.created_at desc, u.username`),
      // People elsewhere whom the person blocked (issue 30), newest first.
      blockedRemote: db.statement<{ handle: string; server: string }>(`select a.handle, a.host as server from remote_actor_blocks b
        join remote_actors a on a.id = b.actor_id where b.user_id = :blocker order by b.created_at desc, a.handle`),
      // A review's replies from people elsewhere whom the reader blocked (remote_comments_post_idx, then the block's key).
      hiddenRemoteReplies: db.statement<{ id: number }>(`select c.id from remote_comments c
        join remote_actor_blocks b on b.user_id = :viewer and b.actor_id = c.actor_id where c.post_id = :postId`),
      personByName: db.statement<{ id: number; username: string; active: boolean }>(
        `select id, username, (${ACTIVE_USER_SQL('users')}) as active from users where username = :username`,
        { booleans: ['active'] },
      ),
    } satisfies Record<string, Statement<unknown>>;
  }

  /** The people hidden from the viewer and from whom the viewer is hidden. */
  async hiddenFor(viewerId: number): Promise<number[]> {
    return (await this.statements.hiddenFor.all({ viewer: viewerId })).map((row) => row.id);
  }

  /** The people this person blocked (not those who blocked them). */
  async blockedBy(blocker: number): Promise<number[]> {
    return (await this.statements.blockedBy.all({ viewer: blocker })).map((row) => row.id);
  }

  async isBlockedBetween(a: number, b: number): Promise<boolean> {
    return (await this.statements.between.get({ a, b })) !== undefined;
  }

  /** Blocks and removes follows both ways, in one transaction; false when it was already blocked. */
  block(blocker: number, blocked: number): Promise<boolean> {
    return this.db.transaction(async () => {
      const added = (await this.statements.block.run({ blocker, blocked })) > 0;
      await this.statements.unfollowBoth.run({ a: blocker, b: blocked });
      return added;
    });
  }

  async unblock(blocker: number, blocked: number): Promise<boolean> {
    return (await this.statements.unblock.run({ blocker, blocked })) > 0;
  }

  async blockedNames(blocker: number): Promise<string[]> {
    return (await this.statements.blockedNames.all({ blocker })).map((row) => row.username);
  }

  async blockedRemote(blocker: number): Promise<Array<{ handle: string; server: string }>> {
    return this.statements.blockedRemote.all({ blocker });
  }

  async hiddenRemoteReplies(viewer: number, postId: number): Promise<number[]> {
    return (await this.statements.hiddenRemoteReplies.all({ viewer, postId })).map((row) => row.id);
  }

  async personByName(username: string): Promise<{ id: number; username: string; active: boolean } | undefined> {
    return this.statements.personByName.get({ username });
  }
}
