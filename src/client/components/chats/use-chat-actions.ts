import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CHAT_TEXTS, type ChatShape, type MessageShape, type StartChatInput } from '../../../shared/schemas/chat';
import { normalizeText } from '../../../shared/text';
import { errorMessage } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC, useTRPCClient } from '../../trpc';

// The chat pages' writes (docs/product/screens.md#chats, toasts of docs/product/errors.md#chat). Mutations are not
// retried (src/client/trpc.ts), and these run even when the browser says it is offline (networkMode 'always'): by
// default TanStack Query would pause them until it is online again, leaving a send hanging as 'Sender…' instead of
// rolling it back with the error toast.
const offlineFails = { networkMode: 'always' } as const;

/** What the server will store for this text (normalised and trimmed like the schema does), so '' means blank. */
export const cleanMessage = (text: string) => normalizeText(text, { multiline: true }).trim();

let nextTempId = 0;
/** Optimistic messages get negative ids (src/client/realtime/live-updates.tsx replaces them by the pushed message). */
const tempId = () => -(Date.now() * 1000 + (nextTempId++ % 1000));

/** Keeps the server's messages in id order with the still-pending optimistic ones after them. */
function byId(list: MessageShape[]): MessageShape[] {
  const sent = list.filter((m) => m.id > 0).sort((a, b) => a.id - b.id);
  return [...sent, ...list.filter((m) => m.id < 0)];
}

/**
 * Sends into one chat optimistically: the message shows at once with a temporary negative id; on success the stored
 * message takes its place, on failure it disappears, `restore` puts the text back into the input and the error toast shows.
 */
export function useSendMessage(chatId: number, me: { id: number; name: string }, restore: (text: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.chats.messages.queryKey({ chatId });
  return useMutation(
    trpc.chats.send.mutationOptions({
      ...offlineFails,
      onMutate: async ({ content }) => {
        // A refetch already under way would land without the new bubble and make it flicker.
        await queryClient.cancelQueries({ queryKey: key });
        const temp: MessageShape = {
          id: tempId(),
          chatId,
          senderId: me.id,
          senderDisplayName: me.name,
          content: cleanMessage(content),
          createdAt: new Date().toISOString(),
          // The sender's own bubble: the warning is shown to the recipient only.
          warning: false,
        };
        queryClient.setQueryData(key, (old) => [...(old ?? []), temp]);
        return { temp };
      },
      onSuccess: (message, _input, context) => {
        queryClient.setQueryData(key, (old) => {
          const rest = (old ?? []).filter((m) => m.id !== context?.temp.id);
          // The pushed copy may have arrived first (it replaces the optimistic one itself).
          return byId(rest.some((m) => m.id === message.id) ? rest : [...rest, message]);
        });
        void queryClient.invalidateQueries({ queryKey: trpc.chats.list.queryKey() });
      },
      onError: (err, { content }, context) => {
        queryClient.setQueryData(key, (old) => old?.filter((m) => m.id !== context?.temp.id));
        restore(content);
        toastError(CHAT_TEXTS.sendFailed, errorMessage(err, '') || undefined);
      },
    }),
  );
}

/** New-chat mode's first message: on success the chat opens (its first message already in place). */
export function useStartChat() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.chats.start.mutationOptions({
      ...offlineFails,
      onSuccess: async ({ chatId, message }) => {
        toast(CHAT_TEXTS.started);
        queryClient.setQueryData(trpc.chats.messages.queryKey({ chatId }), (old) =>
          old ? byId(old.some((m) => m.id === message.id) ? old : [...old, message]) : [message],
        );
        // The list names the other party and the car of the pane's header: have the new chat in it before it opens.
        await queryClient.invalidateQueries({ queryKey: trpc.chats.list.queryKey() });
        // In place of the new-chat entry: back then leads to the listing, not to an empty 'Start ny chat'.
        await navigate({ to: '/chats', search: { chat: chatId }, replace: true });
      },
      onError: (err) => toastError(CHAT_TEXTS.startFailed, errorMessage(err, '') || undefined),
    }),
  );
}
export type { StartChatInput };

/** The caller's own mark on a chat ('Oppdatert'). */
export function useMarkChat() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.chats.mark.mutationOptions({
      ...offlineFails,
      onSuccess: ({ chatId, marked }) => {
        queryClient.setQueryData(trpc.chats.list.queryKey(), (old) => old?.map((c) => (c.id === chatId ? { ...c, marked } : c)));
        toast(CHAT_TEXTS.updated);
      },
      onError: (err) => toastError('Feil', errorMessage(err, 'Kunne ikke oppdatere chatten. Prøv igjen.')),
    }),
  );
}

/**
 * 'Slett valgte': deletes the chats for the caller (the other party keeps them), one call per chat as the API has it.
 * `onDeleted` gets the ids that are gone.
 */
export function useDeleteChats(onDeleted: (ids: number[]) => void) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const listKey = trpc.chats.list.queryKey();
  return useMutation({
    ...offlineFails,
    mutationFn: async (ids: number[]) => {
      const results = await Promise.allSettled(ids.map((chatId) => client.chats.delete.mutate({ chatId })));
      const deleted = ids.filter((_, i) => results[i].status === 'fulfilled');
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      return { deleted, error: failed?.reason as unknown };
    },
    onSuccess: ({ deleted, error }) => {
      if (deleted.length > 0) {
        const gone = new Set(deleted);
        queryClient.setQueryData(listKey, (old: ChatShape[] | undefined) => old?.filter((c) => !gone.has(c.id)));
        for (const chatId of deleted) queryClient.removeQueries({ queryKey: trpc.chats.messages.queryKey({ chatId }) });
        onDeleted(deleted);
      }
      if (error) toastError('Feil', errorMessage(error, 'Kunne ikke slette chatten. Prøv igjen.'));
      else toast(CHAT_TEXTS.deleted);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
