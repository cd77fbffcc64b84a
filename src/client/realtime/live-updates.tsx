import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { MessageShape } from '../../shared/schemas/chat';
import type { NotificationShape } from '../../shared/schemas/notification';
import { useCurrentUser } from '../hooks/use-current-user';
import { useTRPC } from '../trpc';

/**
 * Keeps the chat and notification queries live for a logged-in user (docs/product/realtime.md). Mounted once in the
 * root layout; pages just use `trpc.chats.list`, `trpc.chats.messages({chatId})` and `trpc.notifications.list`, and
 * the header badges count from the same caches.
 *
 * - A pushed message is added to its chat's cached messages at once; if that conversation is on screen, the query is
 *   refetched, which marks it read on the server (reading marks read), and then the list is refreshed so unread
 *   counts and the order follow.
 * - A pushed notification is put at the top of the cached list.
 * - When the subscription (re)starts — first load, a dropped connection, a server restart — the lists are refetched;
 *   the server replays the messages and notifications missed meanwhile (tracked ids, lastEventId), so the open page
 *   catches up without a reload.
 */
export function LiveUpdates() {
  const { user } = useCurrentUser();
  if (!user) return null;
  // Keyed by user: a different login starts fresh subscriptions.
  return <Subscriptions key={user.id} userId={user.id} />;
}

/** A message the page shows before the server has it: negative ids (see the chat page's optimistic send). */
export const isOptimistic = (m: Pick<MessageShape, 'id'>) => m.id < 0;

function Subscriptions({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.chats.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
  };

  const onMessage = async (message: MessageShape) => {
    const key = trpc.chats.messages.queryKey({ chatId: message.chatId });
    queryClient.setQueryData(key, (old) => {
      if (!old || old.some((m) => m.id === message.id)) return old;
      let rest = old;
      // Our own message from this tab: it replaces its optimistic copy.
      if (message.senderId === userId) {
        const i = old.findIndex((m) => isOptimistic(m) && m.content === message.content);
        if (i >= 0) rest = [...old.slice(0, i), ...old.slice(i + 1)];
      }
      return [...rest, message];
    });
    if (message.senderId !== userId) await queryClient.invalidateQueries({ queryKey: key, refetchType: 'active' });
    await queryClient.invalidateQueries({ queryKey: trpc.chats.list.queryKey() });
  };

  const onNotification = (notification: NotificationShape) => {
    queryClient.setQueryData(trpc.notifications.list.queryKey(), (old) =>
      !old || old.some((n) => n.id === notification.id) ? old : [notification, ...old],
    );
  };

  useSubscription(
    trpc.chats.onMessage.subscriptionOptions(undefined, {
      onStarted: refreshLists,
      onData: ({ data }) => void onMessage(data),
    }),
  );
  useSubscription(
    trpc.notifications.onNotification.subscriptionOptions(undefined, {
      onStarted: refreshLists,
      onData: ({ data }) => onNotification(data),
    }),
  );
  return null;
}
