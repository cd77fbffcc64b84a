import type { Listing, ListingImage, ListingRevision } from '../../../db/schema';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, labelOf, TRANSMISSIONS, type Code } from '../../shared/codes';
import { SERVICE_BOOK_LABEL } from '../../shared/equipment';
import { formatMileage, formatNumber } from '../../shared/format';
import {
  LISTING_FIELD_LABELS,
  REVIEWED_FIELDS,
  sameReviewedValue,
  type ReviewedField,
  type ReviewedValues,
} from '../../shared/schemas/listing';
import type { ListingShape } from '../../shared/schemas/listing-shape';
import { placeFromAddress, toListingShape } from './listing-shape';

// An owner's edit of an approved listing waiting for review (docs/decisions/007-pending-revisions.md). The listings row
// keeps the approved values, so buyers, the search and its index see them; the edit's reviewed values wait in
// listing_revisions and its new photos in listing_images with `revision_listing_id`. From those rows (read by the
// listings repository, store/listings.ts) this module makes the owner's version (the edit applied), what the edit
// changes field by field, and the revision as the API shows it.

export type RevisionShape = NonNullable<ListingShape['revision']>;
export type ListingChange = RevisionShape['changes'][number];
export type RevisionFields = Partial<ReviewedValues>;

/**
 * The edit's values that still differ from the row. An admin's edit of the row (or an older revision written before a
 * field became instant) may have caught up with some; those are no change any more.
 */
export function effectiveFields(row: Listing, fields: RevisionFields): RevisionFields {
  const out: RevisionFields = {};
  for (const f of REVIEWED_FIELDS) {
    if (!(f in fields)) continue;
    if (!sameReviewedValue(f, row[f], fields[f])) (out as Record<string, unknown>)[f] = fields[f];
  }
  return out;
}

/** The row as the edit would make it (the place follows the address): the version its owner sees. */
export function applyRevision(row: Listing, fields: RevisionFields): Listing {
  const merged: Listing = { ...row, ...fields };
  if (fields.address !== undefined) merged.place = placeFromAddress(fields.address);
  return merged;
}

/** Two sets of edit values say the same. */
export function sameFields(a: RevisionFields, b: RevisionFields): boolean {
  return REVIEWED_FIELDS.every((f) => {
    const inA = f in a;
    if (inA !== f in b) return false;
    return !inA || sameReviewedValue(f, a[f], b[f]);
  });
}

// --- values as people read them -----------------------------------------------------------------------------------

const NONE = '–';
const CODE_LISTS: Partial<Record<ReviewedField, readonly Code[]>> = {
  bodyType: BODY_TYPES,
  fuelType: FUEL_TYPES,
  transmission: TRANSMISSIONS,
  drivetrain: DRIVETRAINS,
};
const UNITS: Partial<Record<ReviewedField, string>> = { power: 'hk', engineSize: 'cm³', weight: 'kg' };

/** One reviewed value as the listing page words it: codes by name, numbers in nb-NO with their unit, 'Ja'/'Nei'. */
export function displayValue(field: ReviewedField, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nei';
  if (Array.isArray(value)) {
    const items = value.filter((i) => i !== SERVICE_BOOK_LABEL);
    return items.length ? items.join(', ') : NONE;
  }
  const codes = CODE_LISTS[field];
  if (codes) return labelOf(codes, String(value ?? '')) || NONE;
  if (typeof value === 'number') {
    if (field === 'year' || field === 'doors' || field === 'seats' || field === 'previousOwners') return String(value);
    if (field === 'mileage') return formatMileage(value);
    if (value === 0) return NONE;
    const unit = UNITS[field];
    return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
  }
  const text = String(value ?? '').trim();
  return text || NONE;
}

const photoCount = (n: number) => (n === 1 ? '1 bilde' : `${n} bilder`);

/**
 * What the edit changes, field by field in form order, against the approved row; photos added in the edit are one
 * entry ('Bilder': the approved count and the proposed one).
 */
export function describeChanges(row: Listing, fields: RevisionFields, publicPhotos: number, newPhotos: number): ListingChange[] {
  const changes: ListingChange[] = [];
  for (const f of REVIEWED_FIELDS) {
    if (!(f in fields)) continue;
    changes.push({ field: f, label: LISTING_FIELD_LABELS[f], before: displayValue(f, row[f]), after: displayValue(f, fields[f]) });
  }
  if (newPhotos > 0) {
    const after = `${photoCount(publicPhotos + newPhotos)} (${newPhotos} ${newPhotos === 1 ? 'nytt' : 'nye'})`;
    changes.push({ field: 'images', label: LISTING_FIELD_LABELS.images, before: photoCount(publicPhotos), after });
  }
  return changes;
}

/** The revision as the API shows it to the owner and admins. */
export function revisionShape(row: Listing, revision: ListingRevision, publicImages: ListingImage[], newImages: ListingImage[]): RevisionShape {
  const fields = effectiveFields(row, revision.fields);
  const publicValues: RevisionShape['publicValues'] = {};
  for (const f of Object.keys(fields) as ReviewedField[]) (publicValues as Record<string, unknown>)[f] = row[f];
  return {
    status: revision.status,
    rejectionReason: revision.status === 'rejected' ? revision.rejectionReason : null,
    submittedAt: revision.submittedAt.toISOString(),
    changes: describeChanges(row, fields, publicImages.length, newImages.length),
    newImages: newImages.map((i) => i.url),
    publicValues,
  };
}

/**
 * The owner's version: the edit applied, every photo (approved and new) in the order the owner chose, and `revision`
 * saying what waits. Without an edit it is the listing as stored.
 */
export function proposedShape(row: Listing, publicImages: ListingImage[], revision: ListingRevision | undefined, newImages: ListingImage[] = []): ListingShape {
  if (!revision) return toListingShape(row, publicImages);
  const shape = toListingShape(applyRevision(row, effectiveFields(row, revision.fields)), [...publicImages, ...newImages]);
  shape.revision = revisionShape(row, revision, publicImages, newImages);
  return shape;
}

/** An admin's view of the listing page: the approved version buyers see, plus what its owner's edit would change. */
export function publicShapeWithRevision(row: Listing, publicImages: ListingImage[], revision: ListingRevision | undefined, newImages: ListingImage[] = []): ListingShape {
  const shape = toListingShape(row, publicImages);
  if (revision) shape.revision = revisionShape(row, revision, publicImages, newImages);
  return shape;
}
