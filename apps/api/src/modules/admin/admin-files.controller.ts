import fs from 'node:fs';
import { Body, Controller, Get, HttpCode, Post, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { logFileSchema } from '@siplog/contracts';
import { ApiZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { AdminGuard } from './admin.guard';
import { AdminFilesService } from './admin-files.service';

/**
 * The operator's files (spec §7 Admin). Bodies are handed over unparsed: the service checks for an
 * admin first and only then reads them, so guests get 401 and other people 403 whatever they send.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin')
@UseGuards(AuthGuard, AdminGuard)
export class AdminFilesController {
  constructor(private readonly files: AdminFilesService) {}

  @Post('getFRLogfileInfo')
  @HttpCode(200)
  @ApiOperation({ summary: "One day's log, application-YYYY-MM-DD.log, as base64 (its last 5 MB when larger); 404 when that day has none" })
  @ApiZodBody(logFileSchema)
  logFile(@Actor() actor: AuthUser, @Body() body: unknown) {
    return this.files.logFile(actor, body);
  }

  @Post('backupdatabase')
  @HttpCode(200)
  @ApiOperation({ summary: 'An online backup of the live database into DATA_DIR/backups, checked with PRAGMA integrity_check; 409 on PostgreSQL (pg_dump)' })
  backup(@Actor() actor: AuthUser, @Body() body: unknown) {
    return this.files.backup(actor, body);
  }

  @Get('downloadanyfile')
  @ApiOperation({ summary: 'Downloads a backup made by backupdatabase, by its file name' })
  @ApiQuery({ name: 'filename', required: true, description: 'siplog-backup-YYYYMMDD-HHmmss-xxxxxxxx.db' })
  async download(@Actor() actor: AuthUser, @Query() query: unknown, @Res({ passthrough: true }) res: Response) {
    const file = await this.files.backupFile(actor, query);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(fs.createReadStream(file.path), {
      type: 'application/octet-stream',
      disposition: `attachment; filename="${file.filename}"`,
      length: file.size,
    });
  }
}
