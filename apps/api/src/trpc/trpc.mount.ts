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

export const TRPC_PATH = '/trpc';
const logger = new Logger('tRPC');

/** Mounts the tRPC endpoint on the HTTP platform: the one place that touches the Express adapter for tRPC. */
export function mountTrpc(app: INestApplication): void {
  const appRouter = createAppRouter({
    auth: app.get(AuthService),
    map: app.get(MapService),
    place: app.get(PlaceService),
    adminUsers: app.get(AdminUsersService),
    adminFiles: app.get(AdminFilesService),
    adminScreen: app.get(AdminScreenService),
    post: app.get(PostService),
    postAuthoring: app.get(PostAuthoringService),
    support: app.get(SupportService),
    user: app.get(UserService),
  });
  const tokens = app.get(TokenService);
  app.use(
    TRPC_PATH,
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
  );
}
