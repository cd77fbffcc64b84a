import type { z } from 'zod';
import type { listingCardShape, listingDetailShape, listingImageShape, listingShape, sellerShape } from '../schemas/listing-shape';

// Types of the API's listing shapes, inferred from their zod definitions (src/shared/schemas/listing-shape.ts).

export type ListingStatus = ListingShape['status'];
export type ListingImageShape = z.infer<typeof listingImageShape>;
/** The full listing (docs/product/api.md "Shapes"): every field, images as URLs. */
export type ListingShape = z.infer<typeof listingShape>;
/** The slim card shape of list views (search, home, saved). */
export type ListingCardShape = z.infer<typeof listingCardShape>;
export type SellerShape = z.infer<typeof sellerShape>;
export type ListingDetailShape = z.infer<typeof listingDetailShape>;
