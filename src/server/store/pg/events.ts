import { sql, type SQL } from 'drizzle-orm';

// What instances on one PostgreSQL database tell each other (realtime/pg-hub.ts listens): here, because a chat message's notice is
// sent by the statement that stores it (docs/store.md#chat-messages-and-notify-on-postgresql).

/** The NOTIFY channel every instance on one PostgreSQL database listens on. */
export const EVENTS_CHANNEL = 'bilpartner_events';

/**
 * One NOTIFY: the user, the kind and the row's id, never the row (a payload is limited to 8000 bytes). A hub's events add their origin
 * and sequence, so a resent batch is dropped; a statement's own notice commits with its row and arrives exactly once without them.
 */
export interface Wire {
  o?: string;
  s?: number;
  u: number;
  k: 'm' | 'n' | 'e';
  i?: number;
}

/** SQL that sends, in the caller's statement, message `messageId`'s notice to `userId`: queued at its commit, in order, never lost. */
export function messageNoticeSql(userId: SQL, messageId: SQL): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('u', ${userId}, 'k', 'm', 'i', ${messageId})::text)`;
}
