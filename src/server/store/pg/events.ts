import { sql, type SQL } from 'drizzle-orm';

// What instances on one PostgreSQL database tell each other (realtime/pg-hub.ts listens), defined in the store's
// PostgreSQL part because a chat message's notice is sent by the statement that stores it (store/pg/chats.ts).

/** The NOTIFY channel every instance on one PostgreSQL database listens on (realtime/pg-hub.ts). */
export const EVENTS_CHANNEL = 'bilpartner_events';

/**
 * What one NOTIFY carries: the user it is for, the kind and the row's id (never the row: a payload is limited to
 * 8000 bytes). Events a hub publishes also carry their origin instance and its sequence number, so a batch resent
 * after a lost answer is dropped; a notice sent by the data's own statement has neither, because it commits with the
 * row and so arrives exactly once.
 */
export interface Wire {
  o?: string;
  s?: number;
  u: number;
  k: 'm' | 'n' | 'e';
  i?: number;
}

/**
 * SQL that sends, in the caller's statement, the notice that message `messageId` is for `userId`: it is queued at the
 * statement's commit, in commit order, so no publish has to follow and none can be lost between the two.
 */
export function messageNoticeSql(userId: SQL, messageId: SQL): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('u', ${userId}, 'k', 'm', 'i', ${messageId})::text)`;
}
