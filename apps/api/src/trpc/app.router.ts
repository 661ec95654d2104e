import { adminFilesProcedures } from '../modules/admin/admin-files.router';
import type { AdminFilesService } from '../modules/admin/admin-files.service';
import { adminScreenProcedures } from '../modules/admin/admin-screen.router';
import type { AdminScreenService } from '../modules/admin/admin-screen.service';
import { adminUsersProcedures } from '../modules/admin/admin-users.router';
import type { AdminUsersService } from '../modules/admin/admin-users.service';
import { authRouter } from '../modules/auth/auth.router';
import type { AuthService } from '../modules/auth/auth.service';
import { mapRouter } from '../modules/map/map.router';
import type { MapService } from '../modules/map/map.service';
import { notificationRouter } from '../modules/notification/notification.router';
import type { NotificationService } from '../modules/notification/notification.service';
import type { UnsubscribeService } from '../modules/notification/unsubscribe.service';
import { placeRouter } from '../modules/place/place.router';
import type { PlaceListsService } from '../modules/place/place-lists.service';
import type { PlaceService } from '../modules/place/place.service';
import { postRouter } from '../modules/post/post.router';
import type { PostAuthoringService } from '../modules/post/post-authoring.service';
import type { PostService } from '../modules/post/post.service';
import { supportRouter } from '../modules/support/support.router';
import type { SupportService } from '../modules/support/support.service';
import { userRouter } from '../modules/user/user.router';
import type { AccountDeletionService } from '../modules/user/account-deletion.service';
import type { FollowSuggestionsService } from '../modules/user/follow-suggestions.service';
import type { UserService } from '../modules/user/user.service';
import type { BlockService } from '../modules/block/block.service';
import { moderationProcedures, reportRouter } from '../modules/moderation/moderation.router';
import type { ModerationService } from '../modules/moderation/moderation.service';
import type { ReportService } from '../modules/moderation/report.service';
import { router } from './trpc';

/** The services the domain routers adapt; mountTrpc hands them over from Nest's container. */
export interface RouterServices {
  adminUsers: AdminUsersService;
  adminFiles: AdminFilesService;
  adminScreen: AdminScreenService;
  auth: AuthService;
  map: MapService;
  notification: NotificationService;
  unsubscribe: UnsubscribeService;
  place: PlaceService;
  placeLists: PlaceListsService;
  post: PostService;
  postAuthoring: PostAuthoringService;
  support: SupportService;
  user: UserService;
  followSuggestions: FollowSuggestionsService;
  accountDeletion: AccountDeletionService;
  blocks: BlockService;
  moderation: ModerationService;
  reports: ReportService;
}

export function createAppRouter(services: RouterServices) {
  return router({
    admin: router({
      ...adminScreenProcedures(services.adminScreen),
      ...adminUsersProcedures(services.adminUsers),
      ...adminFilesProcedures(services.adminFiles),
      ...moderationProcedures(services.moderation),
    }),
    auth: authRouter(services.auth),
    map: mapRouter(services.map),
    notification: notificationRouter(services.notification, services.unsubscribe),
    place: placeRouter(services.place, services.placeLists),
    post: postRouter(services.post, services.postAuthoring),
    report: reportRouter(services.reports),
    support: supportRouter(services.support),
    user: userRouter(services.user, services.followSuggestions, services.blocks, services.accountDeletion),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
