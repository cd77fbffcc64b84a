import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

// The administrators' audit log (docs/product/admin.md#audit-log): who approved, rejected, edited or deleted which
// listing or user, and when. It outlives what it describes: the target is an id plus a label copied at the time (no
// foreign key), and the actor's name is copied too, so deleting the listing, the user or the admin keeps the entry.
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action', {
      enum: ['listing.approve', 'listing.reject', 'listing.edit', 'listing.delete', 'user.update', 'user.delete', 'listing.reports_dismiss'],
    }).notNull(),
    targetType: text('target_type', { enum: ['listing', 'user'] }).notNull(),
    targetId: integer('target_id').notNull(),
    // e.g. 'BP-4F7K2Q Volvo V90 2019' or 'kari.nordmann (Kari Nordmann)'.
    targetLabel: text('target_label').notNull(),
    // What changed or why, e.g. the rejection reason or the edited fields.
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId, t.id), index('audit_log_actor_idx').on(t.actorId, t.id)],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
