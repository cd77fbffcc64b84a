import type { AdminListingPage, AdminListingsParams } from '../../shared/schemas/admin';
import { listingNotFound } from '../errors';
import type { ImageStorage } from '../integrations/image-storage';
import type { Store } from '../store';
import { listingAuditLabel, type AuditActor } from './audit';
import { deleteImageFiles } from './images';

// The admin's listings (docs/product/admin.md#listings): the all-listings table, paged and sorted in SQL so ten
// thousand listings stay fast, and deleting any listing with its photos. The pending tab is moderation.ts's.

/** A search text as the columns store it: codes and plates are upper case without spaces ('ab 12345' → 'AB12345'). */
export function normaliseSearch(search: string): string {
  return search.toUpperCase().replace(/\s+/g, '');
}

/**
 * One page of the all-listings table and the number of all matches, sorted and paged in SQL (the repository picks the
 * page's ids from the listings alone, then reads those rows with their owner: docs/product/admin.md#speed).
 */
export async function adminListings(store: Store, params: AdminListingsParams): Promise<AdminListingPage> {
  const search = params.search ? normaliseSearch(params.search) : '';
  const { rows, total } = await store.listings.adminPage({ ...params, search });
  return {
    items: rows.map((r) => ({ ...r, rejectionReason: r.status === 'rejected' ? r.rejectionReason : null, createdAt: r.createdAt.toISOString() })),
    total,
    limit: params.limit,
    offset: params.offset,
  };
}

/**
 * Deletes any listing (docs/product/permissions.md): the row with its photo rows, saved entries and inquiries (foreign
 * keys cascade; chats about it keep going with the fallback car name), an audit entry in the same transaction, then
 * the photo files once the deletion is committed.
 */
export async function adminDeleteListing({ store, storage }: { store: Store; storage: ImageStorage }, actor: AuditActor, id: number): Promise<void> {
  // Its photos go too, and those of an owner's edit waiting for review (docs/decisions/007-pending-revisions.md).
  const images = await store.listings.remove(id, (row) => {
    if (!row) throw listingNotFound();
    return { actor, action: 'listing.delete', target: { type: 'listing', id, label: listingAuditLabel(row) }, details: { owner: row.ownerUsername } };
  });
  await deleteImageFiles(storage, images);
}
