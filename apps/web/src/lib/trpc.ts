import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@siplog/api';
import { readSession } from '../features/session/session-storage';

/** React hooks over the API's tRPC router. */
export const trpc = createTRPCReact<AppRouter>();

/** The one client: the React provider uses it, and so does code outside components (the client log). */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      headers() {
        const token = readSession()?.token;
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});
