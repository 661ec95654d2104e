import { Inject, Injectable } from '@nestjs/common';
import type { Database, Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';
import type { FollowerAddress } from './remote-actors.repository';

/** A review from elsewhere as a like is sent to it: its Note's id and where its author receives activities. */
export interface LikedReviewTarget extends FollowerAddress {
  reviewUri: string;
  host: string;
  /** Its author's handle, user@host. */
  handle: string;
}

/** One's own reply to a review from elsewhere, as kept. */
export interface RemoteReplyRow {
  id: number;
  noteUri: string;
  body: string;
  createdAt: number;
  remoteReviewId: number;
}

/** The likes and replies people here give reviews from elsewhere (`remote_review_likes`, `remote_review_replies`, issue 30). */
@Injectable()
export class RemoteReviewReactionsRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) db: Database) {
    this.statements = {
      target: db.statement<LikedReviewTarget>(`select r.uri as "reviewUri", a.id as "actorId", a.uri, a.inbox, a.shared_inbox as "sharedInbox", a.host, a.handle
        from remote_reviews r join remote_actors a on a.id = r.actor_id where r.id = :id`),
      add: db.statement(`insert into remote_review_likes (user_id, remote_review_id, activity_uri, created_at) values (:userId, :reviewId, :activityUri, :now)
        on conflict do nothing`),
      remove: db.statement<{ activityUri: string }>(`delete from remote_review_likes where user_id = :userId and remote_review_id = :reviewId
        returning activity_uri as "activityUri"`),
      addReply: db.statement<{ id: number }>(`insert into remote_review_replies (user_id, remote_review_id, note_uri, body, created_at)
        values (:userId, :reviewId, :noteUri, :body, :now) returning id`),
      repliesOf: db.statement<RemoteReplyRow>(`select id, note_uri as "noteUri", body, created_at as "createdAt", remote_review_id as "remoteReviewId"
        from remote_review_replies where remote_review_id = :reviewId and user_id = :userId order by created_at, id`),
      removeReply: db.statement<RemoteReplyRow>(`delete from remote_review_replies where id = :id and user_id = :userId
        returning id, note_uri as "noteUri", body, created_at as "createdAt", remote_review_id as "remoteReviewId"`),
    } satisfies Record<string, Statement<unknown>>;
  }

  async target(reviewId: number): Promise<LikedReviewTarget | undefined> {
    return this.statements.target.get({ id: reviewId });
  }

  /** True when the like is new (one per person and review). */
  async add(userId: number, reviewId: number, activityUri: string, now: number): Promise<boolean> {
    return (await this.statements.add.run({ userId, reviewId, activityUri, now })) > 0;
  }

  /** The id of the Like taken back, or undefined when there was none. */
  async remove(userId: number, reviewId: number): Promise<string | undefined> {
    return (await this.statements.remove.get({ userId, reviewId }))?.activityUri;
  }

  async addReply(userId: number, reviewId: number, noteUri: string, body: string, now: number): Promise<number> {
    return (await this.statements.addReply.get({ userId, reviewId, noteUri, body, now }))!.id;
  }

  /** One's own replies to a review, oldest first. */
  async repliesOf(userId: number, reviewId: number): Promise<RemoteReplyRow[]> {
    return this.statements.repliesOf.all({ userId, reviewId });
  }

  /** Taken back by its author; undefined when it is not theirs (or gone). */
  async removeReply(userId: number, id: number): Promise<RemoteReplyRow | undefined> {
    return this.statements.removeReply.get({ userId, id });
  }
}
