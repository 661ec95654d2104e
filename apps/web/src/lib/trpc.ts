import { createTRPCClient, httpBatchLink, httpLink, splitLink, type Operation } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@siplog/api';
import { readSession } from '../features/session/session-storage';

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

function explicitToken(op: Operation): string | undefined {
  const token = op.context[TOKEN_CONTEXT_KEY];
  return typeof token === 'string' ? token : undefined;
}

function bearer(token: string | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The one client: the React provider uses it, and so does code outside components (the client log, Logout). */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // A call with its own token goes alone: one batch shares one Authorization header.
      condition: (op) => explicitToken(op) !== undefined,
      true: httpLink({ url: '/trpc', headers: ({ op }) => bearer(explicitToken(op)) }),
      false: httpBatchLink({ url: '/trpc', headers: () => bearer(readSession()?.token) }),
    }),
  ],
});
