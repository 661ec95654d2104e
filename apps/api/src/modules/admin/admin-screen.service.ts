import crypto from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { appSettings, type Database } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DATABASE } from '../database/database.module';

const ADMIN_PATH_SETTING = 'admin_path';

/**
 * Where the admin screen lives: /admin/{ADMIN_PATH}. The secret only hides the screen (every admin call still
 * needs an admin's token); any other /admin/… is a missing page, for the server's status and the web app alike.
 */
@Injectable()
export class AdminScreenService implements OnModuleInit {
  private secret: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
  ) {
    this.secret = Buffer.from(config.adminPath);
  }

  /** On PostgreSQL a made-up path must be the same on every node: the first node to start stores its own for all. */
  async onModuleInit(): Promise<void> {
    if (this.db.dialect !== 'pg' || !this.config.adminPathGenerated) return;
    await this.db.insert(appSettings).values({ name: ADMIN_PATH_SETTING, value: this.config.adminPath }).onConflictDoNothing();
    const [kept] = await this.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, ADMIN_PATH_SETTING));
    this.config.adminPath = kept!.value;
    this.secret = Buffer.from(kept!.value);
  }

  /** Compared in constant time, so the answer's timing says nothing about how much of a guess was right. */
  isScreenSecret(candidate: string): boolean {
    const given = Buffer.from(candidate);
    return given.length === this.secret.length && crypto.timingSafeEqual(given, this.secret);
  }
}
