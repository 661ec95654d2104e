import { createTRPCClient, httpBatchLink, httpLink, splitLink, type Operation } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@siplog/api';
import { readSession } from './session-storage';
import { reachability } from './offline';

/** React hooks over the API's tRPC router. */
export const trpc = createTRPCReact<AppRouter>();

const TOKEN_CONTEXT_KEY = 'authToken';

/**
 * Call options that send `token` instead of the stored session's: Logout clears the session first and
 * then revokes the token it held, e.g. `trpcClient.auth.logout.mutate(undefined, withToken(token))`.
 */
export function withToken(token: string): { context: Record<string, unknown> } {
  return { context: { [TOKEN_CONTEXT_KEY]: token } };
}

const UNBATCHED_CONTEXT_KEY = 'unbatched';

/**
 * Call options for a call that must travel alone: a large answer (a day of logs) batched with others would wait for
 * all of them, in one response, instead of arriving as soon as it is ready.
 */
export const UNBATCHED = { context: { [UNBATCHED_CONTEXT_KEY]: true } } as const;

function explicitToken(op: Operation): string | undefined {
  const token = op.context[TOKEN_CONTEXT_KEY];
  return typeof token === 'string' ? token : undefined;
}

function bearer(token: string | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Every call notes whether the server answered: the app says when it is offline (lib/offline.ts). */
const watchedFetch = reachability.watch((input, init) => fetch(input, init));

/** The one client: the React provider uses it, and so does code outside components (the client log, Logout). */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // A call with its own token goes alone (one batch shares one Authorization header), as does an UNBATCHED one.
      condition: (op) => explicitToken(op) !== undefined || op.context[UNBATCHED_CONTEXT_KEY] === true,
      true: httpLink({ url: '/trpc', fetch: watchedFetch, headers: ({ op }) => bearer(explicitToken(op) ?? readSession()?.token) }),
      false: httpBatchLink({ url: '/trpc', fetch: watchedFetch, headers: () => bearer(readSession()?.token) }),
    }),
  ],
});
