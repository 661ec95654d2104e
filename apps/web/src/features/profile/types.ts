import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@siplog/api';

type RouterOutputs = inferRouterOutputs<AppRouter>;

/** What anyone may see of a person (the public profile and by-name answers). */
export type PublicProfile = RouterOutputs['user']['publicProfile']['user'];
/** The signed-in person's own profile (adds e-mail, gender and followed place ids). */
export type OwnProfile = RouterOutputs['user']['profile']['user'];
