import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isVisible, listingImages, listingRevisions, listings, users } from '../../../db/schema';
import type { ListingDetailShape, SellerShape } from '../../shared/schemas/listing-shape';
import { listingNotFound } from '../errors';
import { applyRevision, effectiveFields, proposedShape, publicShapeWithRevision } from './listing-revisions';
import { toListingShape } from './listing-shape';

// One listing as a viewer may see it (docs/product/screens.md /listing/{id}, docs/product/permissions.md).

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

function prepare(db: Db) {
  const id = sql.placeholder('id');
  // Drizzle prepared queries: the SQL is built once; rows come back typed (dates, booleans, JSON) for toListingShape.
  return {
    listing: db.select().from(listings).where(eq(listings.id, id)).prepare(),
    images: db.select().from(listingImages).where(eq(listingImages.listingId, id)).orderBy(asc(listingImages.position), asc(listingImages.id)).prepare(),
    seller: db
      .select({ name: users.name, displayName: users.displayName, phone: users.phone })
      .from(users)
      .where(eq(users.id, id))
      .prepare(),
    saved: db.$client.prepare('SELECT 1 FROM saved_listings WHERE user_id = ? AND listing_id = ?').pluck(),
    // An owner's edit waiting for review (docs/decisions/007-pending-revisions.md): read for the owner and admins only.
    revision: db.select().from(listingRevisions).where(eq(listingRevisions.listingId, id)).prepare(),
    revisionImages: db
      .select()
      .from(listingImages)
      .where(eq(listingImages.revisionListingId, id))
      .orderBy(asc(listingImages.position), asc(listingImages.id))
      .prepare(),
  };
}

/** The detail view over one database, its statements prepared once (created in buildApp: AppDeps.stores). */
export class ListingDetails {
  private readonly s: ReturnType<typeof prepare>;
  constructor(db: Db) {
    this.s = prepare(db);
  }

  /**
   * A listing as `viewer` may see it: anyone sees an approved, active listing; only its owner and admins see it
   * otherwise, everyone else gets the same 404 as for a listing that does not exist. Hidden address and contact
   * details are blanked for everyone but the owner and admins. Buyers see the approved version; the owner sees an edit
   * waiting for review applied (`revision` says it waits), an admin the approved version with `revision`.
   */
  forViewer(id: number, viewer: Viewer | null): ListingDetailShape {
    const s = this.s;
    const stored = s.listing.get({ id });
    if (!stored) throw listingNotFound();
    const isOwner = viewer?.id === stored.userId;
    const privileged = isOwner || viewer?.isAdmin === true;
    if (!isVisible(stored) && !privileged) throw listingNotFound();

    const images = s.images.all({ id });
    const revision = privileged && stored.status === 'approved' ? s.revision.get({ id }) : undefined;
    let shape;
    let row = stored;
    if (!revision) shape = toListingShape(stored, images);
    else if (isOwner) {
      shape = proposedShape(stored, images, revision, s.revisionImages.all({ id }));
      row = applyRevision(stored, effectiveFields(stored, revision.fields));
    } else shape = publicShapeWithRevision(stored, images, revision, s.revisionImages.all({ id }));
    const user = s.seller.get({ id: row.userId });
    if (!privileged) {
      if (row.hideAddress) shape.address = '';
      if (row.hideContactInfo) shape.contactPhone = '';
    }
    const seller: SellerShape = { id: row.userId, name: user?.name ?? '', displayName: user?.displayName ?? null };
    if (!row.hideContactInfo) seller.phone = row.contactPhone || user?.phone || '';
    // The listing's own address, never the account's home address (issue 20): a listing without one shows none.
    if (!row.hideAddress) seller.address = row.address;
    return {
      ...shape,
      place: row.place,
      seller,
      isSaved: viewer ? s.saved.get(viewer.id, id) === 1 : false,
      isOwner,
    };
  }
}
