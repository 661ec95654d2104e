import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, SAFETY_MESSAGES, type deleteAccountSchema } from '@siplog/contracts';
import { users, type DB } from '@siplog/db';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import { assertActingUser, type AuthUser } from '../auth/auth-user';
import { verifyPassword } from '../auth/password-hasher';
import { recoveryPasswordHash } from '../auth/recovery';
import { DATABASE } from '../database/database.module';
import { FOLDER_VARIANTS, ImageStore, isStoredImageName, variantFileName, type ImageFolder } from '../media/image-store';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { EVERYTHING } from '../public-cache/public-cache.tags';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { OwnDataRepository } from './own-data.repository';

type DeleteAccountInput = z.output<typeof deleteAccountSchema>;

/** Files removed at once: enough to keep the disk busy, few enough to leave file handles for everyone else. */
const UNLINK_CONCURRENCY = 8;

/**
 * Erasing an account (issue 17, "Own your data"): by the person, with their password, or by an admin. Every row of
 * the person goes in one transaction (what the database keeps is consistent whatever happens to the files), then
 * their profile images and review photos are removed from disk, every size the store keeps; a file that cannot be
 * removed is logged and the rest still go. Backups keep what they held until the operator removes them.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    @Inject(DATABASE) private readonly db: DB,
    private readonly repository: OwnDataRepository,
    private readonly images: ImageStore,
    private readonly rateLimit: RateLimitService,
    private readonly cache: PublicCacheService,
  ) {}

  /**
   * The person deletes their own account: the body's e-mail must be theirs (403), the password is checked from the
   * per-account budget the other current-password checks use (429), and a wrong one is 401 and deletes nothing.
   */
  async deleteOwnAccount(actor: AuthUser, input: DeleteAccountInput): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: input.email });
    await this.rateLimit.consume('currentPasswordChecks', String(actor.id));
    const user = this.db.select().from(users).where(eq(users.id, actor.id)).get();
    if (!user) throw new AppError('UNAUTHORIZED');
    // As Change Password and deactivation: the real password, or a spent temporary one within its recovery window.
    const recoveryHash = recoveryPasswordHash(user);
    const right = (await verifyPassword(user.passwordHash, input.password)) || (!!recoveryHash && (await verifyPassword(recoveryHash, input.password)));
    if (!right) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.oldPasswordWrong);
    await this.erase(actor.id);
    return { status: 200, msg: SAFETY_MESSAGES.accountDeleted };
  }

  /** Erases the account with this id and everything in it; nothing happens when there is none. */
  async erase(userId: number): Promise<void> {
    const erased = this.repository.erase(userId);
    if (!erased) return;
    // Their profile, reviews, comments, likes and follows leave every public answer; places' totals changed too.
    this.cache.changed(EVERYTHING);
    const failed = [
      ...(await this.removeFiles('profileimages', erased.profileImages)),
      ...(await this.removeFiles('postimages', erased.postImages)),
    ];
    const images = erased.profileImages.length + erased.postImages.length;
    this.logger.log(
      `Account deleted: ${erased.username} (${erased.reviews} reviews, ${images} images${failed.length ? `; ${failed.length} files could not be removed` : ''})`,
    );
  }

  /**
   * Removes each image in every size the store keeps, each file on its own so that one that fails (permissions, a
   * directory in its place) leaves the others going; answers the files that failed, each logged.
   */
  private async removeFiles(folder: ImageFolder, names: string[]): Promise<string[]> {
    const files = names
      .filter(isStoredImageName)
      .flatMap((name) => FOLDER_VARIANTS[folder].map((variant) => variantFileName(name, variant)));
    const failed: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++];
        try {
          await fs.rm(path.join(this.images.folderPath(folder), file), { force: true });
        } catch (error) {
          failed.push(file);
          this.logger.warn(`Could not remove ${folder}/${file} of a deleted account: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(UNLINK_CONCURRENCY, files.length) }, worker));
    return failed;
  }
}
