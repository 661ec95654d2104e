import { followRequestSchema } from '@siplog/contracts';
import { authedProcedure } from '../../procedures/procedure-tiers';
import type { FederationFollowRequests } from './federation-follow-requests.service';

/** A person's answers to follow requests from other servers (issue 30): the twins of the REST routes. */
export function federationProcedures(requests: FederationFollowRequests) {
  return {
    acceptFollower: authedProcedure.input(followRequestSchema).mutation(({ ctx, input }) => requests.accept(ctx.actor, input.remote_actor_id)),
    rejectFollower: authedProcedure.input(followRequestSchema).mutation(({ ctx, input }) => requests.reject(ctx.actor, input.remote_actor_id)),
  };
}
