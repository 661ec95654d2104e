import { Inject, Injectable } from '@nestjs/common';
import { ACTIVE_USER_SQL, type DB } from '@siplog/db';
import { SQLITE_DB } from '../database/database.module';

type Statement = ReturnType<DB['$client']['prepare']>;

/** Every read and write of user_blocks, as prepared statements (plain SQL kept in this one file). */
@Injectable()
export class BlockRepository {
  private readonly statements: Record<string, Statement>;

  constructor(@Inject(SQLITE_DB) private readonly db: DB) {
    const prepare = (text: string) => db.$client.prepare(text);
    this.statements = {
      // Both directions: whom the viewer blocked (primary key) and who blocked the viewer (user_blocks_blocked_idx).
      hiddenFor: prepare(`select blocked_id as id from user_blocks where blocker_id = :viewer
        union select blocker_id from user_blocks where blocked_id = :viewer`),
      between: prepare(`select 1 from user_blocks where (blocker_id = :a and blocked_id = :b) or (blocker_id = :b and blocked_id = :a) limit 1`),
      block: prepare(`insert or ignore into user_blocks (blocker_id, blocked_id) values (:blocker, :blocked)`),
      unblock: prepare(`delete from user_blocks where blocker_id = :blocker and blocked_id = :blocked`),
      unfollowBoth: prepare(`delete from user_follows where (follower_id = :a and followee_id = :b) or (follower_id = :b and followee_id = :a)`),
      // Deactivated and suspended people stay listed: the block holds when they come back.
      blockedNames: prepare(`select u.username from user_blocks b join users u on u.id = b.blocked_id
        where b.blocker_id = :blocker order by b.created_at desc, u.username`),
      personByName: prepare(`select id, username, (${ACTIVE_USER_SQL('users')}) as active from users where username = :username`),
    };
  }

  /** The people hidden from the viewer and from whom the viewer is hidden. */
  hiddenFor(viewerId: number): number[] {
    return (this.statements.hiddenFor.all({ viewer: viewerId }) as Array<{ id: number }>).map((row) => row.id);
  }

  isBlockedBetween(a: number, b: number): boolean {
    return this.statements.between.get({ a, b }) !== undefined;
  }

  /** Blocks and removes follows both ways, in one transaction; false when it was already blocked. */
  block(blocker: number, blocked: number): boolean {
    return this.db.$client.transaction(() => {
      const added = this.statements.block.run({ blocker, blocked }).changes > 0;
      this.statements.unfollowBoth.run({ a: blocker, b: blocked });
      return added;
    })();
  }

  unblock(blocker: number, blocked: number): boolean {
    return this.statements.unblock.run({ blocker, blocked }).changes > 0;
  }

  blockedNames(blocker: number): string[] {
    return (this.statements.blockedNames.all({ blocker }) as Array<{ username: string }>).map((row) => row.username);
  }

  personByName(username: string): { id: number; username: string; active: number } | undefined {
    return this.statements.personByName.get({ username }) as { id: number; username: string; active: number } | undefined;
  }
}
