import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_TEXTS, type NotificationShape } from '../../../shared/schemas/notification';
import { toast } from '../../lib/toaster';
import { useTRPC } from '../../trpc';

type Change<V> = (list: NotificationShape[], variables: V) => NotificationShape[];

/**
 * Puts back the cards a refused call changed, as they were before it, and leaves the rest as they are now: with two
 * quick clicks on one card, each refusal undoes only its own change, in whichever order the answers come.
 */
function putBack(current: NotificationShape[], previous: NotificationShape[], touched: (n: NotificationShape) => boolean) {
  const restored = new Map(previous.filter(touched).map((n) => [n.id, n]));
  const kept = current.filter((n) => !restored.has(n.id));
  const order = new Map(previous.map((n, i) => [n.id, i]));
  // Arrivals since (not in `previous`) stay on top; the rest take their old places.
  return [...kept, ...restored.values()].sort((a, b) => (order.get(a.id) ?? -1) - (order.get(b.id) ?? -1));
}

/**
 * The /varslinger actions (docs/product/states.md#notification, docs/product/errors.md). Each one changes the cached
 * `notifications.list` at once, so the card and the header badge (hooks/use-unread-counts.ts, same cache) follow
 * without waiting for the server; a refused call puts back the cards it changed. Failures show no toast: the product's
 * rule for notification calls is to fail without one, and the card returning to its old state is the visible answer.
 */
export function useNotificationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.notifications.list.queryKey();

  function optimistic<V>(change: Change<V>, successTitle?: string) {
    const touches = (variables: V) => (n: NotificationShape) => !(variables && typeof variables === 'object' && 'id' in variables) || n.id === variables.id;
    return {
      onMutate: async (variables: V) => {
        // A refetch already on its way (a reconnect's refresh) would answer with the old state over ours.
        await queryClient.cancelQueries({ queryKey: listKey });
        const previous = queryClient.getQueryData(listKey);
        queryClient.setQueryData(listKey, (old) => old && change(old, variables));
        return { previous };
      },
      onError: (_error: unknown, variables: V, context: { previous?: NotificationShape[] } | undefined) => {
        const previous = context?.previous;
        if (previous) queryClient.setQueryData(listKey, (current) => (current ? putBack(current, previous, touches(variables)) : previous));
      },
      onSuccess: () => {
        if (successTitle) toast(successTitle);
      },
      onSettled: () => {
        // Confirm with the server once the last of several quick clicks has landed; an earlier refetch would briefly
        // show the later clicks undone.
        if (queryClient.isMutating({ mutationKey: trpc.notifications.pathKey() }) === 1) {
          return queryClient.invalidateQueries({ queryKey: listKey });
        }
      },
    };
  }

  const readOne: Change<{ id: unknown }> = (list, { id }) => list.map((n) => (n.id === id ? { ...n, read: true } : n));
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions(optimistic(readOne, NOTIFICATION_TEXTS.updated)));
  /** Following a card's link reads it: no toast, the user is on their way to another page. */
  const markReadQuietly = useMutation(trpc.notifications.markRead.mutationOptions(optimistic(readOne)));
  const remove = useMutation(
    trpc.notifications.delete.mutationOptions(optimistic<{ id: unknown }>((list, { id }) => list.filter((n) => n.id !== id), NOTIFICATION_TEXTS.deleted)),
  );
  const markAllRead = useMutation(
    trpc.notifications.markAllRead.mutationOptions(optimistic<void>((list) => list.map((n) => (n.read ? n : { ...n, read: true })), NOTIFICATION_TEXTS.allRead)),
  );
  const removeAll = useMutation(trpc.notifications.deleteAll.mutationOptions(optimistic<void>(() => [], NOTIFICATION_TEXTS.allDeleted)));

  return { markRead, markReadQuietly, remove, markAllRead, removeAll };
}
