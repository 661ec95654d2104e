import { type INestApplication, Logger } from '@nestjs/common';
import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { Request } from 'express';
import { clientInfoOf } from '../common/client-info';
import { AuthService } from '../modules/auth/auth.service';
import { bearerToken, TokenService } from '../modules/auth/token.service';
import { MapService } from '../modules/map/map.service';
import { PlaceListsService } from '../modules/place/place-lists.service';
import { PlaceService } from '../modules/place/place.service';
import { AdminFilesService } from '../modules/admin/admin-files.service';
import { AdminScreenService } from '../modules/admin/admin-screen.service';
import { AdminUsersService } from '../modules/admin/admin-users.service';
import { PostAuthoringService } from '../modules/post/post-authoring.service';
import { NotificationService } from '../modules/notification/notification.service';
import { UnsubscribeService } from '../modules/notification/unsubscribe.service';
import { PostService } from '../modules/post/post.service';
import { SupportService } from '../modules/support/support.service';
import { AccountDeletionService } from '../modules/user/account-deletion.service';
import { FollowSuggestionsService } from '../modules/user/follow-suggestions.service';
import { UserService } from '../modules/user/user.service';
import { BlockService } from '../modules/block/block.service';
import { ModerationService } from '../modules/moderation/moderation.service';
import { ReportService } from '../modules/moderation/report.service';
import { createAppRouter, type AppRouter } from './app.router';
import type { TrpcContext } from './trpc';
import { trpcFastPath } from './trpc.fast-path';
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
    placeLists: get(PlaceListsService),
    adminUsers: get(AdminUsersService),
    adminFiles: get(AdminFilesService),
    adminScreen: get(AdminScreenService),
    notification: get(NotificationService),
    unsubscribe: get(UnsubscribeService),
    post: get(PostService),
    postAuthoring: get(PostAuthoringService),
    support: get(SupportService),
    user: get(UserService),
    followSuggestions: get(FollowSuggestionsService),
    accountDeletion: get(AccountDeletionService),
    blocks: get(BlockService),
    moderation: get(ModerationService),
    reports: get(ReportService),
  });
}

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
  app.use(TRPC_PATH, ...trpcHandlers(createTrpcRouter((type) => app.get(type)), app.get(TokenService)));
}
