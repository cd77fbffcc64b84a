import type { TRPCOptions } from '../../trpc';

// Zod-free on purpose: the chat routes' loaders import this, and a loader stays in the entry chunk.

/**
 * The user's chats, newest activity first (the server's order, so the list re-orders when a message arrives). Always
 * fetched fresh when a chat page mounts; the live updates (src/client/realtime/live-updates.tsx) refresh it after.
 */
export const chatListQuery = (trpc: TRPCOptions) => trpc.chats.list.queryOptions(undefined, { staleTime: 0 });

/**
 * One conversation, oldest first. Fresh on every open: reading marks it read on the server. The input must be exactly
 * `{ chatId }`: the live updates append pushed messages to this very cache entry.
 */
export const chatMessagesQuery = (trpc: TRPCOptions, chatId: number) => trpc.chats.messages.queryOptions({ chatId }, { staleTime: 0 });
