import type { AuditEntry } from '../../../db/schema';
import { AUDIT_ACTIONS, type AuditEntryShape } from '../../shared/schemas/admin';
import type { Store } from '../store';
import { auditFor } from './audit';

// The audit log as admins read it on a listing or a user (docs/product/admin.md#audit-log).

// The shared list of actions must be the table's (db/schema/audit.ts), both ways.
type SameActions = [AuditEntry['action']] extends [(typeof AUDIT_ACTIONS)[number]]
  ? [(typeof AUDIT_ACTIONS)[number]] extends [AuditEntry['action']]
    ? true
    : never
  : never;
const _sameActions: SameActions = true;

export function toAuditShape(e: AuditEntry): AuditEntryShape {
  return {
    id: e.id,
    actorId: e.actorId,
    actorName: e.actorName,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    targetLabel: e.targetLabel,
    details: e.details ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

/** The newest 100 entries about one listing or user, newest first; kept after the listing or user is gone. */
export async function auditLogOf(store: Store, targetType: AuditEntry['targetType'], targetId: number): Promise<AuditEntryShape[]> {
  return (await auditFor(store, targetType, targetId)).map(toAuditShape);
}
