// The builders that make the listing's shapes (src/shared/schemas/listing-shape.ts, their one home) from database rows.

import type { Listing, ListingImage } from '../../../db/schema';
import { isSold, type CardRow, type SavedCardRow } from '../store/rules';
import { withServiceBook } from '../../shared/equipment';
import { priceRatingBadge } from '../../shared/price-rating';
import type { ListingCardShape, ListingImageShape, ListingShape, SavedListingCardShape } from '../../shared/schemas/listing-shape';

/** The place name of an address: the text after the 4-digit postal code, title-cased ('0155 OSLO' → 'Oslo'). */
export function placeFromAddress(address: string): string {
  const afterCode = /\b\d{4}\s+([^,\d][^,]*)$/u.exec(address.trim())?.[1];
  const raw = afterCode ?? '';
  const small = new Set(['i', 'på', 'og', 'ved']);
  return raw
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && small.has(word) ? word : word.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('-'),
    )
    .join(' ');
}

// --- photo sizes ------------------------------------------------------------------------------------------------
// Each photo is stored in three WebP sizes (src/server/services/images.ts, docs/product/limits.md#photo-sizes): the
// large one (≤ 1600 px on the long side, its size is the row's width × height), a medium one 800 px wide, and a
// thumbnail ≤ 480 px on the long side. The smaller sizes' widths follow from the large one's, so they are computed
// here rather than stored: the client builds `srcset` from them (w descriptors).

export const LARGE_MAX_PX = 1600;
/** Medium: as wide as a card at 2× on a phone or tablet, or the gallery at 1× on a desktop. */
export const MEDIUM_MAX_WIDTH = 800;
export const THUMB_MAX_PX = 480;

/** The thumbnail's size: the large photo fitted inside THUMB_MAX_PX × THUMB_MAX_PX, never enlarged. */
export function thumbSize(width: number, height: number): { width: number; height: number } {
  return fitInside(width, height, THUMB_MAX_PX, THUMB_MAX_PX);
}

/** The medium size: MEDIUM_MAX_WIDTH wide (w descriptors describe widths), never enlarged. */
export function mediumSize(width: number, height: number): { width: number; height: number } {
  return fitInside(width, height, MEDIUM_MAX_WIDTH, Number.POSITIVE_INFINITY);
}

function fitInside(width: number, height: number, maxW: number, maxH: number) {
  if (width <= 0 || height <= 0) return { width: Math.max(width, 0), height: Math.max(height, 0) };
  const scale = Math.min(1, maxW / width, maxH / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type ImageColumns = Pick<ListingImage, 'id' | 'url' | 'thumbUrl' | 'mediumUrl' | 'width' | 'height'>;
/** What a listing's shape reads of its photos' rows (also what the covering listing_images_listing_idx holds). */
export type PhotoColumns = ImageColumns & Pick<ListingImage, 'position'>;

export function toImageShape(img: ImageColumns): ListingImageShape {
  // Until the backfill has made a photo's medium size, the large one stands in (its own width, so srcset stays true).
  const medium = img.mediumUrl ? { url: img.mediumUrl, width: mediumSize(img.width, img.height).width } : { url: img.url, width: img.width };
  return {
    id: img.id,
    url: img.url,
    thumbUrl: img.thumbUrl,
    width: img.width,
    height: img.height,
    mediumUrl: medium.url,
    mediumWidth: medium.width,
    thumbWidth: thumbSize(img.width, img.height).width,
  };
}

/** The listing's fields a row carries as they are; the rest are converted below. */
type CopiedKey = Exclude<keyof ListingShape, 'images' | 'imageDetails' | 'equipment' | 'rejectionReason' | 'createdAt' | 'updatedAt' | 'revision' | 'sold' | 'reportHidden'>;
// The row must have every field of the API shape with a compatible type (db/schema/listings.ts ↔ listing-shape.ts).
type RowHasShapeFields = Pick<Listing, CopiedKey> extends Pick<ListingShape, CopiedKey> ? true : never;
const _rowHasShapeFields: RowHasShapeFields = true;

/**
 * Copies the shape's plain fields from a row, as one object literal (a loop over the keys was far slower on the detail
 * route). The return type makes the compiler name any field of the shape missing here or not in the shape.
 */
function copyFields(row: Listing): Pick<ListingShape, CopiedKey> {
  return {
    id: row.id,
    userId: row.userId,
    uniqueCode: row.uniqueCode,
    make: row.make,
    model: row.model,
    year: row.year,
    registrationNumber: row.registrationNumber,
    vinNumber: row.vinNumber,
    bodyType: row.bodyType,
    doors: row.doors,
    seats: row.seats,
    color: row.color,
    engineSize: row.engineSize,
    power: row.power,
    fuelType: row.fuelType,
    transmission: row.transmission,
    drivetrain: row.drivetrain,
    weight: row.weight,
    mileage: row.mileage,
    previousOwners: row.previousOwners,
    nextInspection: row.nextInspection,
    lastInspection: row.lastInspection,
    description: row.description,
    price: row.price,
    registrationFee: row.registrationFee,
    totalPrice: row.totalPrice,
    serviceHistory: row.serviceHistory,
    address: row.address,
    hideAddress: row.hideAddress,
    hideContactInfo: row.hideContactInfo,
    contactPhone: row.contactPhone,
    status: row.status,
    active: row.active,
  };
}

/**
 * The photos by position. Most callers hand them over already in order (the store reads them so), and a search page
 * shapes many listings per request, so they are copied and sorted only when they are not.
 */
function inPositionOrder<T extends { position: number }>(images: T[]): T[] {
  for (let i = 1; i < images.length; i++) {
    if (images[i - 1]!.position > images[i]!.position) return [...images].sort((a, b) => a.position - b.position);
  }
  return images;
}

/**
 * Row + its images (ordered by position) → the API's listing shape. One place, used by every procedure. `revision` is
 * null here: the owner's and admins' reads add a waiting edit (listing-revisions.ts).
 */
export function toListingShape(row: Listing, images: PhotoColumns[]): ListingShape {
  const sorted = inPositionOrder(images);
  const shape = copyFields(row) as ListingShape;
  // Rows written before the label was stored with the flag get it here (src/shared/equipment.ts withServiceBook).
  shape.equipment = row.serviceHistory ? withServiceBook(row.equipment ?? [], true) : (row.equipment ?? []);
  shape.images = sorted.map((i) => i.url);
  shape.imageDetails = sorted.map(toImageShape);
  shape.rejectionReason = row.status === 'rejected' ? row.rejectionReason : null;
  shape.createdAt = row.createdAt.toISOString();
  shape.updatedAt = row.updatedAt.toISOString();
  shape.revision = null;
  shape.sold = isSold(row);
  shape.reportHidden = row.reportHiddenAt !== null;
  return shape;
}

/** The cover's sizes, when the first photo is the one `cover_image` names (it always is; checked, not assumed). */
function coverPhotoOf(r: CardRow): ListingImageShape | null {
  if (!r.cover_photo || !r.cover_image) return null;
  const [id, url, thumbUrl, mediumUrl, width, height] = JSON.parse(r.cover_photo) as [number, string, string, string | null, number, number];
  if (thumbUrl !== r.cover_image) return null;
  return toImageShape({ id, url, thumbUrl, mediumUrl, width, height });
}

export function toCard(r: CardRow): ListingCardShape {
  return {
    id: r.id,
    make: r.make,
    model: r.model,
    year: r.year,
    mileage: r.mileage,
    fuelType: r.fuel_type,
    transmission: r.transmission,
    totalPrice: r.total_price,
    place: r.place,
    coverImage: r.cover_image,
    createdAt: new Date(r.created_at).toISOString(),
    coverPhoto: coverPhotoOf(r),
    priceRating: priceRatingBadge(r.price_rating),
    priceReducedBy: priceReducedBy(r.first_total_price, r.total_price),
  };
}

/** How much lower the total price is than when first published; null when it is not lower. */
export const priceReducedBy = (first: number | null, now: number) => (first !== null && first > now ? first - now : null);

/** A card of /lagrede-annonser: sold, or cheaper than when it was saved (docs/decisions/022-market-alerts.md). */
export function toSavedCard(r: SavedCardRow): SavedListingCardShape {
  const dropped = r.saved_total_price !== null && r.total_price < r.saved_total_price;
  return { ...toCard(r), sold: r.sold_at !== null, priceDroppedFrom: dropped ? r.saved_total_price : null };
}
