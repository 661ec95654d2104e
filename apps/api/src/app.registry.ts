import type { DynamicModule, Type } from '@nestjs/common';
import type { AnyRouter } from '@trpc/server';
import { adminFilesProcedures } from './modules/admin/admin-files.router';
import { adminFederationProcedures } from './modules/admin/admin-federation.router';
import { AdminFederationService } from './modules/admin/admin-federation.service';
import { adminMapRegionsProcedures } from './modules/admin/admin-map-regions.router';
import { AdminMapRegionsService } from './modules/admin/admin-map-regions.service';
import { AdminFilesService } from './modules/admin/admin-files.service';
import { adminScreenProcedures } from './modules/admin/admin-screen.router';
import { AdminScreenService } from './modules/admin/admin-screen.service';
import { adminUsersProcedures } from './modules/admin/admin-users.router';
import { AdminUsersService } from './modules/admin/admin-users.service';
import { AdminModule } from './modules/admin/admin.module';
import { authRouter } from './modules/auth/auth.router';
import { AuthModule } from './modules/auth/auth.module';
import { AuthService } from './modules/auth/auth.service';
import { BlockModule } from './modules/block/block.module';
import { BlockService } from './modules/block/block.service';
import { DatabaseModule } from './modules/database/database.module';
import { EventsModule } from './modules/events/events.module';
import { FederationFollowRequests } from './modules/federation/federation-follow-requests.service';
import { FederationModule } from './modules/federation/federation.module';
import { federationProcedures } from './modules/federation/federation.router';
import { FederationBlocks } from './modules/federation/federation-blocks.service';
import { FederationFollowing } from './modules/federation/federation-following.service';
import { FederationRemoteReactions } from './modules/federation/federation-remote-reactions.service';
import { remoteFollowingProcedures } from './modules/federation/federation-following.router';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { mapRouter } from './modules/map/map.router';
import { MapModule } from './modules/map/map.module';
import { MapService } from './modules/map/map.service';
import { MediaModule } from './modules/media/media.module';
import { moderationProcedures, reportRouter } from './modules/moderation/moderation.router';
import { ModerationModule } from './modules/moderation/moderation.module';
import { ModerationService } from './modules/moderation/moderation.service';
import { ReportService } from './modules/moderation/report.service';
import { notificationRouter } from './modules/notification/notification.router';
import { NotificationModule } from './modules/notification/notification.module';
import { NotificationService } from './modules/notification/notification.service';
import { UnsubscribeService } from './modules/notification/unsubscribe.service';
import { placeRouter } from './modules/place/place.router';
import { PlaceListsService } from './modules/place/place-lists.service';
import { PlaceModule } from './modules/place/place.module';
import { PlaceService } from './modules/place/place.service';
import { postRouter } from './modules/post/post.router';
import { PostAuthoringService } from './modules/post/post-authoring.service';
import { PostModule } from './modules/post/post.module';
import { PostService } from './modules/post/post.service';
import { PublicCacheModule } from './modules/public-cache/public-cache.module';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module';
import { SharedCacheModule } from './modules/shared-cache/shared-cache.module';
import { supportRouter } from './modules/support/support.router';
import { SupportModule } from './modules/support/support.module';
import { SupportService } from './modules/support/support.service';
import { userRouter } from './modules/user/user.router';
import { AccountDeletionService } from './modules/user/account-deletion.service';
import { FollowSuggestionsService } from './modules/user/follow-suggestions.service';
import { PeopleElsewhereService } from './modules/user/people-elsewhere.service';
import { UserModule } from './modules/user/user.module';
import { UserService } from './modules/user/user.service';
import { router } from './procedures/procedure-tiers';

/** Hands a router the running app's instance of a service (Nest's container, or a test's). */
export type ProviderOf = <T>(type: new (...args: never[]) => T) => T;

interface AppPart {
  module: Type<unknown> | DynamicModule;
  /** The tRPC namespace the part serves under its key, built over the app's services. */
  router?: (get: ProviderOf) => AnyRouter;
}

/**
 * The API's parts: each Nest module, with the tRPC router it serves under its key. Adding a module is one entry here
 * (app.module.ts imports them in this order, the root router takes every `router`). Parts without a router keep
 * plain names; a part with one is keyed by its tRPC namespace.
 */
export const APP_PARTS = {
  database: { module: DatabaseModule },
  events: { module: EventsModule },
  sharedCache: { module: SharedCacheModule },
  publicCache: { module: PublicCacheModule },
  mail: { module: MailModule },
  notification: {
    module: NotificationModule,
    router: (get: ProviderOf) => notificationRouter(get(NotificationService), get(UnsubscribeService)),
  },
  blocks: { module: BlockModule },
  rateLimit: { module: RateLimitModule },
  media: { module: MediaModule },
  map: { module: MapModule, router: (get: ProviderOf) => mapRouter(get(MapService)) },
  place: { module: PlaceModule, router: (get: ProviderOf) => placeRouter(get(PlaceService), get(PlaceListsService)) },
  auth: { module: AuthModule, router: (get: ProviderOf) => authRouter(get(AuthService)) },
  user: {
    module: UserModule,
    router: (get: ProviderOf) => userRouter(get(UserService), get(FollowSuggestionsService), get(BlockService), get(AccountDeletionService), get(PeopleElsewhereService)),
  },
  post: { module: PostModule, router: (get: ProviderOf) => postRouter(get(PostService), get(PostAuthoringService)) },
  support: { module: SupportModule, router: (get: ProviderOf) => supportRouter(get(SupportService)) },
  admin: {
    module: AdminModule,
    // The admin screen's calls, the moderation queue's among them, share one namespace.
    router: (get: ProviderOf) =>
      router({
        ...adminScreenProcedures(get(AdminScreenService)),
        ...adminUsersProcedures(get(AdminUsersService)),
        ...adminFilesProcedures(get(AdminFilesService)),
        ...adminMapRegionsProcedures(get(AdminMapRegionsService)),
        ...adminFederationProcedures(get(AdminFederationService)),
        ...moderationProcedures(get(ModerationService)),
      }),
  },
  federation: {
    module: FederationModule,
    router: (get: ProviderOf) => router({ ...federationProcedures(get(FederationFollowRequests)), ...remoteFollowingProcedures(get(FederationFollowing), get(FederationBlocks), get(FederationRemoteReactions)) }),
  },
  report: { module: ModerationModule, router: (get: ProviderOf) => reportRouter(get(ReportService)) },
  health: { module: HealthModule },
} satisfies Record<string, AppPart>;

type Parts = typeof APP_PARTS;
type RoutedKey = { [K in keyof Parts]: Parts[K] extends { router: unknown } ? K : never }[keyof Parts];

/** The routers of the parts that have one, by namespace, with their exact types (the web app's client is typed from them). */
export type PartRouters = { [K in RoutedKey]: Parts[K] extends { router: (get: ProviderOf) => infer R } ? R : never };

export function partRouters(get: ProviderOf): PartRouters {
  const routers: Record<string, AnyRouter> = {};
  for (const [key, part] of Object.entries(APP_PARTS) as Array<[string, AppPart]>) {
    if (part.router) routers[key] = part.router(get);
  }
  return routers as PartRouters;
}

export const APP_MODULES = Object.values(APP_PARTS).map((part: AppPart) => part.module);
