import { blockedUsersSchema, blockUserSchema } from '@siplog/contracts';
import { authedProcedure } from '../../procedures/procedure-tiers';
import type { BlockService } from './block.service';

/** Spread into the `user` router: user.block, user.unblock, user.blocked. */
export function blockProcedures(blocks: BlockService) {
  return {
    block: authedProcedure.input(blockUserSchema).mutation(({ ctx, input }) => blocks.block(ctx.actor, input.targetusername)),
    unblock: authedProcedure.input(blockUserSchema).mutation(({ ctx, input }) => blocks.unblock(ctx.actor, input.targetusername)),
    blocked: authedProcedure.input(blockedUsersSchema).query(({ ctx }) => blocks.blockedUsers(ctx.actor)),
  };
}
