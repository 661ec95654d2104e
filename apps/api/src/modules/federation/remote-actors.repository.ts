import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, notInArray } from 'drizzle-orm';
import { federationDomains, remoteActors, remoteFollowers, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** A remote person as we keep them: what their server's actor document said when they last sent something. */
export interface RemoteActorRecord {
  uri: string;
  handle: string;
  host: string;
  inbox: string;
  sharedInbox: string | null;
  name: string;
  iconUrl: string | null;
  profileUrl: string | null;
}

/** Where a delivery to a follower goes. */
export interface FollowerAddress {
  actorId: number;
  uri: string;
  inbox: string;
  sharedInbox: string | null;
}

/** Every read and write of remote people and who of them follows whom here (issue 30). */
@Injectable()
export class RemoteActorsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps (or refreshes) a remote person; answers their row id. */
  async keep(actor: RemoteActorRecord, now: number): Promise<number> {
    const [row] = await this.db
      .insert(remoteActors)
      .values({ ...actor, updatedAt: now })
      .onConflictDoUpdate({ target: remoteActors.uri, set: { ...actor, updatedAt: now } })
      .returning({ id: remoteActors.id });
    return row.id;
  }

  async byUri(uri: string): Promise<(RemoteActorRecord & { id: number }) | undefined> {
    const [row] = await this.db.select().from(remoteActors).where(eq(remoteActors.uri, uri));
    return row;
  }

  /** Forgets a remote person and their follows; answers whether they were known. */
  async forget(uri: string): Promise<boolean> {
    return (await this.db.delete(remoteActors).where(eq(remoteActors.uri, uri)).returning({ id: remoteActors.id })).length > 0;
  }

  /** Records a follow; a repeated Follow from the same person replaces the earlier one (its id is what Undo names). */
  async addFollower(userId: number, actorId: number, followUri: string, accepted: boolean, now: number): Promise<void> {
    await this.db
      .insert(remoteFollowers)
      .values({ userId, actorId, followUri, accepted, createdAt: now })
      .onConflictDoUpdate({ target: [remoteFollowers.userId, remoteFollowers.actorId], set: { followUri, accepted } });
  }

  /**
   * A Follow that waits for the person's answer ('Approve followers'): kept unaccepted unless they follow already.
   * Answers whether this made a new request (told to the person once), and whether the follow stands accepted. The
   * Follow's id is always the latest, as the Accept or Reject must name it.
   */
  async requestFollow(userId: number, actorId: number, followUri: string, now: number): Promise<{ created: boolean; accepted: boolean }> {
    const created = await this.db
      .insert(remoteFollowers)
      .values({ userId, actorId, followUri, accepted: false, createdAt: now })
      .onConflictDoNothing()
      .returning({ actorId: remoteFollowers.actorId });
    if (created.length > 0) return { created: true, accepted: false };
    const [existing] = await this.db
      .update(remoteFollowers)
      .set({ followUri })
      .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorId, actorId)))
      .returning({ accepted: remoteFollowers.accepted });
    return { created: false, accepted: existing?.accepted ?? false };
  }

  /** A follow request waiting for this person's answer, with where the answer goes; undefined when there is none. */
  async pendingFollower(userId: number, actorId: number): Promise<(FollowerAddress & { handle: string; followUri: string }) | undefined> {
    const [row] = await this.db
      .select({
        actorId: remoteActors.id,
        uri: remoteActors.uri,
        inbox: remoteActors.inbox,
        sharedInbox: remoteActors.sharedInbox,
        handle: remoteActors.handle,
        followUri: remoteFollowers.followUri,
      })
      .from(remoteFollowers)
      .innerJoin(remoteActors, eq(remoteActors.id, remoteFollowers.actorId))
      .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorId, actorId), eq(remoteFollowers.accepted, false)));
    return row;
  }

  /** Accepts a waiting follow request; answers whether one was waiting (a second answer finds none). */
  async acceptFollower(userId: number, actorId: number): Promise<boolean> {
    const accepted = await this.db
      .update(remoteFollowers)
      .set({ accepted: true })
      .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorId, actorId), eq(remoteFollowers.accepted, false)))
      .returning({ actorId: remoteFollowers.actorId });
    return accepted.length > 0;
  }

  /** Forgets a waiting follow request (declined); answers whether one was waiting. */
  async removePendingFollower(userId: number, actorId: number): Promise<boolean> {
    const removed = await this.db
      .delete(remoteFollowers)
      .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorId, actorId), eq(remoteFollowers.accepted, false)))
      .returning({ actorId: remoteFollowers.actorId });
    return removed.length > 0;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Forgets a follow; answers whether there was one. */
  async removeFollower(userId: number, actorId: number): Promise<boolean> {
    const removed = await this.db
      .delete(remoteFollowers)
      .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.actorId, actorId)))
      .returning({ actorId: remoteFollowers.actorId });
    return removed.length > 0;
  }

  /** A page of a person's accepted remote followers, by row id after `afterActorId`; none on a blocked server. */
  async followersOf(userId: number, afterActorId: number, limit: number): Promise<FollowerAddress[]> {
    const blocked = this.db.select({ host: federationDomains.host }).from(federationDomains).where(eq(federationDomains.policy, 'block'));
    return this.db
      .select({ actorId: remoteActors.id, uri: remoteActors.uri, inbox: remoteActors.inbox, sharedInbox: remoteActors.sharedInbox })
      .from(remoteFollowers)
      .innerJoin(remoteActors, eq(remoteActors.id, remoteFollowers.actorId))
      .where(
        and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.accepted, true), gt(remoteActors.id, afterActorId), notInArray(remoteActors.host, blocked)),
      )
      .orderBy(asc(remoteActors.id))
      .limit(limit);
  }

  /** Every accepted remote follower of a person, page by page. */
  async allFollowersOf(userId: number, pageSize = 1000): Promise<FollowerAddress[]> {
    const all: FollowerAddress[] = [];
    for (let after = 0; ; ) {
      const page = await this.followersOf(userId, after, pageSize);
      all.push(...page);
      if (page.length < pageSize) return all;
      after = page[page.length - 1].actorId;
    }
  }

  async countFollowers(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(remoteFollowers)
      .where(and(eq(remoteFollowers.userId, userId), eq(remoteFollowers.accepted, true)));
    return Number(row?.n ?? 0);
  }
}
