import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { openAppDatabase, type Database } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/** The app's data: a Database, whichever engine is behind it. */
export const DATABASE = Symbol('DATABASE');

@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<Database> => openAppDatabase(config),
    },
  ],
  exports: [DATABASE],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
