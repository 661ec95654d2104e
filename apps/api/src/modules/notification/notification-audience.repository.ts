import { Inject, Injectable } from '@nestjs/common';
import type { Database, Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** What a removal or a change of who is visible touches: a comment (or a reply from elsewhere), a review, or everything by or about one person. */
export type UnreadSubject = { commentId: number } | { remoteCommentId: number } | { postId: number } | { personId: number };

/**
 * Who holds unread notifications about something, so their open pages can be told their count changed when it goes
 * or leaves sight. Reads only (the writes stay in NotificationRepository); each walks an index of notifications
 * (comment, post, actor) or a person's reviews (posts_user_recent_idx).
 */
@Injectable()
export class NotificationAudienceRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) db: Database) {
    const prepare = (text: string) => db.statement<{ userId: number }>(text);
    this.statements = {
      comment: prepare(`select distinct user_id as "userId" from notifications where comment_id = :commentId and read_at is null`),
      remoteComment: prepare(`select distinct user_id as "userId" from notifications where remote_comment_id = :remoteCommentId and read_at is null`),
      post: prepare(`select distinct user_id as "userId" from notifications where post_id = :postId and read_at is null`),
      // What the person did, and what others did on their reviews: both leave sight with them and come back with them.
      person: prepare(`select user_id as "userId" from notifications where actor_id = :personId and read_at is null
        union select n.user_id from notifications n join posts p on p.id = n.post_id where p.user_id = :personId and n.read_at is null`),
    } satisfies Record<string, Statement<{ userId: number }>>;
  }

  async unreadAbout(subject: UnreadSubject): Promise<number[]> {
    const rows =
      'commentId' in subject
        ? await this.statements.comment.all({ commentId: subject.commentId })
        : 'remoteCommentId' in subject
          ? await this.statements.remoteComment.all({ remoteCommentId: subject.remoteCommentId })
          : 'postId' in subject
            ? await this.statements.post.all({ postId: subject.postId })
            : await this.statements.person.all({ personId: subject.personId });
    return rows.map((row) => row.userId);
  }
}
