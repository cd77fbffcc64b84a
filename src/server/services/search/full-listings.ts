import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { listingImages, listings, type ListingImage } from '../../../../db/schema';
import { listingDetailShape } from '../../../shared/schemas/listing-shape';
import type { z } from '../../../shared/zod';
import { toListingShape } from '../listing-shape';

// The items of GET /api/listings as the contract defines a Listing (docs/product/api.md "Shapes"): every field,
// images as URLs, plus the place name the detail view also shows. The search finds a page of ids (plan.ts); these two
// statements read the page's full rows and all their images in one query each, never one per listing.

/** A listing in the public REST list: the detail view's listing without what depends on the viewer. */
export const listingListItemShape = listingDetailShape.omit({ seller: true, isSaved: true, isOwner: true });
export type ListingListItem = z.infer<typeof listingListItemShape>;

export class FullListings {
  private readonly rows;
  private readonly images;

  constructor(db: Db) {
    // One placeholder for any number of ids: a JSON array read by json_each, so each statement is prepared once.
    const ids = sql.placeholder('ids');
    this.rows = db
      .select()
      .from(listings)
      .where(sql`${listings.id} IN (SELECT value FROM json_each(${ids}))`)
      .prepare();
    this.images = db
      .select()
      .from(listingImages)
      .where(sql`${listingImages.listingId} IN (SELECT value FROM json_each(${ids}))`)
      .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.id))
      .prepare();
  }

  /**
   * The listings of `ids`, in that order (ids of rows gone meanwhile are skipped). The answer is shared by every
   * viewer (and cached), so hidden address and contact details are blanked as the detail view blanks them for
   * everyone but the owner and admins (docs/product/permissions.md).
   */
  byIds(ids: readonly number[]): ListingListItem[] {
    if (ids.length === 0) return [];
    const param = JSON.stringify(ids);
    const byListing = new Map<number, ListingImage[]>();
    for (const img of this.images.all({ ids: param })) {
      const list = byListing.get(img.listingId!);
      if (list) list.push(img);
      else byListing.set(img.listingId!, [img]);
    }
    const rows = new Map(this.rows.all({ ids: param }).map((r) => [r.id, r]));
    const out: ListingListItem[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      const shape = toListingShape(row, byListing.get(id) ?? []) as ListingListItem;
      shape.place = row.place;
      if (row.hideAddress) shape.address = '';
      if (row.hideContactInfo) shape.contactPhone = '';
      out.push(shape);
    }
    return out;
  }
}
