import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@siplog/api';

type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A place as the API answers it (design §3): counts, images of its reviews, and its average rating ('' when unrated). */
export type Establishment = RouterOutputs['place']['byId']['establishment'];
/** A city or neighbourhood and its places (/view/{location}). */
export type Area = RouterOutputs['place']['area']['area'];
