import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { federationKeys, federationKv, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

const P = sql.placeholder;

/** A local actor's key pair as stored: JWK text, made once and kept. */
export interface StoredKeyPair {
  algorithm: string;
  publicJwk: string;
  privateJwk: string;
}

/** Every read and write of the federation tables (issue 30): actors' key pairs and Fedify's key-value store. */
@Injectable()
export class FederationRepository {
  private readonly keysQuery;
  private readonly kvGetQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.keysQuery = db.prepared('federation.keys', (orm) =>
      orm
        .select({ algorithm: federationKeys.algorithm, publicJwk: federationKeys.publicJwk, privateJwk: federationKeys.privateJwk })
        .from(federationKeys)
        .where(eq(federationKeys.userId, P('userId'))),
    );
    this.kvGetQuery = db.prepared('federation.kvGet', (orm) =>
      orm
        .select({ value: federationKv.value })
        .from(federationKv)
        .where(and(eq(federationKv.key, P('key')), or(isNull(federationKv.expiresAt), gt(federationKv.expiresAt, P('now'))))),
    );
  }

  async findKeyPairs(userId: number): Promise<StoredKeyPair[]> {
    return this.keysQuery.all({ userId });
  }

  /** Keeps the first pair made for `userId`: two nodes making one at once both end up signing with the same. */
  async keepKeyPair(userId: number, pair: StoredKeyPair): Promise<void> {
    await this.db.insert(federationKeys).values({ userId, ...pair, createdAt: new Date() }).onConflictDoNothing();
  }

  async kvGet(key: string, now: number): Promise<string | undefined> {
    return (await this.kvGetQuery.get({ key, now }))?.value;
  }

  async kvSet(key: string, value: string, expiresAt: number | null): Promise<void> {
    await this.db
      .insert(federationKv)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({ target: federationKv.key, set: { value, expiresAt } });
  }

  async kvDelete(key: string): Promise<void> {
    await this.db.delete(federationKv).where(eq(federationKv.key, key));
  }

  /** Entries whose key text starts with `prefix` and have not expired by `now`. */
  async kvList(prefix: string, now: number): Promise<{ key: string; value: string }[]> {
    return this.db
      .select({ key: federationKv.key, value: federationKv.value })
      .from(federationKv)
      .where(
        and(
          sql`substr(${federationKv.key}, 1, ${prefix.length}) = ${prefix}`,
          or(isNull(federationKv.expiresAt), gt(federationKv.expiresAt, now)),
        ),
      );
  }

  /** Forgets what expired before `now`: a sweep now and then, a plain builder. */
  async kvDeleteExpired(now: number): Promise<void> {
    await this.db.delete(federationKv).where(lt(federationKv.expiresAt, now));
  }
}
