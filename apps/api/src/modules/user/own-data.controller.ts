import { Controller, Get, Header, HttpCode, Post, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { deleteAccountSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { AccountDeletionService } from './account-deletion.service';
import { DataExportService } from './data-export.service';

/** "Own your data" (issue 17): download everything as a zip, or delete the account and everything in it. */
@ApiTags('user: profiles and follows')
@Controller('api/user')
@UseGuards(AuthGuard)
export class OwnDataController {
  constructor(
    private readonly exports: DataExportService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Get('exportdata')
  @ApiBearerAuth()
  @ApiOperation({ summary: "A zip of everything Siplog keeps about the signed-in person, made while it is sent" })
  @ApiProduces('application/zip')
  @Header('Cache-Control', 'no-store')
  async exportData(@Actor() actor: AuthUser, @Query() query: unknown) {
    const { fileName, stream } = await this.exports.export(actor, query);
    return new StreamableFile(stream, { type: 'application/zip', disposition: `attachment; filename="${fileName}"` });
  }

  @Post('deleteaccount')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Deletes the account and everything in it (asks for the password); it cannot be undone' })
  @ApiZodBody(deleteAccountSchema)
  deleteAccount(@Actor() actor: AuthUser, @ZodBody(deleteAccountSchema) body: z.output<typeof deleteAccountSchema>) {
    return this.deletion.deleteOwnAccount(actor, body);
  }
}
