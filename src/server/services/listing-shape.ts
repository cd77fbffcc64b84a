import type { Listing, ListingImage } from '../../../db/schema';
import { withServiceBook } from '../../shared/equipment';
import { listingShape } from '../../shared/schemas/listing-shape';
import type { ListingCardShape, ListingImageShape, ListingShape } from '../../shared/types/listing';

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

export function toImageShape(img: ListingImage): ListingImageShape {
  return { id: img.id, url: img.url, thumbUrl: img.thumbUrl, width: img.width, height: img.height };
}

/** The listing's fields a row carries as they are; the rest are converted below. */
type CopiedKey = Exclude<keyof ListingShape, 'images' | 'imageDetails' | 'equipment' | 'rejectionReason' | 'createdAt' | 'updatedAt' | 'revision'>;
// The row must have every field of the API shape with a compatible type (db/schema/listings.ts ↔ listing-shape.ts).
type RowHasShapeFields = Pick<Listing, CopiedKey> extends Pick<ListingShape, CopiedKey> ? true : never;
const _rowHasShapeFields: RowHasShapeFields = true;
const CONVERTED = new Set(['images', 'imageDetails', 'equipment', 'rejectionReason', 'createdAt', 'updatedAt', 'revision']);
const COPIED = Object.keys(listingShape.shape).filter((k) => !CONVERTED.has(k)) as CopiedKey[];

/**
 * Copies the shape's plain fields from a row. Generated once from the key list as one object literal: as fast as the
 * hand-written mapper it replaces (a loop over the keys was ten times slower on the detail route).
 */
const copyFields = new Function('row', `return { ${COPIED.map((k) => `${k}: row.${k}`).join(', ')} };`) as (
  row: Listing,
) => Pick<ListingShape, CopiedKey>;

/**
 * Row + its images (ordered by position) → the API's listing shape. One place, used by every procedure. `revision` is
 * null here: the owner's and admins' reads add a waiting edit (listing-revisions.ts).
 */
export function toListingShape(row: Listing, images: ListingImage[]): ListingShape {
  const sorted = [...images].sort((a, b) => a.position - b.position);
  const shape = copyFields(row) as ListingShape;
  // Rows written before the label was stored with the flag get it here (src/shared/equipment.ts withServiceBook).
  shape.equipment = row.serviceHistory ? withServiceBook(row.equipment ?? [], true) : (row.equipment ?? []);
  shape.images = sorted.map((i) => i.url);
  shape.imageDetails = sorted.map(toImageShape);
  shape.rejectionReason = row.status === 'rejected' ? row.rejectionReason : null;
  shape.createdAt = row.createdAt.toISOString();
  shape.updatedAt = row.updatedAt.toISOString();
  shape.revision = null;
  return shape;
}

// --- cards ----------------------------------------------------------------------------------------------------
// The slim card of list views (search, saved listings) is read with hand-written SQL on the hot search path, so its
// columns are named once here, next to the one mapper.

const CARD_COLUMNS = [
  'id', 'make', 'model', 'year', 'mileage', 'fuel_type', 'transmission', 'total_price', 'place', 'cover_image', 'created_at',
] as const satisfies readonly (keyof CardRow)[];

/** The card's columns of `listings <alias>`, for a SELECT list. */
export function cardColumns(alias = 'l') {
  return CARD_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
}

export interface CardRow {
  id: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  fuel_type: string;
  transmission: string;
  total_price: number;
  place: string;
  cover_image: string | null;
  created_at: number;
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
  };
}
