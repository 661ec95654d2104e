import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FederationDomainPolicy } from '@siplog/contracts';
import { federationDomains, remoteActors, remoteFollowers, remoteFollowing, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

export interface DomainRow {
  host: string;
  policy: FederationDomainPolicy;
  createdAt: number;
}

export interface ServerRow {
  host: string;
  people: number;
  followers: number;
  lastSeen: number;
  policy: FederationDomainPolicy | null;
}

/** Every read and write of the admin's domain policies, and of the servers this one knows (issue 30). */
@Injectable()
export class FederationDomainsRepository {
  private readonly policyQuery: Statement<{ policy: FederationDomainPolicy }>;
  private readonly serversQuery: Statement<ServerRow>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.policyQuery = db.statement(`select policy from federation_domains where host = :host`);
    this.serversQuery = db.statement(`select a.host, count(*) as people,
        (select count(*) from remote_followers f join remote_actors fa on fa.id = f.actor_id where fa.host = a.host) as followers,
        max(a.updated_at) as "lastSeen", d.policy
      from remote_actors a left join federation_domains d on d.host = a.host
      group by a.host, d.policy order by max(a.updated_at) desc limit :limit`);
  }

  /** What the admin decided for `host`, or null (one indexed read: every received activity asks). */
  async policyOf(host: string): Promise<FederationDomainPolicy | null> {
    return (await this.policyQuery.get({ host }))?.policy ?? null;
  }

  list(): Promise<DomainRow[]> {
    return this.db.select().from(federationDomains).orderBy(asc(federationDomains.host)) as Promise<DomainRow[]>;
  }

  async set(host: string, policy: FederationDomainPolicy, now: number): Promise<void> {
    await this.db
      .insert(federationDomains)
      .values({ host, policy, createdAt: now })
      .onConflictDoUpdate({ target: federationDomains.host, set: { policy } });
  }

  /** Answers whether there was a policy to remove. */
  async remove(host: string): Promise<boolean> {
    return (await this.db.delete(federationDomains).where(eq(federationDomains.host, host)).returning({ host: federationDomains.host })).length > 0;
  }

  /** A blocked server's follows end, both ways; answers how many went. */
  async severFollows(host: string): Promise<number> {
    const people = this.db.select({ id: remoteActors.id }).from(remoteActors).where(eq(remoteActors.host, host));
    const followers = await this.db.delete(remoteFollowers).where(inArray(remoteFollowers.actorId, people)).returning({ id: remoteFollowers.actorId });
    const following = await this.db.delete(remoteFollowing).where(inArray(remoteFollowing.actorId, people)).returning({ id: remoteFollowing.actorId });
    return followers.length + following.length;
  }

  async servers(limit: number): Promise<ServerRow[]> {
    return (await this.serversQuery.all({ limit })).map((row) => ({
      ...row,
      people: Number(row.people),
      followers: Number(row.followers),
      lastSeen: Number(row.lastSeen),
    }));
  }
}

