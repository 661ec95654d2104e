import { Injectable, Logger } from '@nestjs/common';
import { AUTH_MESSAGES, SAFETY_MESSAGES, type deleteAccountSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { AuthService } from '../auth/auth.service';
import { TokenService } from '../auth/token.service';
import { ImageStore } from '../media/image-store';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { OwnDataRepository } from './own-data.repository';
import { AccountEvents } from './account-events';
import { PlaceAmenitiesService } from '../place/place-amenities.service';

type DeleteAccountInput = z.output<typeof deleteAccountSchema>;

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
    private readonly repository: OwnDataRepository,
    private readonly images: ImageStore,
    private readonly auth: AuthService,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly accounts: AccountEvents,
    private readonly placeAmenities: PlaceAmenitiesService,
    private readonly tokens: TokenService,
  ) {}

  /**
   * The person deletes their own account: the body's e-mail must be theirs (403), the password is checked from the
   * per-account budget the other current-password checks use (429), and a wrong one is 401 and deletes nothing.
   */
  async deleteOwnAccount(actor: AuthUser, input: DeleteAccountInput): Promise<{ status: 200; msg: string }> {
    // As Change Password and deactivation: the real password, or a spent temporary one within its recovery window.
    if (!(await this.auth.isCurrentPassword(actor, input.email, input.password))) {
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.oldPasswordWrong);
    }
    await this.erase(actor.id);
    return { status: 200, msg: SAFETY_MESSAGES.accountDeleted };
  }

  /** Erases the account with this id and everything in it; nothing happens when there is none. */
  async erase(userId: number): Promise<void> {
    // Asked first: the notifications by them and about their reviews go with them, and leave other people's bells.
    const audience = await this.notifications.unreadAudience({ personId: userId });
    await this.accounts.emit('erasing', { userId });
    // Asked before: their reviews go with them, and with them their amenity answers.
    const answeredPlaces = await this.placeAmenities.placesAnsweredBy(userId);
    const erased = await this.repository.erase(userId);
    if (!erased) return;
    // Their sessions went with the account (a cascade): no node may answer their tokens from memory.
    await this.tokens.changed(userId);
    await this.placeAmenities.recount(answeredPlaces);
    this.notifications.countsChanged(audience);
    // Their profile, reviews, comments, likes and follows leave every public answer; places' totals changed too.
    await this.cache.changed(STALE_AFTER.person());
    const failed = [
      ...(await this.images.removeEach('profileimages', erased.profileImages, 'of a deleted account')),
      ...(await this.images.removeEach('postimages', erased.postImages, 'of a deleted account')),
    ];
    const images = erased.profileImages.length + erased.postImages.length;
    this.logger.log(
      `Account deleted: ${erased.username} (${erased.reviews} reviews, ${images} images${failed.length ? `; ${failed.length} files could not be removed` : ''})`,
    );
  }
}
