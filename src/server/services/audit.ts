import type { AuditEntry } from '../../../db/schema';
import type { Store } from '../store';
import type { AuditAction, AuditActor, AuditTarget } from '../store/inbox';

// The administrators' audit log (docs/product/admin.md#audit-log). Entries are written in the same transaction as
// the change they describe (store/inbox.ts insertAudit, inside the change's repository method), and
// copy the names they show, so they survive the deletion of the listing or user.

export type { AuditAction, AuditActor, AuditTarget };

/** A standalone entry, for a change that has no transaction of its own to put it in. */
export async function recordAuditEntry(store: Store, actor: AuditActor, action: AuditAction, target: AuditTarget, details?: Record<string, unknown>): Promise<void> {
  await store.inbox.recordAudit({ actor, action, target, details });
}

/** A listing's label in the log: its code, car and year. */
export const listingAuditLabel = (l: { uniqueCode: string; make: string; model: string; year: number }) =>
  `${l.uniqueCode} ${l.make} ${l.model} ${l.year}`.replace(/\s+/g, ' ').trim();

/** A user's label in the log: username and name. */
export const userAuditLabel = (u: { username: string; name: string }) => `${u.username} (${u.name})`;

/** The entries about one listing or user, newest first. */
export async function auditFor(store: Store, type: AuditEntry['targetType'], id: number, limit = 100): Promise<AuditEntry[]> {
  return store.inbox.auditFor(type, id, limit);
}
