import { emailSettingsSchema, emailSettingsUpdateSchema, markReadSchema, notificationCursorSchema, unreadCountSchema, unsubscribeSchema } from '@siplog/contracts';
import { authedProcedure, publicProcedure, router } from '../../procedures/procedure-tiers';
import type { NotificationService } from './notification.service';
import type { UnsubscribeService } from './unsubscribe.service';

export function notificationRouter(notifications: NotificationService, unsubscribes: UnsubscribeService) {
  return router({
    list: authedProcedure.input(notificationCursorSchema).query(({ ctx, input }) => notifications.listPage(ctx.actor, input.limit, input.cursor)),
    unreadCount: authedProcedure.input(unreadCountSchema).query(({ ctx }) => notifications.unreadCount(ctx.actor)),
    markRead: authedProcedure.input(markReadSchema).mutation(({ ctx, input }) => notifications.markRead(ctx.actor, input)),
    emailSettings: authedProcedure.input(emailSettingsSchema).query(({ ctx }) => notifications.emailSettings(ctx.actor.id)),
    updateEmailSettings: authedProcedure
      .input(emailSettingsUpdateSchema)
      .mutation(({ ctx, input }) => notifications.updateEmailSettings(ctx.actor, input)),
    unsubscribe: publicProcedure.input(unsubscribeSchema).mutation(({ input }) => unsubscribes.apply(input.token, !input.resubscribe)),
  });
}
