import { Inject, Injectable } from '@nestjs/common';
import { newestShippedMigration, type Database, type ShippedMigration, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** The readiness check's two reads: whether the database answers, and the newest migration it records. */
@Injectable()
export class HealthRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.statements = {
      ping: db.statement<{ one: number }>('select 1 as one'),
      // Drizzle's migrator records each applied migration with its journal time ("when") as created_at, and applies
      // those newer than the newest recorded: so the newest recorded time says how far the schema has come.
      newestMigration: db.statement<{ newest: number | string | null }>({
        sqlite: 'select max(created_at) as newest from __drizzle_migrations',
        pg: 'select max(created_at) as newest from drizzle.__drizzle_migrations',
      }),
    } satisfies Record<string, Statement<unknown>>;
  }

  async ping(): Promise<void> {
    await this.statements.ping.get();
  }

  /** The newest migration this build ships for this database. */
  newestMigrationShipped(): ShippedMigration {
    return newestShippedMigration(this.db.dialect);
  }

  /** The journal time of the newest migration applied to this database, or null when none is recorded. */
  async newestMigrationApplied(): Promise<number | null> {
    const newest = (await this.statements.newestMigration.get())?.newest;
    return newest === null || newest === undefined ? null : Number(newest);
  }
}
