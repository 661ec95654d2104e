import { Injectable } from '@nestjs/common';
import { LocalEvents } from '../../common/local-events';

/** A review that was written, changed or deleted, once the change has committed. */
export interface ReviewEvent {
  postId: number;
  authorId: number;
}

export type ReviewEventKind = 'published' | 'updated' | 'deleted';

/** Reviews published, updated or deleted on this node, after they committed (federation sends them on, issue 30). */
@Injectable()
export class ReviewEvents extends LocalEvents<Record<ReviewEventKind, ReviewEvent>> {
  constructor() {
    super(ReviewEvents.name);
  }
}
