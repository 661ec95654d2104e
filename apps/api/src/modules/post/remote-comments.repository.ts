import { Inject, Injectable } from '@nestjs/common';
import type { Database, Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** A reply from someone on another server (issue 30) as a review's comments list it, with who wrote it. */
export interface RemoteCommentRow {
  id: number;
  /** user@host */
  handle: string;
  /** Their page on their own server, if they gave one. */
  profileUrl: string | null;
  /** Their avatar as stored here (remote_actors.avatar_file), null while there is none. */
  avatarFile: string | null;
  body: string;
  createdAt: number;
}

/** A reply as it arrived: `uri` is its Note's id, `actorId` its author's remote_actors row. */
export interface RemoteCommentInput {
  postId: number;
  actorId: number;
  uri: string;
  body: string;
  /** When its author wrote it (its Note's `published`, never later than its arrival), epoch ms. */
  createdAt: number;
}

/**
 * Replies from other servers to reviews here (`remote_comments`): rows of their own, never local comments. Each is
 * named by its Note's uri, and only its own author (the remote_actors row that sent it) may change or take it back.
 */
@Injectable()
export class RemoteCommentsRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) db: Database) {
    this.statements = {
      add: db.statement<{ id: number }>(`insert into remote_comments (post_id, actor_id, uri, body, created_at)
        values (:postId, :actorId, :uri, :body, :createdAt) on conflict (uri) do nothing returning id`),
      edit: db.statement<{ id: number; postId: number }>(`update remote_comments set body = :body, updated_at = :now
        where uri = :uri and actor_id = :actorId returning id, post_id as "postId"`),
      remove: db.statement<{ id: number; postId: number }>(`delete from remote_comments where uri = :uri and actor_id = :actorId
        returning id, post_id as "postId"`),
      owners: db.statement<{ postId: number; reviewAuthorId: number }>(`select c.post_id as "postId", p.user_id as "reviewAuthorId"
        from remote_comments c join posts p on p.id = c.post_id where c.id = :id`),
      removeById: db.statement(`delete from remote_comments where id = :id`),
      byUri: db.statement<{ id: number; postId: number }>(`select id, post_id as "postId" from remote_comments where uri = :uri and actor_id = :actorId`),
      // A server the admin blocked or silenced is out of sight with everything it sent (as its likes' notifications).
      ofPost: db.statement<RemoteCommentRow>(`select c.id, a.handle, a.profile_url as "profileUrl", a.avatar_file as "avatarFile", c.body,
          c.created_at as "createdAt"
        from remote_comments c join remote_actors a on a.id = c.actor_id
        where c.post_id = :postId and not exists (select 1 from federation_domains d where d.host = a.host)
        order by c.created_at, c.id`),
    } satisfies Record<string, Statement<unknown>>;
  }

  /** Kept once per Note: the id of the new row, or null when this reply was here already. */
  async add(reply: RemoteCommentInput): Promise<number | null> {
    return (await this.statements.add.get({ ...reply }))?.id ?? null;
  }

  /** Its author's new text; undefined when they have no such reply here. */
  async edit(uri: string, actorId: number, body: string, now: number): Promise<{ id: number; postId: number } | undefined> {
    return this.statements.edit.get({ uri, actorId, body, now });
  }

  /** Taken back by its author (its notifications go with it); undefined when they have no such reply here. */
  async remove(uri: string, actorId: number): Promise<{ id: number; postId: number } | undefined> {
    return this.statements.remove.get({ uri, actorId });
  }

  /** The review a reply is on, and that review's author. */
  async owners(id: number): Promise<{ postId: number; reviewAuthorId: number } | undefined> {
    return this.statements.owners.get({ id });
  }

  /** Removed here by the review's author (its notifications go with it). */
  async removeById(id: number): Promise<void> {
    await this.statements.removeById.run({ id });
  }

  async byUri(uri: string, actorId: number): Promise<{ id: number; postId: number } | undefined> {
    return this.statements.byUri.get({ uri, actorId });
  }

  /** A review's replies from elsewhere, oldest first, without those of blocked or silenced servers. */
  async ofPost(postId: number): Promise<RemoteCommentRow[]> {
    return this.statements.ofPost.all({ postId });
  }
}
