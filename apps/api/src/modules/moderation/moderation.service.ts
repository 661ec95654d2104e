import { Injectable, Logger } from '@nestjs/common';
import {
  SAFETY_MESSAGES,
  USER_MESSAGES,
  type ReportAction,
  type ReportKind,
  type ReportReason,
  type ReportStatus,
  type resolveReportSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { AuthService } from '../auth/auth.service';
import { TokenService } from '../auth/token.service';
import { ImageStore } from '../media/image-store';
import { NotificationService } from '../notification/notification.service';
import { PostAuthoringService } from '../post/post-authoring.service';
import { PublicCacheService } from '../public-cache/public-cache.service';
import { STALE_AFTER } from '../public-cache/public-cache.tags';
import { AccountDeletionService } from '../user/account-deletion.service';
import { AccountEvents } from '../user/account-events';
import { PlaceAmenitiesService } from '../place/place-amenities.service';
import { PlaceHoursService } from '../place/hours/place-hours.service';
import { ModerationRepository, type AuditEntry, type ReportContent, type ReportRow } from './moderation.repository';

/** A report as the admin's Reports panel lists it. */
export interface AdminReportView {
  report_id: number;
  kind: ReportKind;
  target_id: string;
  reason: ReportReason;
  note: string;
  /** Who reported it here; null for a report another server sent (`from_server`). */
  reporter_username: string | null;
  /** The server whose moderators sent it (a Flag, issue 30). */
  from_server?: string;
  /** The server of the person elsewhere it is about. */
  remote_server?: string;
  /** The reporter also sent it to that server. */
  forwarded?: true;
  created_at: string;
  status: ReportStatus;
  action?: ReportAction;
  closed_at?: string;
  /** Their username here, or the handle of the person elsewhere. */
  owner_username: string;
  /** '' for someone elsewhere. */
  owner_email: string;
  /** Open reports on the same target, this one included while it is open. */
  target_open_reports: number;
  content: ReportContent;
}

type ResolveInput = z.output<typeof resolveReportSchema>;

/**
 * The admins' side of trust and safety (issue 17): the reports queue and what can be done about a report (dismiss,
 * remove the content, suspend its author), suspending and unsuspending directly, and erasing an account. Every
 * method starts with the admin check; every action is written to the moderation log (moderation_actions) and the
 * application log, and tells the reporters 'Your report was reviewed'.
 */
@Injectable()
export class ModerationService {
  private readonly logger = new Logger(ModerationService.name);

  constructor(
    private readonly repository: ModerationRepository,
    private readonly auth: AuthService,
    private readonly tokens: TokenService,
    private readonly authoring: PostAuthoringService,
    private readonly notifications: NotificationService,
    private readonly images: ImageStore,
    private readonly cache: PublicCacheService,
    private readonly deletion: AccountDeletionService,
    private readonly accounts: AccountEvents,
    private readonly placeAmenities: PlaceAmenitiesService,
    private readonly hours: PlaceHoursService,
  ) {}

  requireAdmin(actor: AuthUser): void {
    this.auth.requireAdmin(actor);
  }

  async reports(actor: AuthUser, status: ReportStatus): Promise<{ reports: AdminReportView[]; open_total: number }> {
    this.auth.requireAdmin(actor);
    const open = await this.repository.openCounts();
    const reports = (await this.repository.reports(status)).map((row) => toView(row, open.get(`${row.kind}:${row.targetKey}`) ?? 0));
    return { reports, open_total: await this.repository.openTotal() };
  }

  async resolve(actor: AuthUser, input: ResolveInput): Promise<{ status: 200 }> {
    this.auth.requireAdmin(actor);
    const report = await this.repository.report(input.report_id);
    if (!report) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.reportNotFound);
    if (report.closedAt !== null) throw new AppError('CONFLICT', SAFETY_MESSAGES.reportClosed);
    if (report.ownerId === null && input.action === 'suspend') throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.remoteCannotSuspend);
    if (report.kind === 'remote_user' && input.action === 'remove') throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.remoteNothingToRemove);
    if (input.action === 'remove') await this.removeContent(actor, report.kind, report.targetKey);
    if (input.action === 'suspend') {
      if (report.ownerId === actor.id) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.cannotModerateSelf);
      await this.suspendById(report.ownerId!, input.reason!);
    }
    const reporters = await this.repository.closeReports(report.kind, report.targetKey, input.action);
    await this.notifications.reportReviewed(actor, reporters);
    await this.audit(actor, {
      action: input.action,
      targetKind: report.kind,
      target: report.targetKey,
      reason: input.reason,
      reportId: report.id,
      // Someone elsewhere has no id here: 0, with their handle.
      person: { id: report.ownerId ?? 0, username: report.ownerUsername },
    });
    return { status: 200 };
  }

  async suspendUser(actor: AuthUser, email: string, reason: string): Promise<{ status: 200; msg: string }> {
    this.auth.requireAdmin(actor);
    const person = await this.person(email);
    if (person.id === actor.id) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.cannotModerateSelf);
    await this.suspendById(person.id, reason);
    await this.audit(actor, { action: 'suspend', targetKind: 'user', target: person.email, reason, person });
    return { status: 200, msg: SAFETY_MESSAGES.userSuspended };
  }

  async unsuspendUser(actor: AuthUser, email: string): Promise<{ status: 200; msg: string }> {
    this.auth.requireAdmin(actor);
    const person = await this.person(email);
    if (person.suspendedAt === null) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.notSuspended);
    await this.repository.setSuspended(person.id, null);
    await this.placeAmenities.recountPlacesOf(person.id);
    await this.accounts.emit('unsuspended', { userId: person.id });
    this.notifications.countsChanged(await this.notifications.unreadAudience({ personId: person.id }));
    // Their profile, reviews, comments, likes and follows show again everywhere.
    await this.cache.changed(STALE_AFTER.person());
    await this.audit(actor, { action: 'unsuspend', targetKind: 'user', target: person.email, person });
    return { status: 200, msg: SAFETY_MESSAGES.userUnsuspended };
  }

  /** Erases a person as 'Delete my account' does (their files too); audited. Never the admin's own account from here. */
  async deleteUser(actor: AuthUser, email: string): Promise<{ status: 200; msg: string }> {
    this.auth.requireAdmin(actor);
    const person = await this.person(email);
    if (person.id === actor.id) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.cannotModerateSelf);
    await this.deletion.erase(person.id);
    await this.audit(actor, { action: 'delete_account', targetKind: 'user', target: `${person.username} <${person.email}>`, person });
    return { status: 200, msg: SAFETY_MESSAGES.userDeleted };
  }

  /** Hidden everywhere at once: every session ends, public answers drop them, and sign-in is refused until unsuspended. */
  private async suspendById(userId: number, reason: string): Promise<void> {
    // Told first, while they are still a person others can check the signature of (federation's Delete of them).
    await this.accounts.emit('suspending', { userId });
    await this.repository.setSuspended(userId, reason);
    // Their amenity answers stop counting in the places' verdicts.
    await this.placeAmenities.recountPlacesOf(userId);
    // What they did, and what others did on their reviews, leaves other people's bells.
    this.notifications.countsChanged(await this.notifications.unreadAudience({ personId: userId }));
    await this.tokens.revokeAllForUser(userId);
    await this.cache.changed(STALE_AFTER.person());
  }

  /** The review (with its photos, likes and comments), the comment, or the profile's bio, favourite order and images. */
  private async removeContent(actor: AuthUser, kind: ReportKind, targetKey: string): Promise<void> {
    if (kind === 'post') {
      const postId = Number(targetKey);
      // Already deleted by its author: nothing left to remove, the reports still close.
      if (await this.repository.postExists(postId)) await this.authoring.remove(actor, postId);
    } else if (kind === 'remote_comment') {
      // Removed here only (it stays on its own server); its notifications go with it.
      const audience = await this.notifications.unreadAudience({ remoteCommentId: Number(targetKey) });
      const postId = await this.repository.deleteRemoteComment(Number(targetKey));
      this.notifications.countsChanged(audience);
      if (postId !== undefined) await this.cache.changed(STALE_AFTER.comment(postId));
    } else if (kind === 'hours_change') {
      // Reverted when still in force (the hours go back to what it replaced); a later change already undid it otherwise.
      await this.hours.removeReported(actor.id, Number(targetKey));
    } else if (kind === 'comment') {
      // Asked first: the comment's notifications go with it.
      const audience = await this.notifications.unreadAudience({ commentId: Number(targetKey) });
      const postId = await this.repository.deleteComment(Number(targetKey));
      this.notifications.countsChanged(audience);
      if (postId !== undefined) await this.cache.changed(STALE_AFTER.comment(postId));
    } else {
      const files = await this.repository.clearProfile(targetKey);
      await this.cache.changed(STALE_AFTER.person());
      await this.images.removeAll('profileimages', files);
    }
  }

  private async person(email: string) {
    const person = await this.repository.personByEmail(email);
    if (!person) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return person;
  }

  /** Writes the moderation log's line, naming the person (`person`: the one acted on, or whose content it was). */
  private async audit(actor: AuthUser, entry: Omit<AuditEntry, 'adminEmail'>): Promise<void> {
    await this.repository.audit({ adminEmail: actor.email, ...entry });
    const why = entry.reason ? ` because "${entry.reason.replace(/\s+/g, ' ').slice(0, 200)}"` : '';
    const report = entry.reportId ? ` (report ${entry.reportId})` : '';
    this.logger.log(`Admin ${actor.username} <${actor.email}> moderation: ${entry.action} ${entry.targetKind} ${entry.target} of ${entry.person.username} (user ${entry.person.id})${report}${why}`);
  }
}

function toView(row: ReportRow, targetOpenReports: number): AdminReportView {
  return {
    report_id: row.id,
    kind: row.kind,
    target_id: row.targetKey,
    reason: row.reason,
    note: row.note,
    reporter_username: row.reporterUsername,
    ...(row.fromHost !== null && { from_server: row.fromHost }),
    ...(row.remoteHost !== null && { remote_server: row.remoteHost }),
    ...(row.forwarded && { forwarded: true as const }),
    created_at: row.createdAt.toISOString(),
    status: row.closedAt === null ? 'open' : 'closed',
    ...(row.action !== null && { action: row.action }),
    ...(row.closedAt !== null && { closed_at: row.closedAt.toISOString() }),
    owner_username: row.ownerUsername,
    owner_email: row.ownerEmail,
    target_open_reports: targetOpenReports,
    content: row.snapshot as unknown as ReportContent,
  };
}
