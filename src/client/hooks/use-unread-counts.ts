import { useQuery } from '@tanstack/react-query';
import type { ChatShape } from '../../shared/schemas/chat';
import type { NotificationShape } from '../../shared/schemas/notification';
import { useTRPC } from '../trpc';

// The product's badge counts unread chats (docs/product/screens.md#header), not the messages in them.
const unreadChats = (chats: ChatShape[]) => chats.reduce((sum, c) => sum + (c.unreadCount > 0 ? 1 : 0), 0);
const unreadNotifications = (list: NotificationShape[]) => list.reduce((sum, n) => sum + (n.read ? 0 : 1), 0);

/**
 * Chats with unread messages, and unread notifications, for the header badges (docs/product/screens.md#header). Counted from the same
 * `chats.list` and `notifications.list` caches the pages read, which the live subscriptions (realtime/live-updates.tsx)
 * and the pages' own mutations keep current, so the badges move the moment either changes. `enabled` is false for
 * visitors and admins (they have neither page); the counts then read 0, as they do while the first answer is on its way.
 */
export function useUnreadCounts(enabled: boolean): { chats: number; notifications: number } {
  const trpc = useTRPC();
  const chats = useQuery({ ...trpc.chats.list.queryOptions(), enabled, select: unreadChats });
  const notifications = useQuery({ ...trpc.notifications.list.queryOptions(), enabled, select: unreadNotifications });
  return enabled ? { chats: chats.data ?? 0, notifications: notifications.data ?? 0 } : { chats: 0, notifications: 0 };
}
