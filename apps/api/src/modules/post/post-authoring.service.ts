import { Inject, Injectable, Logger } from '@nestjs/common';
import { POST_MESSAGES, REVIEW_MESSAGES, type addPostDataSchema, type updatePostSchema } from '@siplog/contracts';
import type { Database } from '@siplog/db';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { ClientInfo } from '../../common/client-info';
import { assertActingUser, type AuthUser } from '../../common/auth-user';
import { AuthService } from '../auth/auth.service';
import { DATABASE } from '../database/database.module';
import { ImageStore } from '../media/image-store';
import { PlaceAmenitiesService } from '../place/place-amenities.service';
import { PlaceListsService } from '../place/place-lists.service';
import { PlaceService } from '../place/place.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { PostService, type PostView } from './post.service';
import { NotificationService } from '../notification/notification.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { drinkColumns } from './post-drink';
import { PostAmenitiesRepository } from './post-amenities.repository';
import { PostAuthoringRepository, type UserPlace } from './post-authoring.repository';
import { ReviewEvents } from './review-events';

export type { UserPlace } from './post-authoring.repository';

/** How many of a person's reviewed places the Quick Post location list offers. */
export const USER_PLACES_MAX = 20;

/**
 * Writing reviews: posting one with its photos (all or nothing), the author's edits and deletion, and the places a
 * person has reviewed. Reading, likes and comments stay in PostService.
 */
@Injectable()
export class PostAuthoringService {
  private readonly logger = new Logger(PostAuthoringService.name);

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly images: ImageStore,
    private readonly places: PlaceService,
    private readonly rateLimit: RateLimitService,
    private readonly auth: AuthService,
    private readonly reader: PostService,
    private readonly cache: PublicCacheService,
    private readonly notifications: NotificationService,
    private readonly placeLists: PlaceListsService,
    private readonly repository: PostAuthoringRepository,
    private readonly events: ReviewEvents,
    private readonly amenities: PostAmenitiesRepository,
    private readonly placeAmenities: PlaceAmenitiesService,
  ) {}

  /**
   * A review with 1 to 3 photos (`files`: paths of the received uploads, in file1..file3 order). The photos are
   * stored first, then the place (created when it is a provider's new place) and the post with its image rows in one
   * transaction; any failure removes the stored photos, so nothing is left behind.
   */
  async add(
    actor: AuthUser,
    client: ClientInfo,
    data: z.output<typeof addPostDataSchema>,
    files: string[],
  ): Promise<{ status: 200; msg: string; post_id: number; establishment_id: number }> {
    assertActingUser(actor, { email: data.email });
    if (files.length === 0) throw new AppError('BAD_REQUEST', REVIEW_MESSAGES.uploadOneImage);
    await this.rateLimit.consume('postCreateByAccount', String(actor.id));
    const names = await this.images.saveAll('postimages', files, REVIEW_MESSAGES.invalidFileType);
    try {
      const establishmentId = await this.places.establishmentIdFor(client, data.place_id);
      const postId = await this.db.transaction(async () => {
        const id = await this.repository.addReview(
          { userId: actor.id, establishmentId, orderText: data.order, review: data.review, rating: data.rating, ...drinkColumns(data.drink ?? null) },
          names,
        );
        await this.placeLists.reviewed(actor.id, establishmentId);
        if (data.amenities && Object.keys(data.amenities).length > 0) {
          await this.amenities.replace(id, data.amenities);
          await this.placeAmenities.recount([establishmentId]);
        }
        await this.notifications.reviewPosted(actor, id, establishmentId, data.review);
        return id;
      });
      await this.cache.changed(STALE_AFTER.review({ postId, establishmentId, authorUsername: actor.username }));
      this.logger.log(`Review ${postId} posted by ${actor.username} at establishment ${establishmentId}`);
      await this.events.emit('published', { postId, authorId: actor.id });
      return { status: 200, msg: REVIEW_MESSAGES.posted, post_id: postId, establishment_id: establishmentId };
    } catch (error) {
      await this.images.removeAll('postimages', names);
      throw error;
    }
  }

  /**
   * The author (or an admin) changes the order, review, rating, drink and amenity answers; photos and place stay.
   * Answers given replace the review's (absent: they stay), and the place's verdicts are recounted with them.
   */
  async update(actor: AuthUser, input: z.output<typeof updatePostSchema>): Promise<{ status: 200; msg: string; post: PostView }> {
    assertActingUser(actor, { email: input.email });
    const author = await this.requireWritable(actor, input.postid);
    await this.db.transaction(async () => {
      const drink = input.drink === undefined ? {} : drinkColumns(input.drink);
      await this.repository.updateReview(input.postid, { orderText: input.order, review: input.review, rating: input.rating, ...drink });
      if (input.amenities !== undefined) {
        await this.amenities.replace(input.postid, input.amenities);
        await this.placeAmenities.recount([author.establishmentId]);
      }
      // Mentions are the author's: an admin's edit of the text tells the newly named on the author's behalf.
      await this.notifications.mentionsChanged(author, input.postid, input.review);
    });
    await this.cache.changed(await this.reader.publicTagsOf(input.postid));
    await this.events.emit('updated', { postId: input.postid, authorId: author.id });
    return { status: 200, msg: POST_MESSAGES.updated, post: (await this.reader.byId(input.postid)).post };
  }

  /** The author (or an admin) deletes a review: its likes, comments and image rows go with it, then its photo files. */
  async remove(actor: AuthUser, postId: number, claimedEmail?: string): Promise<{ status: 200; msg: string }> {
    assertActingUser(actor, { email: claimedEmail });
    const author = await this.requireWritable(actor, postId);
    const changes = await this.reader.publicTagsOf(postId);
    const names = await this.db.transaction(async () => {
      const files = await this.repository.imageNamesOf(postId);
      const answered = await this.amenities.hasAnswers(postId);
      // Its notifications cascade too: whoever had one unread hears the new count once this commits.
      this.notifications.countsChanged(await this.notifications.unreadAudience({ postId }));
      await this.repository.deleteReview(postId); // likes, comments, image rows and amenity answers cascade
      if (answered) await this.placeAmenities.recount([author.establishmentId]);
      return files;
    });
    await this.cache.changed(changes);
    await this.images.removeAll('postimages', names);
    this.logger.log(`Review ${postId} deleted by ${actor.username}`);
    await this.events.emit('deleted', { postId, authorId: author.id });
    return { status: 200, msg: POST_MESSAGES.deleted };
  }

  /** The places a person has reviewed, most recently reviewed first (the Quick Post's first location choices). */
  async userPlaces(actor: AuthUser, claimedEmail?: string): Promise<{ places: UserPlace[] }> {
    assertActingUser(actor, { email: claimedEmail });
    return { places: await this.repository.placesReviewedBy(actor.id, USER_PLACES_MAX) };
  }

  /** 404 for a review nobody can see, 403 for someone else's (unless an admin); the review's author and place. */
  private async requireWritable(actor: AuthUser, postId: number): Promise<{ id: number; establishmentId: number }> {
    const review = await this.repository.authorAndPlaceOf(postId);
    if (review === undefined) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    if (review.userId !== actor.id && !this.auth.isAdmin(actor)) throw new AppError('FORBIDDEN', POST_MESSAGES.notAuthor);
    return { id: review.userId, establishmentId: review.establishmentId };
  }
}
