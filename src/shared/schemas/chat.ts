import { z } from '../zod';
import { requiredText } from './fields';
import { listingId } from './listing-id';

// Chats (docs/product/chats.md): one schema for the /chats page, the procedures and the REST rows of
// GET /api/chats, GET/POST /api/messages, POST /api/chats/start, PATCH /api/chats/:id/mark and DELETE /api/chats/:id.

/** A chat message is a conversation line, not a letter: long enough for a detailed question, short enough to read. */
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_NOT_FOUND_MESSAGE = 'Fant ikke chatten.';
export const CHAT_OWN_LISTING_MESSAGE = 'Du kan ikke starte en chat om din egen annonse.';
export const CHAT_WRONG_SELLER_MESSAGE = 'Selgeren eier ikke denne annonsen.';
export const CHAT_PARTY_GONE_MESSAGE = 'Den andre brukeren har slettet kontoen sin. Du kan lese samtalen, men ikke svare.';

// Toasts and texts of the page (docs/product/screens.md#chats, docs/product/errors.md#chat), word for word.
export const CHAT_TEXTS = {
  started: 'Chat startet',
  startFailed: 'Kunne ikke starte chat',
  sendFailed: 'Kunne ikke sende melding. Prøv igjen.',
  deleted: 'Slettet',
  updated: 'Oppdatert',
  placeholder: 'Skriv en melding...',
  noMessages: 'Ingen meldinger',
  noMessagesYet: 'Ingen meldinger ennå',
  selectChat: 'Velg en chat',
  newChatTitle: 'Start ny chat',
  newChatHint: 'Skriv din første melding for å starte chatten',
  deleteSelected: 'Slett valgte',
} as const;

const positiveId = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

/** A chat's id from a path or a body; anything that cannot be one reads as a chat that does not exist. */
export const chatId = positiveId(CHAT_NOT_FOUND_MESSAGE);
const userId = positiveId(CHAT_WRONG_SELLER_MESSAGE);

export const messageContent = requiredText('Meldingen', CHAT_MESSAGE_MAX, { multiline: true });

export const chatIdInput = z.object({ chatId });
export const sendMessageInput = z.object({ chatId, content: messageContent });
export const startChatInput = z.object({ listingId, sellerId: userId, message: messageContent });
export const markChatInput = z.object({ chatId, isMarked: z.boolean({ error: 'isMarked må være true eller false.' }) });

export type SendMessageInput = z.input<typeof sendMessageInput>;
export type StartChatInput = z.input<typeof startChatInput>;

/** A participant as the other side sees them; all null when that user has deleted their account. */
export const chatPartyShape = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  displayName: z.string().nullable(),
  username: z.string().nullable(),
});
export type ChatParty = z.infer<typeof chatPartyShape>;

export const messageShape = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  /** Null when the sender has deleted their account. */
  senderId: z.number().int().nullable(),
  /** The sender's name with the fallbacks of chatPartyName applied. */
  senderDisplayName: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /**
   * The text tries to move the conversation off the site (an address, a phone number, advance payment:
   * src/shared/chat-warning.ts); its recipient sees CHAT_WARNING_TEXT above it.
   */
  warning: z.boolean(),
});
export type MessageShape = z.infer<typeof messageShape>;

export const chatShape = z.object({
  id: z.number().int(),
  /** Null when the listing has been deleted. */
  listingId: z.number().int().nullable(),
  createdAt: z.string(),
  unreadCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  /** The newest message's first line, for the list (null when there is none). */
  lastMessagePreview: z.string().nullable(),
  marked: z.boolean(),
  otherUser: chatPartyShape,
  currentUser: z.object({ displayName: z.string().nullable() }),
  /** Make, model and year; null when the listing is gone ('Ukjent bil' on the page). */
  carName: z.string().nullable(),
  listing: z
    .object({
      id: z.number().int(),
      make: z.string(),
      model: z.string(),
      year: z.number().int(),
      images: z.array(z.string()),
      /** The first photo's thumbnail, for the 40-56 px picture beside the chat (null without photos). */
      thumbUrl: z.string().nullable(),
    })
    .nullable(),
});
export type ChatShape = z.infer<typeof chatShape>;

export const startChatResult = z.object({ chatId: z.number().int() });

// The fallbacks of docs/product/screens.md#chats, in one place for the server (senderDisplayName) and the page.
export const UNKNOWN_PARTY_NAME = 'Administrator';
export const UNKNOWN_CAR_NAME = 'Ukjent bil';
export const OWN_NAME_FALLBACK = 'Du';

/** The other party's name: display name → name → username → 'Administrator'. */
export function chatPartyName(party: Partial<ChatParty> | null | undefined): string {
  return party?.displayName?.trim() || party?.name?.trim() || party?.username?.trim() || UNKNOWN_PARTY_NAME;
}

export function chatCarName(chat: { carName: string | null }): string {
  return chat.carName?.trim() || UNKNOWN_CAR_NAME;
}
