import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { followRequestSchema } from '@siplog/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../common/auth-user';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import { FederationFollowRequests } from './federation-follow-requests.service';

/** A person's answers to follow requests from other servers (issue 30); the twins of federation.acceptFollower/rejectFollower. */
@ApiTags('federation: follow requests')
@Controller('api/federation')
@UseGuards(AuthGuard)
export class FederationFollowRequestsController {
  constructor(private readonly requests: FederationFollowRequests) {}

  @Post('acceptfollower')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Accepts a follow request from another server (the follow_request notification's remote_actor_id)" })
  @ApiZodBody(followRequestSchema)
  accept(@Actor() actor: AuthUser, @ZodBody(followRequestSchema) body: z.output<typeof followRequestSchema>) {
    return this.requests.accept(actor, body.remote_actor_id);
  }

  @Post('rejectfollower')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Declines a follow request from another server (the follow_request notification's remote_actor_id)" })
  @ApiZodBody(followRequestSchema)
  reject(@Actor() actor: AuthUser, @ZodBody(followRequestSchema) body: z.output<typeof followRequestSchema>) {
    return this.requests.reject(actor, body.remote_actor_id);
  }
}
