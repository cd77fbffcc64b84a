import type { User } from '../../../db/schema';
import {
  ADMIN_NOT_DELETABLE_MESSAGE,
  ADMIN_NOT_EDITABLE_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type AdminUpdateUserInput,
  type AdminUserRow,
} from '../../shared/schemas/admin';
import { AppError } from '../errors';
import type { ImageStorage } from '../integrations/image-storage';
import type { Store } from '../store';
import type { AuditWrite } from '../store/inbox';
import type { ProfileFields } from '../store/users';
import { listingAuditLabel, userAuditLabel, type AuditActor } from './audit';
import { deleteImageFiles } from './images';
import { toUserShape } from './users';
import { refusingTakenEmail } from './auth';

// The admin's users tab (docs/product/admin.md#users): list, edit with the profile's rules, delete with everything
// the user owns. Admin accounts are neither edited nor deleted here (docs/product/permissions.md).

const userNotFound = () => new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);

/** Every user, newest first, with how many listings each has (the delete dialog says what goes with them). */
export async function adminUsers(store: Store): Promise<AdminUserRow[]> {
  const rows = await store.users.listWithListingCounts();
  return rows.map((u) => ({ ...toUserShape(u), listingCount: u.listingCount }));
}

const EDITABLE = ['name', 'displayName', 'email', 'phone', 'address'] as const;

/**
 * The admin's edit of a user: the same fields and rules as the user's own profile (the schema is the profile's), the
 * display name kept when the dialog does not send one. The audit entry names the changed fields, not their values:
 * the log outlives the user, their contact details should not. Decided on the row as the transaction reads it.
 */
export async function adminUpdateUser(store: Store, actor: AuditActor, input: AdminUpdateUserInput): Promise<AdminUserRow> {
  const result = await refusingTakenEmail(() => store.users.editAudited(input.id, (before) => {
    if (before.isAdmin) throw new AppError('FORBIDDEN', ADMIN_NOT_EDITABLE_MESSAGE);
    const next: Pick<User, (typeof EDITABLE)[number]> = {
      name: input.name,
      displayName: input.displayName ?? before.displayName,
      email: input.email,
      phone: input.phone.replace(/\s+/g, ''),
      address: input.address,
    };
    const changed = EDITABLE.filter((f) => next[f] !== before[f]);
    if (changed.length === 0) return null;
    const fields: Partial<ProfileFields> = next;
    // The label names the user as they are after the edit.
    const audit: AuditWrite = {
      actor,
      action: 'user.update',
      target: { type: 'user', id: before.id, label: userAuditLabel({ username: before.username, name: next.name }) },
      details: { fields: changed },
    };
    return { fields, audit };
  }));
  if (!result) throw userNotFound();
  return { ...toUserShape(result.user), listingCount: result.listingCount };
}

export interface AdminUserDeps {
  store: Store;
  storage: ImageStorage;
}

/**
 * Deletes a user and what is theirs, in one transaction (docs/product/admin.md#deleting-a-user): sessions (logged out
 * everywhere at once), listings with their photo rows, inquiries and others' saved entries, the user's own saved
 * entries and notifications. Chats stay for the other party: the schema sets the deleted side (and a deleted
 * listing) to null, and the page shows the fallback names. Each listing and the user get an audit entry. The photo
 * files are removed after the commit, so a failed deletion leaves every photo in place.
 *
 * The one deletion of an account: an admin's (`by.actor`) and the user's own 'Slett kontoen min' (`by.self`, the
 * entries then name the user as the actor, with no id: the account is gone). Admin accounts are refused either way.
 */
export async function deleteUserWithEverything(
  { store, storage }: AdminUserDeps,
  id: number,
  by: { actor: AuditActor } | { self: true },
): Promise<{ user: User; deletedListings: number }> {
  let deleted: User | undefined;
  const result = await store.users.deleteWithListings(id, (user, owned) => {
    if (user.isAdmin) throw new AppError('FORBIDDEN', ADMIN_NOT_DELETABLE_MESSAGE);
    deleted = user;
    const self = 'self' in by;
    const actor: AuditWrite['actor'] = self ? { id: null, name: userAuditLabel(user) } : by.actor;
    const byOwner = self ? { byOwner: true } : {};
    return [
      ...owned.map(
        (l): AuditWrite => ({
          actor,
          action: 'listing.delete',
          target: { type: 'listing', id: l.id, label: listingAuditLabel(l) },
          details: { owner: user.username, withUser: true, ...byOwner },
        }),
      ),
      { actor, action: 'user.delete', target: { type: 'user', id, label: userAuditLabel(user) }, details: { deletedListings: owned.length, ...byOwner } },
    ];
  });
  if (!result || !deleted) throw userNotFound();
  await deleteImageFiles(storage, result.files);
  return { user: deleted, deletedListings: result.deletedListings };
}

/** The admin's delete of a user (403 for an admin account). */
export async function adminDeleteUser(deps: AdminUserDeps, actor: AuditActor, id: number): Promise<{ success: true; deletedListings: number }> {
  const { deletedListings } = await deleteUserWithEverything(deps, id, { actor });
  return { success: true, deletedListings };
}
