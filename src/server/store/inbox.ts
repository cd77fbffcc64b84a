// The repository of the inbox (contact and feedback) and the admin audit log (docs/decisions/018-postgresql.md): implemented in store/sqlite/inbox.ts and store/pg/inbox.ts.
import type { AuditEntry, InboxMessage } from '../../../db/schema';

export type NewInboxMessage = Pick<InboxMessage, 'kind' | 'name' | 'email' | 'phone' | 'subject' | 'message'>;

/** An audit row's values (services/audit.ts auditRow builds them); `createdAt` is the database's. */
export type NewAuditRow = Pick<AuditEntry, 'actorId' | 'actorName' | 'action' | 'targetType' | 'targetId' | 'targetLabel'> & {
  details?: Record<string, unknown>;
};

export interface InboxRepo {
  create(message: NewInboxMessage): Promise<InboxMessage>;
  /** One kind, newest first. */
  list(kind: InboxMessage['kind']): Promise<InboxMessage[]>;
  /** Null when there is no such message. */
  markRead(id: number, isRead: boolean): Promise<InboxMessage | null>;
  /** False when there is no such message. */
  delete(id: number): Promise<boolean>;
  /** A standalone audit entry (a change that has a transaction of its own inserts the row inside it). */
  recordAudit(row: NewAuditRow): Promise<void>;
  /** The entries about one listing or user, newest first. */
  auditFor(targetType: AuditEntry['targetType'], targetId: number, limit: number): Promise<AuditEntry[]>;
}
