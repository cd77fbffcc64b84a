// The inbox (contact and feedback) and the admin audit log.
import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntry, InboxMessage } from '../../../db/schema';
import type { Q, Tables } from './dialect';
import { affectedRows, isRowId, Repository } from './repository';

export type NewInboxMessage = Pick<InboxMessage, 'kind' | 'name' | 'email' | 'phone' | 'subject' | 'message'>;

export type AuditAction = AuditEntry['action'];
export type AuditTarget = { type: AuditEntry['targetType']; id: number; label: string };

/** Who did it: the admin (or an owner, for an edit) with the name shown in the log. */
export type AuditActor = { id: number; name: string };

/** An audit log entry (docs/product/admin.md#audit-log). */
export interface AuditWrite {
  /** A null id for a user deleting their own account: the entry outlives them (the column is set null on deletion anyway). */
  actor: AuditActor | { id: null; name: string };
  action: AuditAction;
  target: AuditTarget;
  details?: Record<string, unknown>;
}

/** Inserts an audit entry inside the caller's transaction, so it commits with the change it describes. */
export async function insertAudit(tx: Q, t: Tables, { actor, action, target, details }: AuditWrite): Promise<void> {
  await tx.insert(t.auditLog).values({ actorId: actor.id, actorName: actor.name, action, targetType: target.type, targetId: target.id, targetLabel: target.label, details });
}

export class InboxRepo extends Repository {
  async create(message: NewInboxMessage): Promise<InboxMessage> {
    const [row] = await this.db.insert(this.t.inboxMessages).values(message).returning();
    return row;
  }

  /** One kind, newest first. */
  async list(kind: InboxMessage['kind']): Promise<InboxMessage[]> {
    const { inboxMessages } = this.t;
    return this.db.select().from(inboxMessages).where(eq(inboxMessages.kind, kind)).orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id));
  }

  /** Null when there is no such message. */
  async markRead(id: number, isRead: boolean): Promise<InboxMessage | null> {
    if (!isRowId(id)) return null;
    const { inboxMessages } = this.t;
    const [row] = await this.db.update(inboxMessages).set({ isRead }).where(eq(inboxMessages.id, id)).returning();
    return row ?? null;
  }

  /** False when there is no such message. */
  async delete(id: number): Promise<boolean> {
    if (!isRowId(id)) return false;
    const { inboxMessages } = this.t;
    return affectedRows(await this.db.delete(inboxMessages).where(eq(inboxMessages.id, id))) > 0;
  }

  /** A standalone audit entry (a change that has a transaction of its own inserts the row inside it). */
  async recordAudit(entry: AuditWrite): Promise<void> {
    await insertAudit(this.db, this.t, entry);
  }

  /** The entries about one listing or user, newest first. */
  async auditFor(targetType: AuditEntry['targetType'], targetId: number, limit: number): Promise<AuditEntry[]> {
    if (!isRowId(targetId)) return [];
    const { auditLog } = this.t;
    const about = and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId));
    return this.db.select().from(auditLog).where(about).orderBy(desc(auditLog.id)).limit(limit);
  }
}
