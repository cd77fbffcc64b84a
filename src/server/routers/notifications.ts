import { tracked } from '@trpc/server';
import { notificationIdInput } from '../../shared/schemas/notification';
import {
  deleteAllNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsAfter,
} from '../services/notifications';
import { protectedProcedure, router } from '../trpc/init';
import { replayInput, subscribeWithReplay } from '../realtime/subscription';

// docs/product/notifications.md: a user's own notifications only; visitors get 401.
export const notificationsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listNotifications(ctx.store, ctx.user.id)),
  markRead: protectedProcedure.input(notificationIdInput).mutation(({ ctx, input }) => markNotificationRead(ctx.store, ctx.user.id, input.id)),
  markAllRead: protectedProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx.store, ctx.user.id)),
  delete: protectedProcedure.input(notificationIdInput).mutation(({ ctx, input }) => deleteNotification(ctx.store, ctx.user.id, input.id)),
  deleteAll: protectedProcedure.mutation(({ ctx }) => deleteAllNotifications(ctx.store, ctx.user.id)),
  /** New notifications of the caller as they are stored; with `lastEventId`, the missed ones first. */
  onNotification: protectedProcedure.input(replayInput).subscription(async function* ({ ctx, input, signal }) {
    const events = subscribeWithReplay(ctx, signal!, input.lastEventId, {
      missed: (afterId) => notificationsAfter(ctx.store, ctx.user.id, afterId),
      pick: (event) => (event.kind === 'notification' ? event.notification : undefined),
    });
    for await (const notification of events) yield tracked(String(notification.id), notification);
  }),
});
