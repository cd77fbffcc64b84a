// URL state of /chats (docs/product/screens.md#chats): the open conversation (?chat=12, so reload and back work) and
// the new-chat mode (?startChat=true&listingId=..&sellerId=.., removed from the URL once read). Hand-written rather
// than zod: validateSearch stays in the entry chunk even with route code splitting (see search/search-params.ts).

export interface ChatSearch {
  chat?: number;
  startChat?: true;
  listingId?: number;
  sellerId?: number;
}

/** A positive integer id from the URL (the router's parser gives numbers for ?chat=12, strings for ?chat=abc). */
function id(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Anything that is not a usable id is dropped; new-chat mode needs all three of its parameters. */
export function validateChatSearch(raw: Record<string, unknown>): ChatSearch {
  const out: ChatSearch = {};
  const chat = id(raw.chat);
  if (chat) out.chat = chat;
  const listingId = id(raw.listingId);
  const sellerId = id(raw.sellerId);
  if ((raw.startChat === true || raw.startChat === 'true') && listingId && sellerId) {
    out.startChat = true;
    out.listingId = listingId;
    out.sellerId = sellerId;
  }
  return out;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** New-chat mode of /chats once its URL parameters are gone (kept by the history entry: reload keeps it). */
    newChat?: { listingId: number; sellerId: number };
  }
}
