import type { ListingListItem } from '../../../shared/schemas/listing-shape';
import type { SearchSource } from '../../store/search-source';
import { priceRatingBadge } from '../../../shared/price-rating';
import { priceReducedBy, toListingShape } from '../listing-shape';

// The items of GET /api/listings as the contract defines a Listing (docs/product/api.md "Shapes"): every field,
// images as URLs, plus the place name the detail view also shows. The search finds a page of ids (column-index.ts);
// the store reads the page's full rows and all their images in one query each, never one per listing.

// The list item's shape lives with the listing's other shapes; listing-search.ts re-exports it from here.
export { listingListItemShape, type ListingListItem } from '../../../shared/schemas/listing-shape';

export class FullListings {
  constructor(private readonly source: SearchSource) {}

  /**
   * The listings of `ids`, in that order (ids of rows gone meanwhile are skipped). The answer is shared by every
   * viewer (and cached), so hidden address and contact details are blanked as the detail view blanks them for
   * everyone but the owner and admins (docs/product/permissions.md).
   */
  async byIds(ids: readonly number[]): Promise<ListingListItem[]> {
    if (ids.length === 0) return [];
    return (await this.source.fullListings(ids)).map(({ listing, photos }) => {
      const shape = toListingShape(listing, photos) as ListingListItem;
      shape.place = listing.place;
      if (listing.hideAddress) shape.address = '';
      if (listing.hideContactInfo) shape.contactPhone = '';
      shape.priceRating = priceRatingBadge(listing.priceRating);
      shape.priceReducedBy = priceReducedBy(listing.firstTotalPrice, listing.totalPrice);
      return shape;
    });
  }
}
