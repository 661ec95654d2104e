import type { z } from 'zod';
import type { TrpcQuery } from '../../trpc/trpc-query';
import {
  establishmentIdSchema,
  idFromPath,
  webPageMatch,
  type WebRouteName,
  type WebRouteParams,
  loadPublicProfileSchema,
  pageSchema,
  placeAreaSchema,
  placeByLocationSchema,
  placeForFeedSchema,
  placeInBoundsSchema,
  postIdSchema,
  recentPostsCursorSchema,
  userOrdersSchema,
} from '@siplog/contracts';
import { FEED_SKIP_FREE } from '../post/post.service';
import { ANY_PLACE, ANY_POST, HOURS_CLOCK, MAP_REGIONS, personTag, placeTag, postTag } from './public-cache.tags';

/**
 * The reads whose signed-out answer is the same for every visitor, by operation: the REST path and the tRPC procedure
 * that answer it (either may be absent), its input schema and the tags its answer depends on given that input.
 * Anything not listed here is never kept. An input the schema refuses yields no tags: its answer is an error, and
 * errors are not kept either.
 */
interface PublicRead<S extends z.ZodType> {
  rest?: string;
  trpc?: string;
  schema: S;
  tags: (input: z.output<S>) => string[] | null;
}
type AnyPublicRead = PublicRead<z.ZodType>;

const read = <S extends z.ZodType>(served: { rest?: string; trpc?: string }, schema: S, tags: (input: z.output<S>) => string[] | null): AnyPublicRead =>
  ({ ...served, schema, tags }) as AnyPublicRead;

const onePost = ({ postid }: { postid: number }) => [postTag(postid)];
const onePlace = ({ establishment_id }: { establishment_id: number }) => [placeTag(establishment_id)];
const onePerson = ({ username }: { username: string }) => [personTag(username)];
const anyPlace = () => [ANY_PLACE];
const noInput = { safeParse: () => ({ success: true, data: undefined }) } as unknown as z.ZodType;

const PUBLIC_READS: readonly AnyPublicRead[] = [
  read({ rest: '/api/post/loadrecentposts' }, pageSchema, ({ skip }) => (skip <= FEED_SKIP_FREE ? [ANY_POST] : null)),
  read({ trpc: 'post.recent' }, recentPostsCursorSchema, () => [ANY_POST]),
  read({ rest: '/api/post/loadpost', trpc: 'post.byId' }, postIdSchema, onePost),
  read({ rest: '/api/post/loadcomments', trpc: 'post.comments' }, postIdSchema, onePost),
  read({ rest: '/api/post/loadpostsbyestablishment', trpc: 'post.byEstablishment' }, establishmentIdSchema, onePlace),
  read({ rest: '/api/post/loadrecentordersforuser', trpc: 'post.recentOrders' }, userOrdersSchema, onePerson),
  read({ rest: '/api/post/loadfivestarordersforuser', trpc: 'post.fiveStarOrders' }, userOrdersSchema, onePerson),
  read({ rest: '/api/place/loadestablishment', trpc: 'place.byId' }, establishmentIdSchema, onePlace),
  read({ rest: '/api/place/bestorders', trpc: 'place.bestOrders' }, establishmentIdSchema, onePlace),
  read({ rest: '/api/place/followers', trpc: 'place.followers' }, establishmentIdSchema, onePlace),
  read({ rest: '/api/place/loadestablishmentbylocation', trpc: 'place.byLocation' }, placeByLocationSchema, anyPlace),
  read({ rest: '/api/place/placeforfeed', trpc: 'place.forFeed' }, placeForFeedSchema, anyPlace),
  // Open now changes by the minute: never kept. Other pins carry hours that the hours clock ages.
  read({ rest: '/api/place/inbounds', trpc: 'place.inBounds' }, placeInBoundsSchema, ({ open }) => (open ? null : [ANY_PLACE, HOURS_CLOCK])),
  read({ rest: '/api/place/area', trpc: 'place.area' }, placeAreaSchema, anyPlace),
  read({ rest: '/api/user/loadpublicprofile', trpc: 'user.publicProfile' }, loadPublicProfileSchema, onePerson),
  read({ trpc: 'map.config' }, noInput, () => [MAP_REGIONS]),
];

const byTransport = (transport: 'rest' | 'trpc'): ReadonlyMap<string, AnyPublicRead> =>
  new Map(PUBLIC_READS.flatMap((entry) => (entry[transport] === undefined ? [] : [[entry[transport], entry] as const])));
export const PUBLIC_REST_READS = byTransport('rest');
const PUBLIC_TRPC_READS = byTransport('trpc');

/** The tags of one read's answer for this (unparsed) input, or null when it is not to be kept. */
export function tagsOfRead(publicRead: AnyPublicRead | undefined, input: unknown): string[] | null {
  if (!publicRead) return null;
  const parsed = publicRead.schema.safeParse(input);
  return parsed.success ? publicRead.tags(parsed.data) : null;
}

/**
 * What a page's HTML depends on, by page: a profile's or a place's data and the share preview of a review, a place or
 * a person (web-page-data.ts); every other page is the same shell (no tags but EVERYTHING). Null: not to be kept.
 */
const PAGE_TAGS: Partial<Record<WebRouteName, (params: WebRouteParams) => string[] | null>> = {
  // Digits name a place; anything else is an area, whose page is the shell.
  view: ({ param }) => {
    const id = idFromPath(param!);
    return id === null ? [] : [placeTag(id)];
  },
  post: ({ id }) => {
    const postId = idFromPath(id!);
    return postId === null ? [] : [postTag(postId)];
  },
  // Found by slug, place_id or point: which place is not known before the read, so any place's change.
  placeByLocation: () => [ANY_PLACE],
  profile: ({ username }) => {
    try {
      return [personTag(decodeURIComponent(username!).trim().toLowerCase())];
    } catch {
      return null;
    }
  },
};

/** The tags of a page's HTML (see PAGE_TAGS), or null when the path is no page or its answer is not to be kept. */
export function tagsOfPage(pathname: string): string[] | null {
  const match = webPageMatch(pathname);
  if (!match) return null;
  return PAGE_TAGS[match.page]?.(match.params) ?? [];
}

/**
 * Public tRPC reads whose answer to a signed-in reader who hides no one (no block either way) is the signed-out
 * answer, so it may be sent from what is kept: their procedures read the caller only for the ids a block hides from
 * them (BlockService.hiddenFor), or not at all. Not post.comments: a reader's blocks of people elsewhere also fold
 * replies there (BlockService.withoutBlockedReplies). public-cache.signed-in.api.spec.ts holds each to it.
 */
export const ALIKE_FOR_READERS_HIDING_NO_ONE: ReadonlySet<string> = new Set([
  'post.recent',
  'post.byId',
  'post.byEstablishment',
  'post.recentOrders',
  'post.fiveStarOrders',
  'place.byId',
  'place.bestOrders',
  'place.followers',
  'place.byLocation',
  'place.forFeed',
  'place.inBounds',
  'place.area',
  'user.publicProfile',
  'map.config',
]);

/** Whether every procedure of the call answers a signed-in reader who hides no one as it answers everyone. */
export function alikeForReadersHidingNoOne(call: TrpcQuery): boolean {
  return call.paths.every((path) => ALIKE_FOR_READERS_HIDING_NO_ONE.has(path));
}

/**
 * The tags of a tRPC GET (`/trpc/a.b,c.d?batch=1&input={"0":…,"1":…}` or one procedure with `?input=…`): every
 * procedure of the call must be a public read with a valid input, else null.
 */
export function tagsOfTrpcQuery({ paths, isBatch, input }: TrpcQuery): string[] | null {
  const tags: string[] = [];
  for (const [index, name] of paths.entries()) {
    const one = isBatch ? (input as Record<string, unknown> | undefined)?.[index] : input;
    const these = tagsOfRead(PUBLIC_TRPC_READS.get(name), one);
    if (!these) return null;
    tags.push(...these);
  }
  return tags;
}
