import crypto from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

/**
 * Where the admin screen lives: /admin/{ADMIN_PATH}. The secret only hides the screen (every admin call still
 * needs an admin's token); any other /admin/… is a missing page, for the server's status and the web app alike.
 */
@Injectable()
export class AdminScreenService {
  private readonly secret: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secret = Buffer.from(config.adminPath);
  }

  /** Compared in constant time, so the answer's timing says nothing about how much of a guess was right. */
  isScreenSecret(candidate: string): boolean {
    const given = Buffer.from(candidate);
    return given.length === this.secret.length && crypto.timingSafeEqual(given, this.secret);
  }
}
