import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { openMigratedDatabase, type DB } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

export const DATABASE = Symbol('DATABASE');

@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DB => openMigratedDatabase(config.databaseFile),
    },
  ],
  exports: [DATABASE],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: DB) {}

  onApplicationShutdown(): void {
    if (this.db.$client.open) this.db.$client.close();
  }
}
