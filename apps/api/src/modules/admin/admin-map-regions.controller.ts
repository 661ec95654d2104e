import { Body, Controller, Delete, Get, HttpCode, Param, Post, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MAP_REGION_LIMITS, MAP_REGION_MESSAGES, mapRegionAddSchema } from '@siplog/contracts';
import { UploadErrorInterceptor } from '../media/image-upload.interceptor';
import type { AuthUser } from '../../common/auth-user';
import { ApiZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import { AdminGuard } from './admin.guard';
import { AdminMapRegionsService } from './admin-map-regions.service';

/** Map regions (issue 29) over REST: the twins of the admin panel's tRPC calls and of `pnpm map:*`. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/map-regions')
@UseGuards(AuthGuard, AdminGuard)
export class AdminMapRegionsController {
  constructor(private readonly regions: AdminMapRegionsService) {}

  @Get()
  @ApiOperation({ summary: 'The installed map regions, and the fetches under way or failed on any node' })
  list(@Actor() actor: AuthUser) {
    return this.regions.list(actor);
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: "Starts fetching a region ('Portland, OR', or west,south,east,north) from MAP_SOURCE_URL; answers its job" })
  @ApiZodBody(mapRegionAddSchema)
  add(@Actor() actor: AuthUser, @Body() body: unknown) {
    return this.regions.add(actor, body);
  }

  @Post('upload')
  @HttpCode(202)
  @ApiOperation({ summary: 'Adds a region from a .pmtiles file (multipart field `file`, at most 1 GB), installed whole in the background; answers its job' })
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    new UploadErrorInterceptor(MAP_REGION_MESSAGES.uploadTooLarge),
    // The admin guard has already run: only an admin's file is ever read.
    FileInterceptor('file', { limits: { fileSize: MAP_REGION_LIMITS.uploadMaxBytes, files: 1, fields: 2, parts: 3 } }),
  )
  upload(@Actor() actor: AuthUser, @UploadedFile() file: Express.Multer.File | undefined) {
    return this.regions.upload(actor, file);
  }

  @Delete(':slug')
  @ApiOperation({ summary: 'Removes an installed region (every node stops serving it), or forgets a failed fetch' })
  remove(@Actor() actor: AuthUser, @Param('slug') slug: string) {
    return this.regions.remove(actor, { slug });
  }
}
