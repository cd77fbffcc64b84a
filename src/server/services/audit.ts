import { and, desc, eq } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { auditLog, type AuditEntry } from '../../../db/schema';

// The administrators' audit log (docs/product/admin.md#audit-log). Entries are written in the same transaction as
// the change they describe, and copy the names they show, so they survive the deletion of the listing or user.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = BaseSQLiteDatabase<'sync', any, any>;

export type AuditAction = AuditEntry['action'];
export type AuditTarget = { type: AuditEntry['targetType']; id: number; label: string };

/** Who did it: the admin (or an owner, for an edit) with the name shown in the log. */
export interface AuditActor {
  id: number;
  name: string;
}

export function recordAudit(tx: Q, actor: AuditActor, action: AuditAction, target: AuditTarget, details?: Record<string, unknown>): void {
  tx.insert(auditLog)
    .values({ actorId: actor.id, actorName: actor.name, action, targetType: target.type, targetId: target.id, targetLabel: target.label, details })
    .run();
}

/** A listing's label in the log: its code, car and year. */
export const listingAuditLabel = (l: { uniqueCode: string; make: string; model: string; year: number }) =>
  `${l.uniqueCode} ${l.make} ${l.model} ${l.year}`.replace(/\s+/g, ' ').trim();

/** A user's label in the log: username and name. */
export const userAuditLabel = (u: { username: string; name: string }) => `${u.username} (${u.name})`;

/** The entries about one listing or user, newest first. */
export function auditFor(db: Db, type: AuditEntry['targetType'], id: number, limit = 100): AuditEntry[] {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, id)))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
}
