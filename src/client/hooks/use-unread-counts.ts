/**
 * Unread chat and notification counts for the header badges (docs/product/screens.md). They read 0 until the chat and
 * notification procedures exist (realtime issue), which replace this body with live queries.
 */
export function useUnreadCounts(_enabled: boolean): { chats: number; notifications: number } {
  return { chats: 0, notifications: 0 };
}
