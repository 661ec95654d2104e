import { type INestApplication, Logger } from '@nestjs/common';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { clientInfoOf } from '../common/client-info';
import { AuthService } from '../modules/auth/auth.service';
import { bearerToken, TokenService } from '../modules/auth/token.service';
import { MapService } from '../modules/map/map.service';
import { PlaceService } from '../modules/place/place.service';
import { AdminFilesService } from '../modules/admin/admin-files.service';
import { AdminScreenService } from '../modules/admin/admin-screen.service';
import { AdminUsersService } from '../modules/admin/admin-users.service';
import { PostAuthoringService } from '../modules/post/post-authoring.service';
import { PostService } from '../modules/post/post.service';
import { SupportService } from '../modules/support/support.service';
import { UserService } from '../modules/user/user.service';
import { createAppRouter } from './app.router';
import type { TrpcContext } from './trpc';
import { trpcBodyErrors, trpcRequestGuard } from './trpc.guard';

export const TRPC_PATH = '/trpc';
const logger = new Logger('tRPC');

type ProviderOf = <T>(type: new (...args: never[]) => T) => T;

/** The app's tRPC router over the running app's services (also what the fuzz test walks for every procedure). */
export function createTrpcRouter(get: ProviderOf) {
  return createAppRouter({
    auth: get(AuthService),
    map: get(MapService),
    place: get(PlaceService),
    adminUsers: get(AdminUsersService),
    adminFiles: get(AdminFilesService),
    adminScreen: get(AdminScreenService),
    post: get(PostService),
    postAuthoring: get(PostAuthoringService),
    support: get(SupportService),
    user: get(UserService),
  });
}

/** Mounts the tRPC endpoint on the HTTP platform: the one place that touches the Express adapter for tRPC. */
export function mountTrpc(app: INestApplication): void {
  const appRouter = createTrpcRouter((type) => app.get(type));
  const tokens = app.get(TokenService);
  app.use(
    TRPC_PATH,
    trpcRequestGuard,
    createExpressMiddleware({
      router: appRouter,
      createContext: async ({ req }): Promise<TrpcContext> => ({
        client: clientInfoOf(req),
        actor: await tokens.verify(bearerToken(req.headers.authorization)),
      }),
      maxBodySize: 256 * 1024,
      // Expected failures (AppError, bad input) are answers; only the unexpected is worth a log line.
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logger.error(`tRPC ${path ?? '?'}: ${error.message}`, error.cause?.stack ?? error.stack);
      },
    }),
    trpcBodyErrors,
  );
}
