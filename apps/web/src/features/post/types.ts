import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@siplog/api';

type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A review as every post call answers it (spec §3 Post). */
export type PostView = RouterOutputs['post']['byId']['post'];
/** A review as the order carousels list it (spec §3 Post). */
export type PostSummary = RouterOutputs['post']['recentOrders']['orders'][number];
/** A place the signed-in person has reviewed (the Quick Post's first location choices). */
export type UserPlace = RouterOutputs['post']['userPlaces']['places'][number];
/** A comment as a review's comment list answers it; `blocked` only to the review's author (issue 26). */
export type CommentView = RouterOutputs['post']['comments']['comments'][number];
