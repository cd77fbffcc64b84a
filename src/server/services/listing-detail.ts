import { isSold, isVisible } from '../store/rules';
import type { ListingDetailShape, SellerShape } from '../../shared/schemas/listing-shape';
import { listingNotFound } from '../errors';
import type { Store } from '../store';
import { applyRevision, effectiveFields, proposedShape, publicShapeWithRevision } from './listing-revisions';
import { toListingShape } from './listing-shape';
import { registryOf } from './registry-facts';
import { listingPrices } from './prices';

// One listing as a viewer may see it (docs/product/screens.md /listing/{id}, docs/product/permissions.md).

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/** The detail view (created in buildApp: AppDeps.stores). */
export class ListingDetails {
  constructor(private readonly store: Store) {}

  /**
   * A listing as `viewer` may see it: anyone sees an approved, active (or sold) listing; only its owner and admins see it
   * otherwise, everyone else gets the same 404 as for a listing that does not exist. Hidden address and contact
   * details are blanked for everyone but the owner and admins. Buyers see the approved version; the owner sees an edit
   * waiting for review applied (`revision` says it waits), an admin the approved version with `revision`.
   */
  async forViewer(id: number, viewer: Viewer | null): Promise<ListingDetailShape> {
    const photos = this.store.photos;
    const found = await photos.listingDetail(id, viewer?.id ?? null);
    if (!found) throw listingNotFound();
    const { listing: stored, images, seller: user, saved, facts, history } = found;
    const isOwner = viewer?.id === stored.userId;
    const privileged = isOwner || viewer?.isAdmin === true;
    // A sold listing still opens, with 'Solgt' and no way to start a chat (docs/product/states.md#sold).
    if (!isVisible(stored) && !isSold(stored) && !privileged) throw listingNotFound();

    const pending = privileged && stored.status === 'approved' ? await photos.pendingRevision(id) : undefined;
    let shape;
    let row = stored;
    if (!pending) shape = toListingShape(stored, images);
    else if (isOwner) {
      shape = proposedShape(stored, images, pending.revision, pending.images);
      row = applyRevision(stored, effectiveFields(stored, pending.revision.fields));
    } else shape = publicShapeWithRevision(stored, images, pending.revision, pending.images);
    if (!privileged) {
      if (row.hideAddress) shape.address = '';
      if (row.hideContactInfo) shape.contactPhone = '';
    }
    const seller: SellerShape = { id: row.userId, name: user?.name ?? '', displayName: user?.displayName ?? null };
    if (!row.hideContactInfo) seller.phone = row.contactPhone || user?.phone || '';
    // The listing's own address, never the account's home address: a listing without one shows none.
    if (!row.hideAddress) seller.address = row.address;
    return {
      ...shape,
      place: row.place,
      seller,
      isSaved: saved,
      isOwner,
      ...listingPrices(stored, history),
      // Compared with the values this viewer sees (an owner's waiting edit included).
      registry: registryOf(row, facts ?? undefined),
    };
  }
}
