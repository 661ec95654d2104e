import { Injectable, Logger } from '@nestjs/common';
import { idFromPath, SAFETY_MESSAGES, type addReportSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { ModerationRepository, type ReportTarget } from './moderation.repository';
import { ReportForwarding } from './report-forwarding';

type AddReportInput = z.output<typeof addReportSchema>;

/**
 * Reporting a review, a comment or a profile (issue 17). The content is kept as it was when reported; one open
 * report per reporter and target (a repeat answers the same report_id); the reported person is never told.
 */
@Injectable()
export class ReportService {
  private readonly logger = new Logger(ReportService.name);

  constructor(
    private readonly repository: ModerationRepository,
    private readonly rateLimit: RateLimitService,
    private readonly forwarding: ReportForwarding,
  ) {}

  /**
   * Only accepted reports spend the hourly budget: the target is checked first, so refusals (unknown, one's own) cost
   * nothing, and the point is taken before the report is written, atomically per account, so of reports arriving at
   * once the 21st is still refused. A block between the two people changes nothing here (blocking often comes first).
   */
  async add(actor: AuthUser, input: AddReportInput): Promise<{ status: 200; report_id: number }> {
    const target = await this.target(input.kind, input.target_id);
    if (!target) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.reportTargetNotFound);
    if (target.ownerId === actor.id) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.reportOwn);
    // Said before anything is kept, so the reporter can choose to send it here alone.
    const forwarding = input.forward === true && target.remote !== undefined;
    if (forwarding && !this.forwarding.available()) throw new AppError('CONFLICT', SAFETY_MESSAGES.forwardUnavailable);
    await this.rateLimit.consume('report', String(actor.id));
    const note = input.note ?? '';
    const reportId = await this.repository.addReport({ reporterId: actor.id, kind: input.kind, target, reason: input.reason, note });
    if (forwarding) {
      // Queued (delivered off the request path, with retries); from this server's own actor, never the reporter's.
      await this.forwarding.forward({ reportId, subject: target.remote!, note });
      await this.repository.markForwarded(reportId);
    }
    this.logger.log(`Report ${reportId}: ${input.kind} ${target.key} (${input.reason}) by ${actor.username}${forwarding ? `, sent on to ${target.remote!.host}` : ''}`);
    return { status: 200, report_id: reportId };
  }

  /**
   * A report another server's moderators sent (a Flag, issue 30) about a review or a person here: kept once per
   * `flagUri`, reason 'other', their comment as the note. Answers whether it was new (false: already kept, or what it
   * names is not here to see).
   */
  async addFromServer(input: { flagUri: string; fromHost: string; about: { kind: 'post'; postId: number } | { kind: 'user'; userId: number }; note: string }): Promise<boolean> {
    const { about } = input;
    const target = about.kind === 'post' ? await this.repository.postTarget(about.postId) : await this.repository.userTarget({ id: about.userId });
    if (!target) return false;
    const reportId = await this.repository.addFlagReport({ flagUri: input.flagUri, fromHost: input.fromHost, kind: about.kind, target, note: input.note });
    if (reportId !== null) this.logger.log(`Report ${reportId}: ${about.kind} ${target.key} from ${input.fromHost}`);
    return reportId !== null;
  }

  private async target(kind: AddReportInput['kind'], targetId: string | number): Promise<ReportTarget | undefined> {
    if (kind === 'user') return this.repository.userTarget(String(targetId).trim().toLowerCase());
    if (kind === 'remote_user') return this.repository.remoteUserTarget(String(targetId).trim().toLowerCase());
    // A post_id or comment_id as sent (a number or a string of digits), by the one id rule; anything else names nothing.
    const id = idFromPath(String(targetId));
    if (id === null) throw new AppError('BAD_REQUEST', kind === 'hours_change' ? 'target_id must be the id of a change of hours.' : `target_id must be a ${kind}_id for a ${kind}.`);
    if (kind === 'remote_comment') return this.repository.remoteCommentTarget(id);
    if (kind === 'hours_change') return this.repository.hoursChangeTarget(id);
    return kind === 'post' ? this.repository.postTarget(id) : this.repository.commentTarget(id);
  }
}
