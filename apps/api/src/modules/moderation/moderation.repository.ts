import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReportAction, ReportKind, ReportReason, ReportStatus } from '@siplog/contracts';
import {
  comments,
  establishments,
  isActiveUser,
  moderationActions,
  placeHoursChanges,
  postImages,
  posts,
  profileImages,
  remoteActors,
  reports,
  users,
  type Database,
} from '@siplog/db';
import { alias } from 'drizzle-orm/pg-core';
import { DATABASE } from '../database/database.module';

/** A review as the admin sees it in a report. */
export interface ReportedPost {
  post_id: number;
  username: string;
  establishment_name: string;
  order: string;
  review: string;
  rating: number;
  images: string[];
}

/** The content as it was when reported (kept with the report, so an edit or a removal does not change it). */
export type ReportContent =
  | ({ kind: 'post' } & ReportedPost)
  | { kind: 'comment'; comment_id: number; username: string; comment: string; post: ReportedPost }
  | { kind: 'user'; username: string; bio: string; fav_order: string; profile_image: string | null }
  /** Someone elsewhere (issue 30): their reply here on a review, or themselves; `server` is their host. */
  | { kind: 'remote_comment'; comment_id: number; handle: string; server: string; profile_url: string | null; comment: string; post: ReportedPost }
  | { kind: 'remote_user'; handle: string; server: string; name: string; profile_url: string | null }
  /** A change of a place's opening hours (issue 31): what it replaced and what it set. */
  | { kind: 'hours_change'; change_id: number; username: string; establishment_id: number; establishment_name: string; before: string | null; after: string | null };

/** The person elsewhere a report is about, as a Flag to their server names them. */
export interface RemoteReportSubject {
  remoteActorId: number;
  uri: string;
  inbox: string;
  sharedInbox: string | null;
  host: string;
  /** Their reply's id (its Note), when the report is about one. */
  contentUri: string | null;
}

/** What a report is about, found for a reporter: whose it is and what it shows now. */
export interface ReportTarget {
  key: string;
  /** Whose it is here; null for someone elsewhere's (`remote`). */
  ownerId: number | null;
  remote?: RemoteReportSubject;
  content: ReportContent;
}

export interface ReportRow {
  id: number;
  kind: ReportKind;
  targetKey: string;
  reason: ReportReason;
  note: string;
  snapshot: Record<string, unknown>;
  action: ReportAction | null;
  closedAt: Date | null;
  createdAt: Date;
  /** Null for a report another server sent (`fromHost`). */
  reporterUsername: string | null;
  fromHost: string | null;
  forwarded: boolean;
  ownerId: number | null;
  /** The owner's username here, or the handle of the person elsewhere. */
  ownerUsername: string;
  /** '' for someone elsewhere. */
  ownerEmail: string;
  /** The server of the person elsewhere it is about. */
  remoteHost: string | null;
}

/**
 * One line of the moderation log: what an admin did to which target, and to whom (the person acted on, or whose content
 * it was), named by id and by their username at the time, so the line still tells after their account is erased.
 */
export interface AuditEntry {
  adminEmail: string;
  action: string;
  targetKind: string;
  target: string;
  reason?: string;
  reportId?: number;
  person: { id: number; username: string };
}

interface RemoteSubjectRow {
  id: number;
  handle: string;
  host: string;
  uri: string;
  inbox: string;
  sharedInbox: string | null;
  profileUrl: string | null;
}

const REMOTE_SUBJECT_COLUMNS = `a.id, a.handle, a.host, a.uri, a.inbox, a.shared_inbox as "sharedInbox", a.profile_url as "profileUrl"`;

function remoteSubject(row: RemoteSubjectRow, contentUri: string | null): RemoteReportSubject {
  return { remoteActorId: row.id, uri: row.uri, inbox: row.inbox, sharedInbox: row.sharedInbox, host: row.host, contentUri };
}

/** How many closed reports the admin's 'Closed' list shows (newest first). */
const CLOSED_LIST_MAX = 200;

/** Every read and write of reports and the moderation log (issue 17), in one place. */
@Injectable()
export class ModerationRepository {
  /** Replies from elsewhere are the post module's rows, read and removed here in plain SQL. */
  private readonly remoteStatements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.remoteStatements = {
      comment: db.statement<RemoteSubjectRow & { postId: number; commentUri: string; body: string }>(
        `select c.post_id as "postId", c.uri as "commentUri", c.body, ${REMOTE_SUBJECT_COLUMNS}
          from remote_comments c join remote_actors a on a.id = c.actor_id where c.id = :id`,
      ),
      deleteComment: db.statement<{ postId: number }>(`delete from remote_comments where id = :id returning post_id as "postId"`),
    };
  }

  /** A visible review (its author active), as reported. */
  async postTarget(postId: number): Promise<ReportTarget | undefined> {
    const post = await this.reportedPost(postId);
    return post && { key: String(postId), ownerId: post.ownerId, content: { kind: 'post', ...post.view } };
  }

  /** A visible comment (its author and its review's author active), with its review. */
  async commentTarget(commentId: number): Promise<ReportTarget | undefined> {
    const [row] = await this.db
      .select({ id: comments.id, postId: comments.postId, ownerId: comments.userId, username: users.username, body: comments.body })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(and(eq(comments.id, commentId), isActiveUser));
    const post = row && (await this.reportedPost(row.postId));
    if (!row || !post) return undefined;
    return {
      key: String(commentId),
      ownerId: row.ownerId,
      content: { kind: 'comment', comment_id: row.id, username: row.username, comment: row.body, post: post.view },
    };
  }

  /** An active person's public profile (by username, or by id for a report from another server). */
  async userTarget(username: string | { id: number }): Promise<ReportTarget | undefined> {
    const [row] = await this.db
      .select({ id: users.id, username: users.username, bio: users.bio, favOrder: users.currentFavOrder })
      .from(users)
      .where(and(typeof username === 'string' ? eq(users.username, username) : eq(users.id, username.id), isActiveUser));
    if (!row) return undefined;
    const [image] = await this.db
      .select({ fileName: profileImages.fileName })
      .from(profileImages)
      .where(eq(profileImages.userId, row.id))
      .orderBy(desc(profileImages.id))
      .limit(1);
    return {
      key: row.username,
      ownerId: row.id,
      content: { kind: 'user', username: row.username, bio: row.bio, fav_order: row.favOrder, profile_image: image?.fileName ?? null },
    };
  }

  /** A change of a place's opening hours by an active person. */
  async hoursChangeTarget(changeId: number): Promise<ReportTarget | undefined> {
    const [row] = await this.db
      .select({
        ownerId: placeHoursChanges.userId,
        username: users.username,
        establishmentId: establishments.id,
        establishmentName: establishments.name,
        before: placeHoursChanges.before,
        after: placeHoursChanges.after,
      })
      .from(placeHoursChanges)
      .innerJoin(users, eq(users.id, placeHoursChanges.userId))
      .innerJoin(establishments, eq(establishments.id, placeHoursChanges.establishmentId))
      .where(and(eq(placeHoursChanges.id, changeId), isActiveUser));
    if (!row) return undefined;
    return {
      key: String(changeId),
      ownerId: row.ownerId,
      content: {
        kind: 'hours_change',
        change_id: changeId,
        username: row.username,
        establishment_id: row.establishmentId,
        establishment_name: row.establishmentName,
        before: row.before,
        after: row.after,
      },
    };
  }

  /** A reply from elsewhere on a visible review, with its author and where a Flag about it goes. */
  async remoteCommentTarget(remoteCommentId: number): Promise<ReportTarget | undefined> {
    const row = await this.remoteStatements.comment.get({ id: remoteCommentId });
    const post = row && (await this.reportedPost(row.postId));
    if (!row || !post) return undefined;
    return {
      key: String(remoteCommentId),
      ownerId: null,
      remote: remoteSubject(row, row.commentUri),
      content: { kind: 'remote_comment', comment_id: remoteCommentId, handle: row.handle, server: row.host, profile_url: row.profileUrl, comment: row.body, post: post.view },
    };
  }

  /** Someone elsewhere by handle (user@host; the newest row, should two actors ever share one). */
  async remoteUserTarget(handle: string): Promise<ReportTarget | undefined> {
    const [row] = await this.db
      .select({ id: remoteActors.id, handle: remoteActors.handle, host: remoteActors.host, name: remoteActors.name, uri: remoteActors.uri, inbox: remoteActors.inbox, sharedInbox: remoteActors.sharedInbox, profileUrl: remoteActors.profileUrl })
      .from(remoteActors)
      .where(eq(remoteActors.handle, handle.replace(/^@/, '')))
      .orderBy(desc(remoteActors.id))
      .limit(1);
    if (!row) return undefined;
    return {
      key: String(row.id),
      ownerId: null,
      remote: remoteSubject(row, null),
      content: { kind: 'remote_user', handle: row.handle, server: row.host, name: row.name, profile_url: row.profileUrl },
    };
  }

  /**
   * A report another server sent (a Flag) about something here: one row per Flag id and target (`flagUri`), so the
   * same Flag again adds nothing. Answers the new report's id, or null when it was there already.
   */
  async addFlagReport(input: { flagUri: string; fromHost: string; kind: 'post' | 'user'; target: ReportTarget; note: string }): Promise<number | null> {
    const [added] = await this.db
      .insert(reports)
      .values({
        fromHost: input.fromHost,
        flagUri: input.flagUri,
        ownerId: input.target.ownerId,
        kind: input.kind,
        targetKey: input.target.key,
        reason: 'other',
        note: input.note,
        snapshot: input.target.content as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    return added?.id ?? null;
  }

  /** The reporter chose to send it on to the other server. */
  async markForwarded(reportId: number): Promise<void> {
    await this.db.update(reports).set({ forwarded: true }).where(eq(reports.id, reportId));
  }

  /** Removes a reply from elsewhere (the admin's Remove); answers its review's id, or undefined when it was gone. */
  async deleteRemoteComment(remoteCommentId: number): Promise<number | undefined> {
    return (await this.remoteStatements.deleteComment.all({ id: remoteCommentId }))[0]?.postId;
  }

  /**
   * The reporter's open report on this target, or a new one. The partial unique index keeps one open per pair: the
   * insert gives way to a report already open (also one another request is writing at this moment), which is then
   * answered. Tried again in the rare case an admin closed that report in between.
   */
  async addReport(input: { reporterId: number; kind: ReportKind; target: ReportTarget; reason: ReportReason; note: string }): Promise<number> {
    const remoteActorId = input.target.remote?.remoteActorId ?? null;
    for (let attempt = 1; ; attempt++) {
      const [added] = await this.db
        .insert(reports)
        .values({
          reporterId: input.reporterId,
          ownerId: input.target.ownerId,
          remoteActorId,
          kind: input.kind,
          targetKey: input.target.key,
          reason: input.reason,
          note: input.note,
          snapshot: input.target.content as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (added) return added.id;
      const [open] = await this.db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.reporterId, input.reporterId), eq(reports.kind, input.kind), eq(reports.targetKey, input.target.key), isNull(reports.closedAt)))
        .limit(1);
      if (open || attempt === 3) return open!.id;
    }
  }

  async reports(status: ReportStatus): Promise<ReportRow[]> {
    const reporter = alias(users, 'reporter');
    const owner = alias(users, 'owner');
    const query = this.db
      .select({
        id: reports.id,
        kind: reports.kind,
        targetKey: reports.targetKey,
        reason: reports.reason,
        note: reports.note,
        snapshot: reports.snapshot,
        action: reports.action,
        closedAt: reports.closedAt,
        createdAt: reports.createdAt,
        reporterUsername: reporter.username,
        fromHost: reports.fromHost,
        forwarded: reports.forwarded,
        ownerId: reports.ownerId,
        ownerUsername: sql<string>`coalesce(${owner.username}, ${remoteActors.handle})`,
        ownerEmail: sql<string>`coalesce(${owner.email}, '')`,
        remoteHost: remoteActors.host,
      })
      .from(reports)
      // A report from another server has no reporter here; one about someone elsewhere no owner here.
      .leftJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(owner, eq(owner.id, reports.ownerId))
      .leftJoin(remoteActors, eq(remoteActors.id, reports.remoteActorId))
      .where(status === 'open' ? isNull(reports.closedAt) : isNotNull(reports.closedAt))
      .orderBy(status === 'open' ? desc(reports.id) : desc(reports.closedAt), desc(reports.id))
      .$dynamic();
    // Every open report; the closed ones only up to CLOSED_LIST_MAX.
    return status === 'open' ? await query : await query.limit(CLOSED_LIST_MAX);
  }

  /** Open reports per target (`kind:key`), for the targets of the listed reports. */
  async openCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ kind: reports.kind, key: reports.targetKey, value: count() })
      .from(reports)
      .where(isNull(reports.closedAt))
      .groupBy(reports.kind, reports.targetKey);
    return new Map(rows.map((row) => [`${row.kind}:${row.key}`, row.value]));
  }

  async openTotal(): Promise<number> {
    return (await this.db.select({ value: count() }).from(reports).where(isNull(reports.closedAt)))[0]?.value ?? 0;
  }

  /** A report with whose content it is (their username now: a report goes with its owner's account). */
  async report(reportId: number): Promise<Pick<ReportRow, 'id' | 'kind' | 'targetKey' | 'closedAt' | 'ownerId' | 'ownerUsername'> | undefined> {
    return (
      await this.db
        .select({
          id: reports.id,
          kind: reports.kind,
          targetKey: reports.targetKey,
          closedAt: reports.closedAt,
          ownerId: reports.ownerId,
          ownerUsername: sql<string>`coalesce(${users.username}, ${remoteActors.handle})`,
        })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.ownerId))
        .leftJoin(remoteActors, eq(remoteActors.id, reports.remoteActorId))
        .where(eq(reports.id, reportId))
    )[0];
  }

  /** Closes every open report on the target with the action; answers who reported it. */
  async closeReports(kind: ReportKind, targetKey: string, action: ReportAction): Promise<number[]> {
    const rows = await this.db
      .update(reports)
      .set({ action, closedAt: new Date() })
      .where(and(eq(reports.kind, kind), eq(reports.targetKey, targetKey), isNull(reports.closedAt)))
      .returning({ reporterId: reports.reporterId });
    // Reports from other servers have no one here to tell.
    return rows.map((row) => row.reporterId).filter((id) => id !== null);
  }

  async audit({ person, ...entry }: AuditEntry): Promise<void> {
    await this.db.insert(moderationActions).values({ ...entry, reason: entry.reason ?? '', personId: person.id, personUsername: person.username });
  }

  /** Who did what, newest first (for tests and the operator). */
  async auditLog(limit = 100) {
    return this.db.select().from(moderationActions).orderBy(desc(moderationActions.id)).limit(limit);
  }

  async personByEmail(email: string) {
    return (
      await this.db
        .select({ id: users.id, email: users.email, username: users.username, suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.email, email))
    )[0];
  }

  async setSuspended(userId: number, reason: string | null): Promise<void> {
    await this.db
      .update(users)
      .set({ suspendedAt: reason === null ? null : new Date(), suspensionReason: reason })
      .where(eq(users.id, userId));
  }

  /** Removes a comment; answers its review's id, or undefined when it was already gone. */
  async deleteComment(commentId: number): Promise<number | undefined> {
    return (await this.db.delete(comments).where(eq(comments.id, commentId)).returning({ postId: comments.postId }))[0]?.postId;
  }

  async postExists(postId: number): Promise<boolean> {
    return (await this.db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)))[0] !== undefined;
  }

  /** Clears a profile's bio, favourite order and images; answers the image files to remove. */
  clearProfile(username: string): Promise<string[]> {
    return this.db.transaction(async () => {
      const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!user) return [];
      await this.db.update(users).set({ bio: '', currentFavOrder: '' }).where(eq(users.id, user.id));
      const removed = await this.db.delete(profileImages).where(eq(profileImages.userId, user.id)).returning({ fileName: profileImages.fileName });
      return removed.map((row) => row.fileName);
    });
  }

  private async reportedPost(postId: number): Promise<{ ownerId: number; view: ReportedPost } | undefined> {
    const [row] = await this.db
      .select({
        id: posts.id,
        ownerId: posts.userId,
        username: users.username,
        establishmentName: establishments.name,
        order: posts.orderText,
        review: posts.review,
        rating: posts.rating,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .innerJoin(establishments, eq(establishments.id, posts.establishmentId))
      .where(and(eq(posts.id, postId), isActiveUser));
    if (!row) return undefined;
    const images = (
      await this.db.select({ fileName: postImages.fileName }).from(postImages).where(eq(postImages.postId, postId)).orderBy(asc(postImages.position))
    ).map((image) => image.fileName);
    return {
      ownerId: row.ownerId,
      view: { post_id: row.id, username: row.username, establishment_name: row.establishmentName, order: row.order, review: row.review, rating: row.rating, images },
    };
  }
}


