import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { mapRegionAddSchema } from '@siplog/contracts';
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

  @Delete(':slug')
  @ApiOperation({ summary: 'Removes an installed region (every node stops serving it), or forgets a failed fetch' })
  remove(@Actor() actor: AuthUser, @Param('slug') slug: string) {
    return this.regions.remove(actor, { slug });
  }
}
