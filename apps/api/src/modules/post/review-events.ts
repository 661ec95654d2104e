import { Injectable, Logger } from '@nestjs/common';

/** A review that was written, changed or deleted, once the change has committed. */
export interface ReviewEvent {
  postId: number;
  authorId: number;
}

export type ReviewEventKind = 'published' | 'updated' | 'deleted';
type Listener = (event: ReviewEvent) => Promise<void> | void;

/**
 * Tells whoever listens (federation, issue 30) that a review was published, updated or deleted, on the node that
 * made the change, after it committed. A listener's failure is logged and never undoes or fails the write: the
 * review is the author's, its delivery elsewhere is not.
 */
@Injectable()
export class ReviewEvents {
  private readonly logger = new Logger(ReviewEvents.name);
  private readonly listeners: Record<ReviewEventKind, Listener[]> = { published: [], updated: [], deleted: [] };

  on(kind: ReviewEventKind, listener: Listener): void {
    this.listeners[kind].push(listener);
  }

  async emit(kind: ReviewEventKind, event: ReviewEvent): Promise<void> {
    for (const listener of this.listeners[kind]) {
      try {
        await listener(event);
      } catch (error) {
        this.logger.error(`A listener of review ${kind} (${event.postId}) failed: ${(error as Error).message}`);
      }
    }
  }
}
