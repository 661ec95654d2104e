import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { federationDomainPolicySchema, federationSwitchSchema } from '@siplog/contracts';
import type { AuthUser } from '../../common/auth-user';
import { ApiZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import { AdminGuard } from './admin.guard';
import { AdminFederationService } from './admin-federation.service';

/** Federation (issue 30) over REST: the twins of the admin panel's tRPC calls. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/federation')
@UseGuards(AuthGuard, AdminGuard)
export class AdminFederationController {
  constructor(private readonly federation: AdminFederationService) {}

  @Get()
  @ApiOperation({ summary: 'Whether federation is on, blocked and silenced servers, known servers, and the delivery queue' })
  status(@Actor() actor: AuthUser) {
    return this.federation.status(actor);
  }

  @Post('switch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns federation on or off on every node (needs an https PUBLIC_URL)' })
  @ApiZodBody(federationSwitchSchema)
  setEnabled(@Actor() actor: AuthUser, @Body() body: unknown) {
    return this.federation.setEnabled(actor, body);
  }

  @Post('domains')
  @HttpCode(200)
  @ApiOperation({ summary: "Blocks or silences another server by its domain; a block ends its follows both ways" })
  @ApiZodBody(federationDomainPolicySchema)
  setDomainPolicy(@Actor() actor: AuthUser, @Body() body: unknown) {
    return this.federation.setDomainPolicy(actor, body);
  }

  @Delete('domains/:host')
  @ApiOperation({ summary: 'Lifts a block or silence' })
  removeDomainPolicy(@Actor() actor: AuthUser, @Param('host') host: string) {
    return this.federation.removeDomainPolicy(actor, { host });
  }

  @Post('deliveries/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Puts a failed delivery back in the queue, due now' })
  retryDelivery(@Actor() actor: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return this.federation.retryDelivery(actor, { id });
  }

  @Delete('deliveries/:id')
  @ApiOperation({ summary: 'Drops a delivery from the queue' })
  dropDelivery(@Actor() actor: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return this.federation.dropDelivery(actor, { id });
  }
}
