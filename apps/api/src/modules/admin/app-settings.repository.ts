import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { appSettings, type Database } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** Named settings every node must read alike (app_settings); read and written at start only, so plain builders. */
@Injectable()
export class AppSettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Stores `value` under `name` unless a value is stored already, and answers the one kept. */
  async keepFirst(name: string, value: string): Promise<string> {
    await this.db.insert(appSettings).values({ name, value }).onConflictDoNothing();
    const [kept] = await this.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, name));
    return kept!.value;
  }
}
