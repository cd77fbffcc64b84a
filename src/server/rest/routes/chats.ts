import { chatId, chatShape, markChatInput, messageShape, sendMessageInput, startChatInput, startChatResult } from '../../../shared/schemas/chat';
import { z } from '../../../shared/zod';
import { defineRoutes } from '../types';
import { listRoute } from './rows';

const tag = 'Chats';
const params = z.object({ chatId });

// docs/product/chats.md, docs/product/api.md#chats. All need a login (401); a chat the caller does not take part in
// answers 404 as if it did not exist. Lists are private and change every second: never stored by a cache.

export const chatsRoutes = defineRoutes([
  listRoute('/api/chats', 'chats.list', chatShape, {
    tag,
    summary: "The caller's chats, newest activity first, with unread counts",
    errors: [401],
  }),
  {
    method: 'GET',
    url: '/api/messages/:chatId',
    procedure: 'chats.messages',
    input: ({ params }) => ({ chatId: params.chatId }),
    doc: {
      tag,
      summary: "A chat's messages, oldest first (the newest 500); reading marks them read",
      auth: true,
      params,
      responses: { 200: z.array(messageShape) },
      errors: [401, 404],
    },
  },
  {
    method: 'POST',
    url: '/api/messages',
    procedure: 'chats.send',
    status: 201,
    doc: {
      tag,
      summary: 'Send a message in a chat',
      description: 'Content is trimmed, 1–2000 characters. 409 when the other participant has deleted their account.',
      auth: true,
      body: sendMessageInput,
      responses: { 201: messageShape },
      errors: [401, 404, 409, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/chats/start',
    procedure: 'chats.start',
    status: 201,
    send: (result: { chatId: number }) => ({ chatId: result.chatId }),
    doc: {
      tag,
      summary: 'Start a chat about a listing with its seller, or continue the one the caller already has',
      description: 'Not about one’s own listing (403); `sellerId` must be the listing’s owner (400); a listing that is not public answers 404, a sold one 409.',
      auth: true,
      body: startChatInput,
      responses: { 201: startChatResult },
      errors: [401, 403, 404, 409, 429],
    },
  },
  {
    method: 'PATCH',
    url: '/api/chats/:chatId/mark',
    procedure: 'chats.mark',
    doc: {
      tag,
      summary: 'Mark or unmark a chat (for the caller only)',
      auth: true,
      params,
      body: markChatInput.pick({ isMarked: true }),
      responses: { 200: z.object({ chatId: z.number().int(), marked: z.boolean() }) },
      errors: [401, 404],
    },
  },
  {
    method: 'DELETE',
    url: '/api/chats/:chatId',
    procedure: 'chats.delete',
    input: ({ params }) => ({ chatId: params.chatId }),
    doc: {
      tag,
      summary: 'Delete a chat for the caller; the other participant keeps it',
      auth: true,
      params,
      responses: { 204: null },
      errors: [401, 404],
    },
  },
]);
