import { Injectable, Logger } from '@nestjs/common';
import { idFromPath, SAFETY_MESSAGES, type addReportSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth-user';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { ModerationRepository, type ReportTarget } from './moderation.repository';

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
    await this.rateLimit.consume('report', String(actor.id));
    const reportId = await this.repository.addReport({ reporterId: actor.id, kind: input.kind, target, reason: input.reason, note: input.note ?? '' });
    this.logger.log(`Report ${reportId}: ${input.kind} ${target.key} (${input.reason}) by ${actor.username}`);
    return { status: 200, report_id: reportId };
  }

  private async target(kind: AddReportInput['kind'], targetId: string | number): Promise<ReportTarget | undefined> {
    if (kind === 'user') return this.repository.userTarget(String(targetId).trim().toLowerCase());
    // A post_id or comment_id as sent (a number or a string of digits), by the one id rule; anything else names nothing.
    const id = idFromPath(String(targetId));
    if (id === null) throw new AppError('BAD_REQUEST', `target_id must be a ${kind}_id for a ${kind}.`);
    return kind === 'post' ? this.repository.postTarget(id) : this.repository.commentTarget(id);
  }
}
