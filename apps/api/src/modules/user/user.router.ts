import {
  actingUserSchema,
  approveFollowersSchema,
  deleteAccountSchema,
  followSuggestionsSchema,
  followUserSchema,
  loadPublicProfileSchema,
  loadUserByNameSchema,
  searchUsersOrPlacesSchema,
  updateFavoriteOrderSchema,
  updateProfileDetailsSchema,
} from '@siplog/contracts';
import { authedProcedure, publicProcedure, router } from '../../procedures/procedure-tiers';
import type { AccountDeletionService } from './account-deletion.service';
import type { FollowSuggestionsService } from './follow-suggestions.service';
import type { PeopleElsewhereService } from './people-elsewhere.service';
import type { UserService } from './user.service';
import { blockProcedures } from '../block/block.router';
import type { BlockService } from '../block/block.service';

/** Profile images are uploaded over REST (multipart with upload progress); everything else is here. */
export function userRouter(users: UserService, suggestions: FollowSuggestionsService, blocks: BlockService, deletion: AccountDeletionService, elsewhere: PeopleElsewhereService) {
  return router({
    peopleElsewhere: publicProcedure.input(loadPublicProfileSchema).query(({ ctx, input }) => elsewhere.of(input.username, ctx.actor)),
    profile: authedProcedure.input(actingUserSchema).query(({ ctx, input }) => users.loadOwnProfile(ctx.actor, input.email)),
    publicProfile: publicProcedure.input(loadPublicProfileSchema).query(({ ctx, input }) => users.loadPublicProfile(input.username, ctx.actor)),
    byName: authedProcedure.input(loadUserByNameSchema).query(({ ctx, input }) => users.loadUserByName(ctx.actor, input.name)),
    updateFavoriteOrder: authedProcedure
      .input(updateFavoriteOrderSchema)
      .mutation(({ ctx, input }) => users.updateFavoriteOrder(ctx.actor, input)),
    updateDetails: authedProcedure
      .input(updateProfileDetailsSchema)
      .mutation(({ ctx, input }) => users.updateDetails(ctx.actor, input)),
    setApproveFollowers: authedProcedure
      .input(approveFollowersSchema)
      .mutation(({ ctx, input }) => users.setApproveFollowers(ctx.actor, input)),
    deleteProfileImage: authedProcedure
      .input(actingUserSchema)
      .mutation(({ ctx, input }) => users.deleteProfileImage(ctx.actor, input.email)),
    isFollowed: authedProcedure.input(followUserSchema).query(({ ctx, input }) => users.isFollowing(ctx.actor, input)),
    follow: authedProcedure.input(followUserSchema).mutation(({ ctx, input }) => users.follow(ctx.actor, input)),
    unfollow: authedProcedure.input(followUserSchema).mutation(({ ctx, input }) => users.unfollow(ctx.actor, input)),
    followSuggestions: authedProcedure.input(followSuggestionsSchema).query(({ ctx, input }) => suggestions.suggest(ctx.actor, input)),
    ...blockProcedures(blocks),
    deleteAccount: authedProcedure.input(deleteAccountSchema).mutation(({ ctx, input }) => deletion.deleteOwnAccount(ctx.actor, input)),
    search: publicProcedure.input(searchUsersOrPlacesSchema).query(({ ctx, input }) => users.search(ctx.client, input.searchString, ctx.actor)),
  });
}
