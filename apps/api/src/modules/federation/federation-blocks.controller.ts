import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { blockRemoteSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import type { AuthUser } from '../../common/auth-user';
import { Actor, AuthGuard } from '../auth/auth.guard';
import { FederationBlocks } from './federation-blocks.service';

/** Blocking people on other servers (issue 30), beside block and unblock of people here under /api/user. */
@ApiTags('user: profiles and follows')
@ApiBearerAuth()
@Controller('api/user')
@UseGuards(AuthGuard)
export class FederationBlocksController {
  constructor(private readonly blocks: FederationBlocks) {}

  @Post('blockremote')
  @HttpCode(200)
  @ApiOperation({ summary: 'Block someone on another server by handle: hidden from the caller, follows both ways end (their server is told). Idempotent.' })
  @ApiZodBody(blockRemoteSchema)
  block(@Actor() actor: AuthUser, @ZodBody(blockRemoteSchema) body: z.output<typeof blockRemoteSchema>) {
    return this.blocks.block(actor, body.handle);
  }

  @Post('unblockremote')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unblock someone on another server by handle. Idempotent; follows are not restored.' })
  @ApiZodBody(blockRemoteSchema)
  unblock(@Actor() actor: AuthUser, @ZodBody(blockRemoteSchema) body: z.output<typeof blockRemoteSchema>) {
    return this.blocks.unblock(actor, body.handle);
  }
}
