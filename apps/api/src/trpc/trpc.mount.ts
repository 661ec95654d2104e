import { type INestApplication, Logger } from '@nestjs/common';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { Request } from 'express';
import { clientInfoOf } from '../common/client-info';
import { bearerToken, TokenService } from '../modules/auth/token.service';
import { createAppRouter, type AppRouter } from './app.router';
import type { TrpcContext } from '../procedures/procedure-tiers';
import { trpcFastPath } from './trpc.fast-path';
import { trpcBodyErrors, trpcRequestGuard } from './trpc.guard';

export const TRPC_PATH = '/trpc';
const logger = new Logger('tRPC');

/**
 * The handlers under /trpc: the fast path for the common calls (trpc.fast-path.ts), then, for everything it leaves,
 * the request guard and tRPC's own Express adapter, and the JSON body parser's refusals in tRPC's shape.
 * `fastPath: false` is the adapter alone, which the fast path's test compares it with.
 */
export function trpcHandlers(router: AppRouter, tokens: TokenService, { fastPath = true } = {}) {
  const createContext = async (req: Request): Promise<TrpcContext> => ({
    client: clientInfoOf(req),
    // No Authorization header, no token to verify (verify would answer null a promise later).
    actor: req.headers.authorization === undefined ? null : await tokens.verify(bearerToken(req.headers.authorization)),
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
  const handlers = [trpcRequestGuard, adapter, trpcBodyErrors];
  return fastPath ? [trpcFastPath({ router, createContext, onError }), ...handlers] : handlers;
}

/** Mounts the tRPC endpoint on the HTTP platform: the one place that touches the Express adapter for tRPC. */
export function mountTrpc(app: INestApplication): void {
  app.use(TRPC_PATH, ...trpcHandlers(createAppRouter((type) => app.get(type)), app.get(TokenService)));
}
