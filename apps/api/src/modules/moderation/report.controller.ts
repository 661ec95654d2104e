import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { addReportSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { ReportService } from './report.service';

@ApiTags('report')
@ApiBearerAuth()
@Controller('api/report')
@UseGuards(AuthGuard)
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: 'Report a review, a comment or a profile; a repeat answers the same report_id' })
  @ApiZodBody(addReportSchema)
  add(@Actor() actor: AuthUser, @ZodBody(addReportSchema) body: z.output<typeof addReportSchema>) {
    return this.reports.add(actor, body);
  }
}
