import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, inboxMessages, type AuditEntry, type InboxMessage } from '../../../../db/schema';
import type { InboxRepo, NewAuditRow, NewInboxMessage } from '../inbox';

/** Inserts an audit entry inside the caller's SQLite transaction, so it commits with the change it describes. */
export function insertAuditSqlite(tx: Pick<Db, 'insert'>, row: NewAuditRow): void {
  tx.insert(auditLog).values(row).run();
}

export class SqliteInboxRepo implements InboxRepo {
  constructor(readonly db: Db) {}

  async create(message: NewInboxMessage): Promise<InboxMessage> {
    return this.db.insert(inboxMessages).values(message).returning().get();
  }

  async list(kind: InboxMessage['kind']): Promise<InboxMessage[]> {
    return this.db.select().from(inboxMessages).where(eq(inboxMessages.kind, kind)).orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id)).all();
  }

  async markRead(id: number, isRead: boolean): Promise<InboxMessage | null> {
    return this.db.update(inboxMessages).set({ isRead }).where(eq(inboxMessages.id, id)).returning().get() ?? null;
  }

  async delete(id: number): Promise<boolean> {
    return this.db.delete(inboxMessages).where(eq(inboxMessages.id, id)).run().changes > 0;
  }

  async recordAudit(row: NewAuditRow): Promise<void> {
    insertAuditSqlite(this.db, row);
  }

  async auditFor(targetType: AuditEntry['targetType'], targetId: number, limit: number): Promise<AuditEntry[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .all();
  }
}
