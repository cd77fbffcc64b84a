import { tracked } from '@trpc/server';
import { chatIdInput, markChatInput, sendMessageInput, startChatInput } from '../../shared/schemas/chat';
import { chatMessages, deleteChat, listChats, markChat, messagesAfter, sendMessage, startChat } from '../services/chats';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import { replayInput, subscribeWithReplay } from '../realtime/subscription';

// docs/product/chats.md. Every procedure acts for ctx.user alone: a chat is seen and changed by its participants only.
export const chatsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listChats(ctx.store, ctx.user.id)),
  messages: protectedProcedure.input(chatIdInput).query(({ ctx, input }) => chatMessages(ctx.store, ctx.user.id, input.chatId)),
  send: protectedProcedure
    .use(rateLimited('chatMessage'))
    .input(sendMessageInput)
    .mutation(({ ctx, input }) => sendMessage(ctx.store, ctx.hub, ctx.user.id, input)),
  start: protectedProcedure
    .use(rateLimited('chatStart'))
    .input(startChatInput)
    .mutation(({ ctx, input }) => startChat(ctx.store, ctx.hub, ctx.user.id, input)),
  mark: protectedProcedure.input(markChatInput).mutation(({ ctx, input }) => markChat(ctx.store, ctx.user.id, input.chatId, input.isMarked)),
  delete: protectedProcedure.input(chatIdInput).mutation(({ ctx, input }) => deleteChat(ctx.store, ctx.user.id, input.chatId)),
  /**
   * Every message of the caller's chats, the moment it is stored (the caller's own too, for their other tabs). The
   * event id is the message id; a client that reconnects with `lastEventId` first gets exactly what it missed.
   */
  onMessage: protectedProcedure.input(replayInput).subscription(async function* ({ ctx, input, signal }) {
    const events = subscribeWithReplay(ctx, signal!, input.lastEventId, {
      missed: (afterId) => messagesAfter(ctx.store, ctx.user.id, afterId),
      pick: (event) => (event.kind === 'message' ? event.message : undefined),
    });
    for await (const message of events) yield tracked(String(message.id), message);
  }),
});
