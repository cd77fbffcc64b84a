import { and, desc, eq } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { auditLog, inboxMessages } from '../../../../db/pg/schema';
import type { AuditEntry, InboxMessage } from '../../../../db/schema';
import { isPgInt } from './int';
import type { InboxRepo, NewAuditRow, NewInboxMessage } from '../inbox';

/** Inserts an audit entry inside the caller's PostgreSQL transaction, so it commits with the change it describes. */
export async function insertAuditPg(tx: Pick<PgDb, 'insert'>, row: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

export class PgInboxRepo implements InboxRepo {
  constructor(readonly db: PgDb) {}

  async create(message: NewInboxMessage): Promise<InboxMessage> {
    const [row] = await this.db.insert(inboxMessages).values(message).returning();
    return row;
  }

  async list(kind: InboxMessage['kind']): Promise<InboxMessage[]> {
    return this.db.select().from(inboxMessages).where(eq(inboxMessages.kind, kind)).orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id));
  }

  async markRead(id: number, isRead: boolean): Promise<InboxMessage | null> {
    if (!isPgInt(id)) return null;
    const [row] = await this.db.update(inboxMessages).set({ isRead }).where(eq(inboxMessages.id, id)).returning();
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    if (!isPgInt(id)) return false;
    const result = await this.db.delete(inboxMessages).where(eq(inboxMessages.id, id));
    return (result.rowCount ?? 0) > 0;
  }

  async recordAudit(row: NewAuditRow): Promise<void> {
    await insertAuditPg(this.db, row);
  }

  async auditFor(targetType: AuditEntry['targetType'], targetId: number, limit: number): Promise<AuditEntry[]> {
    if (!isPgInt(targetId)) return [];
    return this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }
}
