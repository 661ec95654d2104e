import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { ImageStore } from '../media/image-store';
import { PlaceService } from '../place/place.service';
import type { FeedPosition } from './post.repository';
import { RemoteReviewPhotos, type RemoteReviewPhotosOutcome } from './remote-review-photos';
import { RemoteReviewsRepository, type RemoteReviewInput, type RemoteReviewRow } from './remote-reviews.repository';

/** A review elsewhere is at a place here when one of the same name is this close to its coordinates (issue 30). */
export const REMOTE_PLACE_MATCH_METERS = 50;

/** A review from elsewhere as federation hands it over; the place here is found by the rules below. */
export type RemoteReviewArrival = Omit<RemoteReviewInput, 'establishmentId'>;

/**
 * Reviews from people on other servers whom someone here follows (issue 30): kept with their place matched to one
 * here when it can be, and read into their followers' Following feed. Federation checks who sent them and that
 * someone here follows the sender; this holds where a review is and how it is read.
 */
@Injectable()
export class RemoteReviewsService implements BeforeApplicationShutdown {
  private readonly photos: RemoteReviewPhotos;

  constructor(
    private readonly repository: RemoteReviewsRepository,
    private readonly places: PlaceService,
    @Inject(APP_CONFIG) config: AppConfig,
    images: ImageStore,
  ) {
    this.photos = new RemoteReviewPhotos(images, repository, {
      allowPrivateAddresses: config.federation?.allowPrivateAddresses ?? false,
      origin: config.federation?.origin ?? config.publicUrl,
    });
  }

  /**
   * Kept (or changed, when its author sends it again); its photos are then fetched into our store off the request
   * path, once committed (an Update with the same photos fetches nothing; with others, the previous copies go).
   */
  async received(review: RemoteReviewArrival): Promise<void> {
    const here =
      review.lat !== null && review.lng !== null
        ? await this.places.sameNamedNear(review.placeName, { lat: review.lat, lng: review.lng }, REMOTE_PLACE_MATCH_METERS)
        : undefined;
    const kept = await this.repository.keep({ ...review, establishmentId: here?.id ?? null }, Date.now());
    if (!kept) return;
    this.repository.afterCommit(() => {
      void this.photos.remove(kept.staleFiles);
      void this.photos.refresh(kept.id);
    });
  }

  /**
   * Fetches what is missing of a kept review's photos; resolves with what was done once any pass under way and this
   * one are over (nothing is fetched twice).
   */
  refreshPhotos(reviewId: number): Promise<RemoteReviewPhotosOutcome> {
    return this.photos.refresh(reviewId);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.photos.stop();
  }

  /** Its author took it back. */
  async removed(uri: string, actorId: number): Promise<void> {
    await this.repository.remove(uri, actorId);
  }

  /** The newest `limit` before `position` by the people elsewhere `me` follows. */
  followingPage(me: number, position: FeedPosition, limit: number): Promise<RemoteReviewRow[]> {
    return this.repository.followingPage(me, position, limit);
  }
}
