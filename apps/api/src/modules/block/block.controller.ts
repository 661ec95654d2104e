import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { blockedUsersSchema, blockUserSchema } from '@siplog/contracts';
import type { z } from 'zod';
import { ApiZodBody, ZodBody } from '../../common/zod-body';
import { Actor, AuthGuard } from '../auth/auth.guard';
import type { AuthUser } from '../../common/auth-user';
import { BlockService } from './block.service';

/** Block and unblock (issue 17), beside the user module's calls under /api/user. */
@ApiTags('user: profiles and follows')
@ApiBearerAuth()
@Controller('api/user')
@UseGuards(AuthGuard)
export class BlockController {
  constructor(private readonly blocks: BlockService) {}

  @Post('blockuser')
  @HttpCode(200)
  @ApiOperation({ summary: 'Block a person: both are hidden from each other and follows both ways end. Idempotent.' })
  @ApiZodBody(blockUserSchema)
  block(@Actor() actor: AuthUser, @ZodBody(blockUserSchema) body: z.output<typeof blockUserSchema>) {
    return this.blocks.block(actor, body.targetusername);
  }

  @Post('unblockuser')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unblock a person. Idempotent.' })
  @ApiZodBody(blockUserSchema)
  unblock(@Actor() actor: AuthUser, @ZodBody(blockUserSchema) body: z.output<typeof blockUserSchema>) {
    return this.blocks.unblock(actor, body.targetusername);
  }

  @Post('blockedusers')
  @HttpCode(200)
  @ApiOperation({ summary: 'The people the caller blocked, most recent first' })
  @ApiZodBody(blockedUsersSchema)
  blocked(@Actor() actor: AuthUser, @ZodBody(blockedUsersSchema) _body: z.output<typeof blockedUsersSchema>) {
    return this.blocks.blockedUsers(actor);
  }
}
