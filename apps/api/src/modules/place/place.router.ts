import {
  addPlaceSchema,
  bestOrdersSchema,
  establishmentIdSchema,
  placeAreaSchema,
  placeByLocationSchema,
  placeFollowSchema,
  placeForFeedSchema,
  placeHoursRevertSchema,
  placeHoursSetSchema,
  placeInBoundsSchema,
  placeSearchSchema,
  placeSelectedSchema,
  placesNearSchema,
  suggestAddressSchema,
  wantToTryListSchema,
  wantToTrySchema,
} from '@siplog/contracts';
import { authedProcedure, publicProcedure, router } from '../../procedures/procedure-tiers';
import type { PlaceListsService } from './place-lists.service';
import type { PlaceService } from './place.service';

export function placeRouter(places: PlaceService, lists: PlaceListsService) {
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
    // A mutation only so the point travels in the body: a query's input is in the URL, which proxies log.
    near: publicProcedure.input(placesNearSchema).mutation(({ input }) => places.near(input)),
    suggestAddress: publicProcedure.input(suggestAddressSchema).query(({ input }) => places.suggestAddress(input)),
    area: publicProcedure.input(placeAreaSchema).query(({ input }) => places.area(input.location)),
    setHours: authedProcedure.input(placeHoursSetSchema).mutation(({ ctx, input }) => places.setHours(ctx.actor, input)),
    hoursHistory: publicProcedure.input(establishmentIdSchema).query(({ ctx, input }) => places.hoursHistory(ctx.actor, input.establishment_id)),
    revertHours: authedProcedure.input(placeHoursRevertSchema).mutation(({ ctx, input }) => places.revertHours(ctx.actor, input.change_id)),
    bestOrders: publicProcedure.input(bestOrdersSchema).query(({ input }) => lists.bestOrders(input.establishment_id)),
    wantToTry: authedProcedure.input(wantToTrySchema).mutation(({ ctx, input }) => lists.addWantToTry(ctx.actor, input.establishment_id)),
    removeWantToTry: authedProcedure.input(wantToTrySchema).mutation(({ ctx, input }) => lists.removeWantToTry(ctx.actor, input.establishment_id)),
    wantToTryList: authedProcedure.input(wantToTryListSchema).query(({ ctx }) => lists.wantToTryList(ctx.actor)),
  });
}
