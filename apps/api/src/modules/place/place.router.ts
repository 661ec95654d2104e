import {
  addPlaceSchema,
  establishmentIdSchema,
  placeAreaSchema,
  placeByLocationSchema,
  placeFollowSchema,
  placeForFeedSchema,
  placeInBoundsSchema,
  placeSearchSchema,
  placeSelectedSchema,
  suggestAddressSchema,
} from '@siplog/contracts';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import type { PlaceService } from './place.service';

export function placeRouter(places: PlaceService) {
  return router({
    byId: publicProcedure.input(establishmentIdSchema).query(({ input }) => places.loadEstablishment(input.establishment_id)),
    byLocation: publicProcedure.input(placeByLocationSchema).query(({ input }) => places.loadByLocation(input.location)),
    select: publicProcedure.input(placeSelectedSchema).mutation(({ ctx, input }) => places.select(ctx.client, input)),
    forFeed: publicProcedure.input(placeForFeedSchema).query(({ input }) => places.forFeed(input.limit, input.skip)),
    isFollowed: authedProcedure.input(placeFollowSchema).query(({ ctx, input }) => places.isFollowed(ctx.actor, input)),
    follow: authedProcedure.input(placeFollowSchema).mutation(({ ctx, input }) => places.follow(ctx.actor, input)),
    unfollow: authedProcedure.input(placeFollowSchema).mutation(({ ctx, input }) => places.unfollow(ctx.actor, input)),
    followers: publicProcedure.input(establishmentIdSchema).query(({ ctx, input }) => places.followers(input.establishment_id, ctx.actor)),
    inBounds: publicProcedure.input(placeInBoundsSchema).query(({ input }) => places.inBounds(input)),
    search: publicProcedure.input(placeSearchSchema).query(({ ctx, input }) => places.search(ctx.client, input)),
    add: authedProcedure.input(addPlaceSchema).mutation(({ ctx, input }) => places.add(ctx.actor, input)),
    suggestAddress: publicProcedure.input(suggestAddressSchema).query(({ input }) => places.suggestAddress(input)),
    area: publicProcedure.input(placeAreaSchema).query(({ input }) => places.area(input.location)),
  });
}
