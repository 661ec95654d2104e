import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { appSettings, federationDepartures, federationKeys, federationKv, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

const P = sql.placeholder;
/** The admin screen's federation switch, in app_settings: 'on' or 'off'; absent, FEDERATION decides. */
const SWITCH_SETTING = 'federation';

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

  /** The admin's switch: true or false, or null when it was never touched. */
  async switchState(): Promise<boolean | null> {
    const [row] = await this.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, SWITCH_SETTING));
    return row ? row.value === 'on' : null;
  }

  async setSwitch(enabled: boolean): Promise<void> {
    const value = enabled ? 'on' : 'off';
    await this.db.insert(appSettings).values({ name: SWITCH_SETTING, value }).onConflictDoUpdate({ target: appSettings.name, set: { value } });
  }

  /** Keeps a leaving person's public keys (JWK text, as stored), so their actor can still prove their Delete. */
  async keepDeparture(identifier: string, publicKeys: string[], now: number): Promise<void> {
    const value = JSON.stringify(publicKeys);
    await this.db
      .insert(federationDepartures)
      .values({ identifier, publicKeys: value, leftAt: now })
      .onConflictDoUpdate({ target: federationDepartures.identifier, set: { publicKeys: value, leftAt: now } });
  }

  /** A departed person's public keys, if they left after `since`. */
  async departure(identifier: string, since: number): Promise<string[] | undefined> {
    const [row] = await this.db
      .select({ publicKeys: federationDepartures.publicKeys })
      .from(federationDepartures)
      .where(and(eq(federationDepartures.identifier, identifier), gt(federationDepartures.leftAt, since)));
    return row ? (JSON.parse(row.publicKeys) as string[]) : undefined;
  }

  /** They are back (unsuspended): their full actor answers again. */
  async forgetDeparture(identifier: string): Promise<void> {
    await this.db.delete(federationDepartures).where(eq(federationDepartures.identifier, identifier));
  }
}
