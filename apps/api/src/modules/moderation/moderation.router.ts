import { addReportSchema, adminDeleteUserSchema, adminReportsSchema, resolveReportSchema, suspendUserSchema, unsuspendUserSchema } from '@siplog/contracts';
import { authedProcedure, router } from '../../procedures/procedure-tiers';
import { adminProcedure } from '../../procedures/admin-procedure';
import type { ModerationService } from './moderation.service';
import type { ReportService } from './report.service';

/** `report.add` for everyone signed in. */
export function reportRouter(reports: ReportService) {
  return router({
    add: authedProcedure.input(addReportSchema).mutation(({ ctx, input }) => reports.add(ctx.actor, input)),
  });
}

/** The Reports panel's and suspension's procedures, spread into `admin`; the admin check runs before the input is read. */
export function moderationProcedures(moderation: ModerationService) {
  const admin = adminProcedure(moderation);
  return {
    reports: admin.input(adminReportsSchema).query(({ ctx, input }) => moderation.reports(ctx.actor, input.status)),
    resolveReport: admin.input(resolveReportSchema).mutation(({ ctx, input }) => moderation.resolve(ctx.actor, input)),
    suspendUser: admin.input(suspendUserSchema).mutation(({ ctx, input }) => moderation.suspendUser(ctx.actor, input.email, input.reason)),
    unsuspendUser: admin.input(unsuspendUserSchema).mutation(({ ctx, input }) => moderation.unsuspendUser(ctx.actor, input.email)),
    deleteUser: admin.input(adminDeleteUserSchema).mutation(({ ctx, input }) => moderation.deleteUser(ctx.actor, input.email)),
  };
}
