import { Inject, Injectable } from '@nestjs/common';
import { federationInstanceKeys, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { StoredKeyPair } from './federation.repository';

/** The instance actor's key pairs (issue 30), one per algorithm, kept as people's are (federation_instance_keys). */
@Injectable()
export class FederationInstanceKeysRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(): Promise<StoredKeyPair[]> {
    return this.db
      .select({ algorithm: federationInstanceKeys.algorithm, publicJwk: federationInstanceKeys.publicJwk, privateJwk: federationInstanceKeys.privateJwk })
      .from(federationInstanceKeys);
  }

  /** Keeps the first pair made: two nodes making one at once both end up signing with the same. */
  async keep(pair: StoredKeyPair): Promise<void> {
    await this.db.insert(federationInstanceKeys).values({ ...pair, createdAt: new Date() }).onConflictDoNothing();
  }
}
