import type { z } from 'zod';
import {
  establishmentIdSchema,
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
import { ANY_PLACE, ANY_POST, personTag, placeTag, postTag } from './public-cache.tags';

/**
 * The reads whose signed-out answer is the same for every visitor, by REST path and by tRPC procedure, with the
 * tags each answer depends on given its input. Anything not listed here is never kept. An input the schema refuses
 * yields no tags: its answer is an error, and errors are not kept either.
 */
interface PublicRead<S extends z.ZodType> {
  schema: S;
  tags: (input: z.output<S>) => string[] | null;
}

const read = <S extends z.ZodType>(schema: S, tags: (input: z.output<S>) => string[] | null): PublicRead<z.ZodType> =>
  ({ schema, tags }) as PublicRead<z.ZodType>;

const feedPage = read(pageSchema, ({ skip }) => (skip <= FEED_SKIP_FREE ? [ANY_POST] : null));
const recentByCursor = read(recentPostsCursorSchema, () => [ANY_POST]);
const onePost = read(postIdSchema, ({ postid }) => [postTag(postid)]);
const onePlace = read(establishmentIdSchema, ({ establishment_id }) => [placeTag(establishment_id)]);
const orders = read(userOrdersSchema, ({ username }) => [personTag(username)]);
const profile = read(loadPublicProfileSchema, ({ username }) => [personTag(username)]);
const places = <S extends z.ZodType>(schema: S) => read(schema, () => [ANY_PLACE]);

export const PUBLIC_REST_READS: ReadonlyMap<string, PublicRead<z.ZodType>> = new Map([
  ['/api/post/loadrecentposts', feedPage],
  ['/api/post/loadpost', onePost],
  ['/api/post/loadcomments', onePost],
  ['/api/post/loadpostsbyestablishment', onePlace],
  ['/api/post/loadrecentordersforuser', orders],
  ['/api/post/loadfivestarordersforuser', orders],
  ['/api/place/loadestablishment', onePlace],
  ['/api/place/bestorders', onePlace],
  ['/api/place/followers', onePlace],
  ['/api/place/loadestablishmentbylocation', places(placeByLocationSchema)],
  ['/api/place/placeforfeed', places(placeForFeedSchema)],
  ['/api/place/inbounds', places(placeInBoundsSchema)],
  ['/api/place/area', places(placeAreaSchema)],
  ['/api/user/loadpublicprofile', profile],
]);

const noInput = { schema: { safeParse: () => ({ success: true, data: undefined }) }, tags: () => [] } as unknown as PublicRead<z.ZodType>;

export const PUBLIC_TRPC_READS: ReadonlyMap<string, PublicRead<z.ZodType>> = new Map([
  ['post.recent', recentByCursor],
  ['post.byId', onePost],
  ['post.comments', onePost],
  ['post.byEstablishment', onePlace],
  ['post.recentOrders', orders],
  ['post.fiveStarOrders', orders],
  ['place.byId', onePlace],
  ['place.bestOrders', onePlace],
  ['place.followers', onePlace],
  ['place.byLocation', places(placeByLocationSchema)],
  ['place.forFeed', places(placeForFeedSchema)],
  ['place.inBounds', places(placeInBoundsSchema)],
  ['place.area', places(placeAreaSchema)],
  ['user.publicProfile', profile],
  ['map.config', noInput],
]);

/** The tags of one read's answer for this (unparsed) input, or null when it is not to be kept. */
export function tagsOfRead(publicRead: PublicRead<z.ZodType> | undefined, input: unknown): string[] | null {
  if (!publicRead) return null;
  const parsed = publicRead.schema.safeParse(input);
  return parsed.success ? publicRead.tags(parsed.data) : null;
}

const PROFILE_PAGE = /^\/user\/([^/]+)\/?$/;
const PLACE_PAGE = /^\/view\/(\d{1,15})\/?$/;
const PLACE_LOCATION_PAGE = /^\/view\/location\/[^/]+\/?$/;
const POST_PAGE = /^\/post\/(\d{1,15})\/?$/;

/**
 * A page's HTML carries a profile's or a place's data and the share preview of a review, a place or a person
 * (web-page-data.ts); every other page is the same shell.
 */
export function tagsOfPage(pathname: string): string[] | null {
  const place = PLACE_PAGE.exec(pathname);
  if (place) return [placeTag(Number(place[1]))];
  const post = POST_PAGE.exec(pathname);
  if (post) return [postTag(Number(post[1]))];
  // Found by slug, place_id or point: which place is not known before the read, so any place's change.
  if (PLACE_LOCATION_PAGE.test(pathname)) return [ANY_PLACE];
  const person = PROFILE_PAGE.exec(pathname);
  if (!person) return [];
  try {
    return [personTag(decodeURIComponent(person[1]).trim().toLowerCase())];
  } catch {
    return null;
  }
}

/**
 * The tags of a tRPC GET (`/trpc/a.b,c.d?batch=1&input={"0":…,"1":…}` or one procedure with `?input=…`): every
 * procedure of the call must be a public read with a valid input, else null.
 */
export function tagsOfTrpcQuery(procedurePath: string, search: URLSearchParams): string[] | null {
  const names = procedurePath.split(',');
  const batched = search.get('batch') === '1';
  if (!batched && names.length !== 1) return null;
  // One input only: with two, which one a parser takes is its own business, and the tags must match the answer.
  if (search.getAll('input').length > 1 || search.getAll('batch').length > 1) return null;
  const rawInput = search.get('input');
  let inputs: unknown;
  try {
    inputs = rawInput === null ? undefined : JSON.parse(rawInput);
  } catch {
    return null;
  }
  const tags: string[] = [];
  for (const [index, name] of names.entries()) {
    const input = batched ? (inputs as Record<string, unknown> | undefined)?.[index] : inputs;
    const these = tagsOfRead(PUBLIC_TRPC_READS.get(name), input);
    if (!these) return null;
    tags.push(...these);
  }
  return tags;
}
