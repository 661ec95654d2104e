import { Injectable } from '@nestjs/common';
import { PlaceService } from '../place/place.service';
import type { FeedPosition } from './post.repository';
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
export class RemoteReviewsService {
  constructor(
    private readonly repository: RemoteReviewsRepository,
    private readonly places: PlaceService,
  ) {}

  /** Kept (or changed, when its author sends it again). */
  async received(review: RemoteReviewArrival): Promise<void> {
    const here =
      review.lat !== null && review.lng !== null
        ? await this.places.sameNamedNear(review.placeName, { lat: review.lat, lng: review.lng }, REMOTE_PLACE_MATCH_METERS)
        : undefined;
    await this.repository.keep({ ...review, establishmentId: here?.id ?? null }, Date.now());
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
