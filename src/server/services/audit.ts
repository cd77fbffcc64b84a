import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import type { AuditEntry } from '../../../db/schema';
import type { Store } from '../store';
import type { NewAuditRow } from '../store/inbox';
import { insertAuditSqlite } from '../store/sqlite/inbox';

// The administrators' audit log (docs/product/admin.md#audit-log). Entries are written in the same transaction as
// the change they describe (the row from `auditRow`, inserted with store/sqlite/inbox.ts insertAuditSqlite or
// store/pg/inbox.ts insertAuditPg inside the change's repository method), and copy the names they show, so they
// survive the deletion of the listing or user.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = BaseSQLiteDatabase<'sync', any, any>;

export type AuditAction = AuditEntry['action'];
export type AuditTarget = { type: AuditEntry['targetType']; id: number; label: string };

/** Who did it: the admin (or an owner, for an edit) with the name shown in the log. */
export interface AuditActor {
  id: number;
  name: string;
}

/** The values of one entry, for either store's insert. */
export function auditRow(actor: AuditActor, action: AuditAction, target: AuditTarget, details?: Record<string, unknown>): NewAuditRow {
  return { actorId: actor.id, actorName: actor.name, action, targetType: target.type, targetId: target.id, targetLabel: target.label, details };
}

/** For the services still on the SQLite Db (docs/decisions/018-postgresql.md): inside their transaction. */
export function recordAudit(tx: Q, actor: AuditActor, action: AuditAction, target: AuditTarget, details?: Record<string, unknown>): void {
  insertAuditSqlite(tx as Db, auditRow(actor, action, target, details));
}

/** A standalone entry, for a change that has no transaction of its own to put it in. */
export async function recordAuditEntry(store: Store, actor: AuditActor, action: AuditAction, target: AuditTarget, details?: Record<string, unknown>): Promise<void> {
  await store.inbox.recordAudit(auditRow(actor, action, target, details));
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
