import {
  bestOrdersSchema,
  establishmentIdSchema,
  loadPublicProfileSchema,
  pageSchema,
  placeAreaSchema,
  placeByLocationSchema,
  placeForFeedSchema,
  placeInBoundsSchema,
  postIdSchema,
  userOrdersSchema,
} from '@siplog/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import type { ClientInfo } from '../common/client-info';
import { PlaceListsController } from '../modules/place/place-lists.controller';
import { PlaceController } from '../modules/place/place.controller';
import { PostController } from '../modules/post/post.controller';
import { UserController } from '../modules/user/user.controller';
import type { FastRestRead } from './rest-reads.fast-path';

/** A read: its controller's @ZodBody schema and the controller method, given what its parameter decorators would. */
function read<S extends z.ZodType>(
  schema: S,
  readsCaller: boolean,
  answer: (body: z.output<S>, caller: AuthUser | null, client: ClientInfo) => unknown,
): FastRestRead {
  return { schema, readsCaller, answer: answer as FastRestRead['answer'] };
}

/**
 * The public REST reads (public-reads.ts PUBLIC_REST_READS, which the public cache keeps) that the front door answers
 * before Express, each through its own controller's method: the controller stays the one adapter over its service.
 * A read listed here must take the schema its @ZodBody takes; rest-reads.fast-path.api.spec.ts compares every one
 * with what Nest answers, bad input included.
 */
export function fastRestReads(app: { get: <T>(type: new (...args: never[]) => T) => T }): ReadonlyMap<string, FastRestRead> {
  const post = app.get(PostController);
  const place = app.get(PlaceController);
  const lists = app.get(PlaceListsController);
  const user = app.get(UserController);
  return new Map([
    ['/api/post/loadrecentposts', read(pageSchema, true, (body, caller, client) => post.recent(caller, client, body))],
    ['/api/post/loadpost', read(postIdSchema, true, (body, caller) => post.byId(caller, body))],
    ['/api/post/loadcomments', read(postIdSchema, true, (body, caller) => post.comments(caller, body))],
    ['/api/post/loadpostsbyestablishment', read(establishmentIdSchema, true, (body, caller) => post.byEstablishment(caller, body))],
    ['/api/post/loadrecentordersforuser', read(userOrdersSchema, true, (body, caller) => post.recentOrders(caller, body))],
    ['/api/post/loadfivestarordersforuser', read(userOrdersSchema, true, (body, caller) => post.fiveStarOrders(caller, body))],
    ['/api/place/loadestablishment', read(establishmentIdSchema, false, (body) => place.loadEstablishment(body))],
    ['/api/place/bestorders', read(bestOrdersSchema, false, (body) => lists.bestOrders(body))],
    ['/api/place/followers', read(establishmentIdSchema, true, (body, caller) => place.followers(caller, body))],
    ['/api/place/loadestablishmentbylocation', read(placeByLocationSchema, false, (body) => place.loadByLocation(body))],
    ['/api/place/placeforfeed', read(placeForFeedSchema, false, (body) => place.forFeed(body))],
    ['/api/place/inbounds', read(placeInBoundsSchema, false, (body) => place.inBounds(body))],
    ['/api/place/area', read(placeAreaSchema, false, (body) => place.area(body))],
    ['/api/user/loadpublicprofile', read(loadPublicProfileSchema, true, (body, caller) => user.loadPublicProfile(caller, body))],
  ]);
}
