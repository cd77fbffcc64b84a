import { sql } from 'drizzle-orm';
import { ChatsRepo, type MessageRow, type SendMessageResult } from '../chats';
import type { Q } from '../dialect';
import { isRowId } from '../repository';
import { messageNoticeSql } from './events';

// PostgreSQL's part of store/chats.ts: a message is stored in one statement with its NOTIFY, so every instance hears it at its
// commit, in id order, none lost or sent twice (docs/store.md#chat-messages-and-notify-on-postgresql).

/** The transaction-level advisory lock that orders message inserts ('bpms' in ASCII; nothing else takes it). */
export const MESSAGE_ORDER_LOCK = 0x62706d73;

/** The chat's parties and the message; the message's columns are null when the other party is gone and nothing was sent. */
type SendSqlRow = Omit<MessageRow, 'id' | 'createdAt'> & {
  id: number | null;
  createdAt: number;
  buyerId: number | null;
  sellerId: number | null;
  announced: unknown;
};

export class PgChatsRepo extends ChatsRepo {
  override async send(userId: number, chatId: number, content: string): Promise<SendMessageResult> {
    // Its own transaction, so the order lock is never held across a round trip to this process.
    return this.storeMessage(this.db, userId, chatId, content);
  }

  /**
   * One statement checks that the sender is a party and the other party is still there, stores the message, moves the chat on and
   * notifies both parties. Its MATERIALIZED order lock comes before the message's id and holds to the commit, so ids and notices
   * commit in order (docs/store.md#chat-messages-and-notify-on-postgresql).
   */
  protected override async storeMessage(q: Q, userId: number, chatId: number, content: string): Promise<SendMessageResult> {
    if (!isRowId(chatId)) return { status: 'not-found' };
    const [r] = await this.d.rows<SendSqlRow>(
      q,
      sql`
      WITH party AS (
        SELECT c.id, c.buyer_id, c.seller_id, c.buyer_id = ${userId} AS is_buyer
        FROM chats c WHERE c.id = ${chatId} AND (c.buyer_id = ${userId} OR c.seller_id = ${userId})
      ),
      ready AS (SELECT * FROM party WHERE (CASE WHEN is_buyer THEN seller_id ELSE buyer_id END) IS NOT NULL),
      ordered AS MATERIALIZED (SELECT pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK}) FROM ready),
      m AS (
        INSERT INTO messages (chat_id, sender_id, content)
        SELECT ready.id, ${userId}, ${content} FROM ordered, ready
        RETURNING id, chat_id, sender_id, content, created_at
      ),
      moved AS (
        UPDATE chats SET last_message_id = m.id, last_message_at = m.created_at,
          buyer_read_id = CASE WHEN ready.is_buyer THEN m.id ELSE chats.buyer_read_id END,
          seller_read_id = CASE WHEN ready.is_buyer THEN chats.seller_read_id ELSE m.id END
        FROM m, ready WHERE chats.id = m.chat_id
      ),
      announced AS (SELECT ${messageNoticeSql(sql`party_id`, sql`m.id`)} FROM m, ready, LATERAL (VALUES (ready.buyer_id), (ready.seller_id)) AS p(party_id))
      SELECT p.id AS "chatId", p.buyer_id AS "buyerId", p.seller_id AS "sellerId", m.id, m.sender_id AS "senderId", m.content,
        ${this.d.epochMs(sql`m.created_at`)} AS "createdAt", u.name, u.display_name AS "displayName", u.username, (SELECT count(*) FROM announced) AS announced
      FROM party p LEFT JOIN m ON true LEFT JOIN users u ON u.id = m.sender_id`,
    );
    if (!r) return { status: 'not-found' };
    const { id, createdAt, buyerId, sellerId, announced, ...message } = r;
    if (id === null) return { status: 'party-gone' };
    return { status: 'ok', chat: { id: r.chatId, buyerId, sellerId }, message: { ...message, id, createdAt: new Date(createdAt) } };
  }
}
