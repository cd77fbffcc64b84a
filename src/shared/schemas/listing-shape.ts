// The listing as the API answers it (docs/product/api.md "Shapes"; every field of docs/product/data.md). The one
// definition of the answer's fields: the TypeScript types (src/shared/types/listing.ts), the REST response schemas
// (z.toJSONSchema) and the server's row → shape mapper all come from these zod objects, and compile-time checks tie
// them to the form schema (./listing.ts) and the database table (db/schema/listings.ts).
import { z } from '../zod';

export const LISTING_STATUSES = ['pending', 'approved', 'rejected'] as const;

const int = z.number().int();

export const listingImageShape = z.object({
  id: int,
  /** Large WebP (≤ 1600 px). */
  url: z.string(),
  /** Thumbnail WebP (≈ 480 px) for cards and gallery strips. */
  thumbUrl: z.string(),
  width: int,
  height: int,
});

/** The full listing: every field, images as URLs. Dates are ISO 8601 text. */
export const listingShape = z.object({
  id: int,
  userId: int,
  uniqueCode: z.string(),
  make: z.string(),
  model: z.string(),
  year: int,
  registrationNumber: z.string(),
  vinNumber: z.string(),
  /** A code of src/shared/codes.ts, or '' when not given. */
  bodyType: z.string(),
  doors: int,
  seats: int,
  color: z.string(),
  engineSize: int,
  power: int,
  fuelType: z.string(),
  transmission: z.string(),
  drivetrain: z.string(),
  weight: int,
  mileage: int,
  previousOwners: int,
  /** dd.mm.yyyy or ''. */
  nextInspection: z.string(),
  lastInspection: z.string(),
  description: z.string(),
  price: int,
  registrationFee: int,
  /** Always price + registrationFee, computed by the server. */
  totalPrice: int,
  equipment: z.array(z.string()),
  /** URLs of the large images, cover first. */
  images: z.array(z.string()),
  /** The same images with thumbnails and sizes. */
  imageDetails: z.array(listingImageShape),
  serviceHistory: z.boolean(),
  address: z.string(),
  hideAddress: z.boolean(),
  hideContactInfo: z.boolean(),
  contactPhone: z.string(),
  status: z.enum(LISTING_STATUSES),
  rejectionReason: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * The slim card of list views (search, home, saved): what a card shows and nothing more, so a page of 24 results
 * serialises fast.
 */
export const listingCardShape = listingShape
  .pick({ id: true, make: true, model: true, year: true, mileage: true, fuelType: true, transmission: true, totalPrice: true, createdAt: true })
  .extend({
    /** The place name of the address. */
    place: z.string(),
    /** The first photo's thumbnail. */
    coverImage: z.string().nullable(),
  });

export const sellerShape = z.object({
  id: int,
  name: z.string(),
  displayName: z.string().nullable(),
  /** Only when the listing does not hide contact info. */
  phone: z.string().optional(),
  /** Only when the listing does not hide its address. */
  address: z.string().optional(),
});

/** One listing as a viewer sees it (GET /api/listings/:id). */
export const listingDetailShape = listingShape.extend({
  /** The place name of the address (shown even when the address is hidden). */
  place: z.string(),
  seller: sellerShape,
  isSaved: z.boolean(),
  isOwner: z.boolean(),
});
