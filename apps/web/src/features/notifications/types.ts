import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@siplog/api';

type RouterOutputs = inferRouterOutputs<AppRouter>;

/** One notification as notification.list answers it (issue 16). */
export type NotificationView = RouterOutputs['notification']['list']['notifications'][number];
/** What an unsubscribe link switched: one kind, or every notification e-mail ('all'). */
export type UnsubscribeAnswer = RouterOutputs['notification']['unsubscribe'];
