import type { IncomingMessage } from 'node:http';
import { type INestApplication, Logger } from '@nestjs/common';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { clientInfoOf } from '../common/client-info';
import { TokenService } from '../modules/auth/token.service';
import { createAppRouter, type AppRouter } from './app.router';
import type { TrpcContext } from '../procedures/procedure-tiers';
import { trpcFastPath, type TrpcFastPath } from './trpc.fast-path';
import { trpcBodyErrors, trpcRequestGuard } from './trpc.guard';
import { TRPC_PATH } from './trpc-query';

export { TRPC_PATH };
const logger = new Logger('tRPC');

/** The caller's address as Express reads it behind the trusted proxy (`req.ip`), for requests answered before Express. */
export type ClientAddress = (req: IncomingMessage) => string | undefined;

/**
 * The handlers under /trpc: the fast path for the common calls (trpc.fast-path.ts), then, for everything it leaves,
 * the request guard and tRPC's own Express adapter, and the JSON body parser's refusals in tRPC's shape; and the fast
 * path itself, whose queries the front door answers before Express. `fastPath: false` is the adapter alone, which the
 * fast path's test compares it with.
 */
export function trpcHandlers(router: AppRouter, tokens: TokenService, addressOf: ClientAddress, { fastPath = true } = {}) {
  const createContext = async (req: IncomingMessage): Promise<TrpcContext> => ({
    client: clientInfoOf(req, addressOf),
    // No Authorization header, no token to verify (verify would answer null a promise later).
    actor: req.headers.authorization === undefined ? null : await tokens.callerOf(req.headers.authorization),
  });
  // Expected failures (AppError, bad input) are answers; only the unexpected is worth a log line.
  const onError = ({ error, path }: { error: TRPCError; path: string | undefined }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') logger.error(`tRPC ${path ?? '?'}: ${error.message}`, error.cause?.stack ?? error.stack);
  };
  const adapter = createExpressMiddleware({
    router,
    createContext: ({ req }) => createContext(req),
    maxBodySize: 256 * 1024,
    onError,
  });
  const fast = trpcFastPath({ router, createContext, onError });
  const handlers = [trpcRequestGuard, adapter, trpcBodyErrors];
  return { handlers: fastPath ? [fast.middleware, ...handlers] : handlers, fast };
}

/**
 * Mounts the tRPC endpoint on the HTTP platform (the one place that touches the Express adapter for tRPC) and answers
 * the fast path, whose queries the front door (front-door.http.ts) sends before Express.
 */
export function mountTrpc(app: INestApplication, addressOf: ClientAddress): TrpcFastPath {
  const { handlers, fast } = trpcHandlers(createAppRouter((type) => app.get(type)), app.get(TokenService), addressOf);
  app.use(TRPC_PATH, ...handlers);
  return fast;
}
