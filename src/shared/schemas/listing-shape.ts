// The listing as the API answers it (docs/product/api.md "Shapes"; every field of docs/product/data.md). The one home
// of the listing's shapes: these zod objects and the TypeScript types inferred from them below. The REST response
// schemas (z.toJSONSchema) come from them, and the server's builders that make them from rows
// (src/server/services/listing-shape.ts) are typed by them; compile-time checks tie them to the form schema
// (./listing.ts) and the database table (db/schema/listings.ts).
import { z } from '../zod';
import { LISTING_FORM_KEYS, REVIEWED_FIELDS, type ReviewedField } from './listing';
import { INSPECTION_STATES, REGISTRY_FIELDS } from '../registry-facts';
import { PRICE_RATING_CODES } from '../price-rating';

export const LISTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** The review of an owner's edit of an approved listing (docs/decisions/007-pending-revisions.md). */
export const REVISION_STATUSES = ['pending', 'rejected'] as const;

const int = z.number().int();

export const listingImageShape = z.object({
  id: int,
  /** Large WebP (≤ 1600 px). */
  url: z.string(),
  /** Thumbnail WebP (≈ 480 px) for cards and gallery strips. */
  thumbUrl: z.string(),
  /** The large photo's size in pixels. */
  width: int,
  height: int,
  /**
   * Medium WebP (800 px wide) for cards on high-density screens and the gallery on phones. Until an older photo's
   * medium size is made, the large URL (and `mediumWidth` its width).
   */
  mediumUrl: z.string(),
  /** The medium photo's width in pixels (a `w` descriptor of srcset). */
  mediumWidth: int,
  /** The thumbnail's width in pixels (a `w` descriptor of srcset). */
  thumbWidth: int,
});

/** The listing's own fields (the row's, the API's). */
const listingFields = z.object({
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

/** One field an edit changes, as the admin's pending tab and the owner's notices show it. */
export const listingChangeShape = z.object({
  field: z.enum(LISTING_FORM_KEYS),
  /** The form's label of the field ('Beskrivelse'). */
  label: z.string(),
  /** The approved value and the proposed one, as text for people (codes as their names, numbers nb-NO, '–' for none). */
  before: z.string(),
  after: z.string(),
});

const reviewedMask = Object.fromEntries(REVIEWED_FIELDS.map((f) => [f, true])) as { [K in ReviewedField]: true };

/**
 * An owner's edit of an approved listing waiting for review, or rejected. Only the owner and admins get it; buyers see
 * the approved version and `revision: null`.
 */
export const listingRevisionShape = z.object({
  status: z.enum(REVISION_STATUSES),
  /** Why the edit was rejected (status 'rejected'), else null. */
  rejectionReason: z.string().nullable(),
  submittedAt: z.string(),
  /** What the edit changes, field by field, in form order; photos added in the edit are one entry ('images'). */
  changes: z.array(listingChangeShape),
  /** URLs of the photos added in the edit (not shown to buyers before approval). */
  newImages: z.array(z.string()),
  /** The approved values of the fields the edit changes (the form compares against them). */
  publicValues: listingFields.pick(reviewedMask).partial(),
});

/**
 * The full listing: every field, images as URLs. Dates are ISO 8601 text. Its owner gets the listing with their
 * waiting edit applied (and `revision` saying so); everyone else the approved version.
 */
export const listingShape = listingFields.extend({
  revision: listingRevisionShape.nullable(),
  /** Marked sold by its owner or an admin (docs/product/states.md#sold): out of search, its page shows 'Solgt'. */
  sold: z.boolean(),
  /**
   * Reports from several buyers hid it until an admin decides (docs/decisions/025-buyer-trust.md): only its owner and
   * admins see it, and it cannot be activated meanwhile.
   */
  reportHidden: z.boolean(),
});

/** A listing's price rating as cards show it (src/shared/price-rating.ts): its code and label. */
export const priceRatingBadgeShape = z.object({ rating: z.enum(PRICE_RATING_CODES), label: z.string() });

/** The total price the first published minus the current one, when that is above 0 ('Satt ned'); else null. */
const priceReducedBy = int.positive().nullable();

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
    /** The first photo in all its sizes (for `srcset`), or null without photos. */
    coverPhoto: listingImageShape.nullable(),
    /** The price rating against comparable listings, or null with too few of them. */
    priceRating: priceRatingBadgeShape.nullable(),
    priceReducedBy,
  });

/**
 * A card of /lagrede-annonser: the card, whether the car is sold, and the total price when it was saved while the
 * price is lower now ('Prisen er satt ned', docs/decisions/022-market-alerts.md), else null.
 */
export const savedListingCardShape = listingCardShape.extend({
  sold: z.boolean(),
  priceDroppedFrom: int.nullable(),
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

/**
 * 'Sjekk bilen' (docs/decisions/025-buyer-trust.md#registry-facts): what the vehicle registry said about the listing's
 * plate when it was last looked up, compared with the listing's values (src/shared/registry-facts.ts).
 */
export const registryShape = z.object({
  /** When the registry was asked (ISO 8601). */
  checkedAt: z.string(),
  /** The fields whose listing value the registry contradicts; empty when all agree. */
  mismatches: z.array(z.enum(REGISTRY_FIELDS)),
  /** The registry's EU-kontroll deadline, dd.mm.yyyy, or null. */
  nextInspection: z.string().nullable(),
  /** forfalt: the deadline has passed; snart: within 60 days; ok: later; null without a deadline. */
  inspection: z.enum(INSPECTION_STATES).nullable(),
  /** The registry's value of each field compared (both it and the listing give one), else null. */
  facts: z.object({
    make: z.string().nullable(),
    year: int.nullable(),
    fuelType: z.string().nullable(),
    power: int.nullable(),
    vinNumber: z.string().nullable(),
  }),
});

/** One listing as a viewer sees it (GET /api/listings/:id). */
export const listingDetailShape = listingShape.extend({
  /** The place name of the address (shown even when the address is hidden). */
  place: z.string(),
  seller: sellerShape,
  isSaved: z.boolean(),
  isOwner: z.boolean(),
  /**
   * The price rating against the comparables, their number, median and 25th-75th percentile range of total price;
   * null with fewer than 5 of them, or when buyers cannot see the listing now (docs/decisions/025-buyer-trust.md).
   */
  priceRating: priceRatingBadgeShape.extend({ comparables: int, median: int, low: int, high: int }).nullable(),
  /** The total price since it was first published, oldest first; empty before that. */
  priceHistory: z.array(z.object({ totalPrice: int, at: z.string() })),
  /** Null without a plate, before it is looked up, or when the registry knows no such vehicle (or is not configured). */
  registry: registryShape.nullable(),
});

/**
 * A listing in the public REST list (GET /api/listings): the detail view's listing without what depends on the viewer,
 * with the card's price rating and price reduction.
 */
export const listingListItemShape = listingDetailShape
  .omit({ seller: true, isSaved: true, isOwner: true, priceRating: true, priceHistory: true, registry: true })
  .extend({ priceRating: priceRatingBadgeShape.nullable(), priceReducedBy });

export type ListingStatus = ListingShape['status'];
export type ListingImageShape = z.infer<typeof listingImageShape>;
/** The full listing (docs/product/api.md "Shapes"): every field, images as URLs. */
export type ListingShape = z.infer<typeof listingShape>;
/** The slim card shape of list views (search, home, saved). */
export type ListingCardShape = z.infer<typeof listingCardShape>;
export type SavedListingCardShape = z.infer<typeof savedListingCardShape>;
export type SellerShape = z.infer<typeof sellerShape>;
export type ListingDetailShape = z.infer<typeof listingDetailShape>;
export type ListingListItem = z.infer<typeof listingListItemShape>;
export type RegistryShape = z.infer<typeof registryShape>;
