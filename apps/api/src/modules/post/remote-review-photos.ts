import { Logger } from '@nestjs/common';
import { LIMITS } from '@siplog/contracts';
import type { ImageFolder, ImageStore } from '../media/image-store';
import { reasonOf, RemoteImageFetcher, RemoteImageRefused, type RemoteImageFetchOptions } from '../media/remote-image-fetch';
import type { RemoteReviewsRepository } from './remote-reviews.repository';

/** Stored with local review photos: the media sweeper counts remote_reviews.image_files as references there. */
export const REMOTE_REVIEW_PHOTO_FOLDER: ImageFolder = 'postimages';
/** A photo from elsewhere may be as large as one uploaded with a review here. */
export const REMOTE_REVIEW_PHOTO_BYTES_MAX = LIMITS.reviewImageBytesMax;
/** Reviews waiting for their photos; past this, one is left (its next Update asks again). */
const REVIEWS_WAITING_MAX = 1000;

/** What one pass over a review's photos did. */
export interface RemoteReviewPhotosOutcome {
  /** Photos fetched and stored now. */
  stored: number;
  /** Photos refused now for good (recorded, never fetched again), with why. */
  refused: string[];
  /** Why the pass stopped short, when it did: a passing failure (tried again on the review's next Update), or skipped. */
  stopped?: string;
}

/**
 * The photos of reviews from elsewhere (issue 30), fetched once from their server into our store through the image
 * pipeline (RemoteImageFetcher: its limits, metadata stripped) and recorded in order in remote_reviews.image_files, off
 * the request path, one pass at a time per review (a request meanwhile is answered by one more pass once it ends).
 * A photo is fetched once: stored, or refused for good (recorded as null). A copy no longer recorded (the review
 * deleted, or a fetch overtaken by newer photos) goes with the media sweeper's next pass if not removed here.
 */
export class RemoteReviewPhotos {
  private readonly logger = new Logger('RemoteReviewPhotos');
  private readonly fetcher: RemoteImageFetcher;
  /** Per review: the pass under way, and the one that follows it when asked again meanwhile. */
  private readonly turns = new Map<number, { running: Promise<RemoteReviewPhotosOutcome>; next?: Promise<RemoteReviewPhotosOutcome> }>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly images: ImageStore,
    private readonly repository: RemoteReviewsRepository,
    options: RemoteImageFetchOptions,
  ) {
    this.fetcher = new RemoteImageFetcher(images, options);
  }

  /** Brings the stored copies of a kept review's photos up to date. Never rejects (failures are logged), so it may be left unawaited. */
  refresh(reviewId: number): Promise<RemoteReviewPhotosOutcome> {
    if (this.stopping.signal.aborted) return Promise.resolve({ stored: 0, refused: [], stopped: 'shutting down' });
    const turn = this.turns.get(reviewId);
    if (!turn) {
      if (this.turns.size >= REVIEWS_WAITING_MAX) return Promise.resolve({ stored: 0, refused: [], stopped: 'too many waiting' });
      const running = this.start(reviewId);
      this.turns.set(reviewId, { running });
      return running;
    }
    // A pass not started yet reads the row when it starts, so one more is enough for any number of requests.
    return (turn.next ??= turn.running.then(() => {
      turn.next = undefined;
      return (turn.running = this.start(reviewId));
    }));
  }

  /** Removes copies no longer recorded anywhere (a review's previous photos). Never rejects: what stays goes with the sweeper. */
  async remove(files: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(files.map((file) => this.images.remove(REMOTE_REVIEW_PHOTO_FOLDER, file)));
    for (const result of results) if (result.status === 'rejected') this.logger.warn(`A remote review's photo not removed: ${reasonOf(result.reason)}`);
  }

  /** Stops fetching: what is under way is aborted and awaited, so nothing writes once the database closes. */
  async stop(): Promise<void> {
    this.stopping.abort();
    while (this.turns.size > 0) await Promise.all([...this.turns.values()].map((turn) => turn.next ?? turn.running));
  }

  private start(reviewId: number): Promise<RemoteReviewPhotosOutcome> {
    const done = this.pass(reviewId).catch((error: unknown): RemoteReviewPhotosOutcome => {
      this.logger.warn(`Photos of remote review ${reviewId} failed: ${reasonOf(error)}`);
      return { stored: 0, refused: [], stopped: reasonOf(error) };
    });
    // Registered before any `next` is chained on it: it sees whether one is waiting.
    void done.then(() => {
      const turn = this.turns.get(reviewId);
      if (turn?.running === done && !turn.next) this.turns.delete(reviewId);
    });
    return done;
  }

  /** Fetches the photos not yet stored or refused, in order, recording each as it is done. */
  private async pass(reviewId: number): Promise<RemoteReviewPhotosOutcome> {
    const outcome: RemoteReviewPhotosOutcome = { stored: 0, refused: [] };
    for (;;) {
      if (this.stopping.signal.aborted) return { ...outcome, stopped: 'shutting down' };
      const seen = await this.repository.photosOf(reviewId);
      if (!seen) return { ...outcome, stopped: 'the review is gone' };
      const index = seen.files.length;
      const source = seen.sources[index];
      if (!source) return outcome;
      let file: string | null;
      try {
        file = await this.fetcher.fetchAndStore(source.url, { folder: REMOTE_REVIEW_PHOTO_FOLDER, bytesMax: REMOTE_REVIEW_PHOTO_BYTES_MAX, signal: this.stopping.signal });
      } catch (error) {
        if (!(error instanceof RemoteImageRefused)) {
          const reason = this.stopping.signal.aborted ? 'shutting down' : reasonOf(error);
          this.logger.log(`Photo ${source.url} of remote review ${reviewId} not fetched, tried again on its next Update: ${reason}`);
          return { ...outcome, stopped: reason };
        }
        this.logger.log(`Photo ${source.url} of remote review ${reviewId} refused: ${reasonOf(error)}`);
        outcome.refused.push(reasonOf(error));
        file = null;
      }
      if (!(await this.repository.recordFiles(reviewId, seen, [...seen.files, file]))) {
        if (file !== null) await this.remove([file]);
        return { ...outcome, stopped: 'changed meanwhile' };
      }
      if (file !== null) outcome.stored += 1;
    }
  }
}
