import { count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { listingImages, listings, notifications, savedListings, sessions, users, type User } from '../../../db/schema';
import {
  ADMIN_NOT_DELETABLE_MESSAGE,
  ADMIN_NOT_EDITABLE_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type AdminUpdateUserInput,
  type AdminUserRow,
} from '../../shared/schemas/admin';
import { AppError } from '../errors';
import type { AdminDeps } from './admin-listings';
import { listingAuditLabel, recordAudit, userAuditLabel, type AuditActor } from './audit';
import { deleteImageFiles } from './images';
import { toUserShape } from './users';

// The admin's users tab (docs/product/admin.md#users): list, edit with the profile's rules, delete with everything
// the user owns. Admin accounts are neither edited nor deleted here (docs/product/permissions.md).

const userNotFound = () => new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);

/** Every user, newest first, with how many listings each has (the delete dialog says what goes with them). */
export function adminUsers(db: Db): AdminUserRow[] {
  const counts = db
    .select({ userId: listings.userId, n: count() })
    .from(listings)
    .groupBy(listings.userId)
    .all();
  const byUser = new Map(counts.map((c) => [c.userId, c.n]));
  const rows = db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).all();
  return rows.map((u) => ({ ...toUserShape(u), listingCount: byUser.get(u.id) ?? 0 }));
}

const EDITABLE = ['name', 'displayName', 'email', 'phone', 'address'] as const;

/**
 * The admin's edit of a user: the same fields and rules as the user's own profile (the schema is the profile's), the
 * display name kept when the dialog does not send one. The audit entry names the changed fields, not their values:
 * the log outlives the user, their contact details should not.
 */
export function adminUpdateUser(db: Db, actor: AuditActor, input: AdminUpdateUserInput): AdminUserRow {
  return db.transaction((tx) => {
    const before = tx.select().from(users).where(eq(users.id, input.id)).get();
    if (!before) throw userNotFound();
    if (before.isAdmin) throw new AppError('FORBIDDEN', ADMIN_NOT_EDITABLE_MESSAGE);
    const next: Pick<User, (typeof EDITABLE)[number]> = {
      name: input.name,
      displayName: input.displayName ?? before.displayName,
      email: input.email,
      phone: input.phone.replace(/\s+/g, ''),
      address: input.address,
    };
    const changed = EDITABLE.filter((f) => next[f] !== before[f]);
    if (changed.length === 0) return { ...toUserShape(before), listingCount: listingCountOf(tx, before.id) };
    const after = tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning()
      .get();
    recordAudit(tx, actor, 'user.update', { type: 'user', id: before.id, label: userAuditLabel(after) }, { fields: changed });
    return { ...toUserShape(after), listingCount: listingCountOf(tx, before.id) };
  });
}

function listingCountOf(db: Pick<Db, 'select'>, userId: number): number {
  return db.select({ n: count() }).from(listings).where(eq(listings.userId, userId)).get()?.n ?? 0;
}

/**
 * Deletes a user and what is theirs, in one transaction (docs/product/admin.md#deleting-a-user): sessions (logged out
 * everywhere at once), listings with their photo rows, inquiries and others' saved entries, the user's own saved
 * entries and notifications. Chats stay for the other party: the schema sets the deleted side (and a deleted
 * listing) to null, and the page shows the fallback names. Each listing and the user get an audit entry. The photo
 * files are removed after the commit, so a failed deletion leaves every photo in place.
 */
export async function adminDeleteUser({ db, storage }: AdminDeps, actor: AuditActor, id: number): Promise<{ success: true; deletedListings: number }> {
  const { files, deletedListings } = db.transaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, id)).get();
    if (!user) throw userNotFound();
    if (user.isAdmin) throw new AppError('FORBIDDEN', ADMIN_NOT_DELETABLE_MESSAGE);
    const owned = tx
      .select({ id: listings.id, uniqueCode: listings.uniqueCode, make: listings.make, model: listings.model, year: listings.year })
      .from(listings)
      .where(eq(listings.userId, id))
      .all();
    const ids = owned.map((l) => l.id);
    // The listings' photos (public ones and those of an edit waiting for review) and any photo the user uploaded,
    // staged and never attached included.
    const files = tx
      .select({ storageKey: listingImages.storageKey })
      .from(listingImages)
      .where(
        ids.length
          ? or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids), eq(listingImages.uploaderId, id))
          : eq(listingImages.uploaderId, id),
      )
      .all();
    // Explicit, though the foreign keys cascade too: the deletion does not depend on a schema detail.
    tx.delete(sessions).where(eq(sessions.userId, id)).run();
    tx.delete(savedListings).where(eq(savedListings.userId, id)).run();
    tx.delete(notifications).where(eq(notifications.userId, id)).run();
    if (ids.length) {
      tx.delete(listingImages).where(or(inArray(listingImages.listingId, ids), inArray(listingImages.revisionListingId, ids))).run();
      tx.delete(listings).where(inArray(listings.id, ids)).run();
    }
    tx.delete(listingImages).where(eq(listingImages.uploaderId, id)).run();
    tx.delete(users).where(eq(users.id, id)).run();
    const label = userAuditLabel(user);
    for (const l of owned) recordAudit(tx, actor, 'listing.delete', { type: 'listing', id: l.id, label: listingAuditLabel(l) }, { owner: user.username, withUser: true });
    recordAudit(tx, actor, 'user.delete', { type: 'user', id, label }, { deletedListings: owned.length });
    return { files, deletedListings: owned.length };
  });
  await deleteImageFiles(storage, files);
  return { success: true, deletedListings };
}
