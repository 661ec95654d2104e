import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { adminDeleteUserSchema, adminReportsSchema, resolveReportSchema, suspendUserSchema, unsuspendUserSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { AdminGuard } from '../admin/admin.guard';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { ModerationService } from './moderation.service';

/** The Reports panel and suspension (issue 17); admins only: guests 401, everyone else 403. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin')
@UseGuards(AuthGuard, AdminGuard)
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Post('reports')
  @HttpCode(200)
  @ApiOperation({ summary: "Open reports (newest first) or the latest closed ones, each with the content as it was reported" })
  @ApiZodBody(adminReportsSchema)
  reports(@Actor() actor: AuthUser, @ZodBody(adminReportsSchema) body: z.output<typeof adminReportsSchema>) {
    return this.moderation.reports(actor, body.status);
  }

  @Post('resolvereport')
  @HttpCode(200)
  @ApiOperation({ summary: 'Dismiss, remove the content, or suspend its author; closes every open report on the target' })
  @ApiZodBody(resolveReportSchema)
  resolve(@Actor() actor: AuthUser, @ZodBody(resolveReportSchema) body: z.output<typeof resolveReportSchema>) {
    return this.moderation.resolve(actor, body);
  }

  @Post('suspenduser')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspend an account with a reason: sessions end, everything of theirs is hidden, sign-in refused' })
  @ApiZodBody(suspendUserSchema)
  suspend(@Actor() actor: AuthUser, @ZodBody(suspendUserSchema) body: z.output<typeof suspendUserSchema>) {
    return this.moderation.suspendUser(actor, body.email, body.reason);
  }

  @Post('unsuspenduser')
  @HttpCode(200)
  @ApiOperation({ summary: 'Lift a suspension: everything of theirs shows again' })
  @ApiZodBody(unsuspendUserSchema)
  unsuspend(@Actor() actor: AuthUser, @ZodBody(unsuspendUserSchema) body: z.output<typeof unsuspendUserSchema>) {
    return this.moderation.unsuspendUser(actor, body.email);
  }

  @Post('deleteuser')
  @HttpCode(200)
  @ApiOperation({ summary: "Erase a person's account and everything in it, as 'Delete my account' does" })
  @ApiZodBody(adminDeleteUserSchema)
  deleteUser(@Actor() actor: AuthUser, @ZodBody(adminDeleteUserSchema) body: z.output<typeof adminDeleteUserSchema>) {
    return this.moderation.deleteUser(actor, body.email);
  }
}
