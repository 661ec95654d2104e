import { blockRemoteSchema, remoteFollowSchema, remoteLookupSchema, remoteReplyIdSchema, remoteReviewLikeSchema, remoteReviewReplySchema } from '@siplog/contracts';
import { authedProcedure } from '../../procedures/procedure-tiers';
import type { FederationBlocks } from './federation-blocks.service';
import type { FederationFollowing } from './federation-following.service';
import type { FederationRemoteReactions } from './federation-remote-reactions.service';

/** Following people on other servers (issue 30): the twins of the REST routes, in the federation namespace. */
export function remoteFollowingProcedures(following: FederationFollowing, blocks: FederationBlocks, reactions: FederationRemoteReactions) {
  return {
    lookup: authedProcedure.input(remoteLookupSchema).mutation(({ ctx, input }) => following.lookup(ctx.actor, input.handle)),
    follow: authedProcedure.input(remoteFollowSchema).mutation(({ ctx, input }) => following.follow(ctx.actor, input.remote_actor_id)),
    unfollow: authedProcedure.input(remoteFollowSchema).mutation(({ ctx, input }) => following.unfollow(ctx.actor, input.remote_actor_id)),
    block: authedProcedure.input(blockRemoteSchema).mutation(({ ctx, input }) => blocks.block(ctx.actor, input.handle)),
    unblock: authedProcedure.input(blockRemoteSchema).mutation(({ ctx, input }) => blocks.unblock(ctx.actor, input.handle)),
    likeReview: authedProcedure.input(remoteReviewLikeSchema).mutation(({ ctx, input }) => reactions.like(ctx.actor, input.remote_review_id)),
    unlikeReview: authedProcedure.input(remoteReviewLikeSchema).mutation(({ ctx, input }) => reactions.unlike(ctx.actor, input.remote_review_id)),
    replyToReview: authedProcedure.input(remoteReviewReplySchema).mutation(({ ctx, input }) => reactions.reply(ctx.actor, input.remote_review_id, input.comment)),
    myReplies: authedProcedure.input(remoteReviewLikeSchema).query(({ ctx, input }) => reactions.myReplies(ctx.actor, input.remote_review_id)),
    deleteReply: authedProcedure.input(remoteReplyIdSchema).mutation(({ ctx, input }) => reactions.deleteReply(ctx.actor, input.reply_id)),
  };
}
