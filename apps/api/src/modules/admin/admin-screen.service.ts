import crypto from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Database } from '@siplog/db';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { DATABASE } from '../database/database.module';
import { AppSettingsRepository } from './app-settings.repository';

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
    private readonly settings: AppSettingsRepository,
  ) {
    this.secret = Buffer.from(config.adminPath);
  }

  /** When several nodes share the database, a made-up path must be the same on all: the first node to start stores its own. */
  async onModuleInit(): Promise<void> {
    if (!this.db.spansNodes || !this.config.adminPathGenerated) return;
    const kept = await this.settings.keepFirst(ADMIN_PATH_SETTING, this.config.adminPath);
    this.config.adminPath = kept;
    this.secret = Buffer.from(kept);
  }

  /** Compared in constant time, so the answer's timing says nothing about how much of a guess was right. */
  isScreenSecret(candidate: string): boolean {
    const given = Buffer.from(candidate);
    return given.length === this.secret.length && crypto.timingSafeEqual(given, this.secret);
  }
}
