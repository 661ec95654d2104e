import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { openAppDatabase, SqliteDatabase, type Database, type DB } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/** The app's data: a Database, whichever engine is behind it. */
export const DATABASE = Symbol('DATABASE');
/** The same SQLite connection as a synchronous Drizzle handle, for modules not yet moved to DATABASE. */
export const SQLITE_DB = Symbol('SQLITE_DB');

@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<Database> => openAppDatabase(config),
    },
    {
      provide: SQLITE_DB,
      inject: [DATABASE],
      useFactory: (db: Database): DB => (db as SqliteDatabase).drizzle,
    },
  ],
  exports: [DATABASE, SQLITE_DB],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
