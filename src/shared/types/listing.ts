// The listing's types live with their zod shapes (src/shared/schemas/listing-shape.ts); kept here for the client's
// imports until they name that module.
export type { ListingCardShape, SavedListingCardShape, ListingDetailShape, ListingImageShape, ListingShape, ListingStatus, SellerShape } from '../schemas/listing-shape';
