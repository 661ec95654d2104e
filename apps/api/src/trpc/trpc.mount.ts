import type { INestApplication } from '@nestjs/common';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { clientInfoOf } from '../common/client-info';
import { SupportService } from '../modules/support/support.service';
import { createAppRouter } from './app.router';
import type { TrpcContext } from './trpc';

export const TRPC_PATH = '/trpc';

/** Mounts the tRPC endpoint on the HTTP platform: the one place that touches the Express adapter for tRPC. */
export function mountTrpc(app: INestApplication): void {
  const appRouter = createAppRouter({ support: app.get(SupportService) });
  app.use(
    TRPC_PATH,
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }): TrpcContext => ({ client: clientInfoOf(req) }),
      maxBodySize: 256 * 1024,
    }),
  );
}
