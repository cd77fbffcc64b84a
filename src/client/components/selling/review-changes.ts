import {
  LISTING_FIELD_LABELS,
  listingFormFields,
  REVIEWED_FIELDS,
  sameReviewedValue,
  type ReviewedField,
} from '../../../shared/schemas/listing';
import type { ListingShape } from '../../../shared/types/listing';
import type { ListingFormValues } from './listing-values';

// Which of the owner's changes wait for review (docs/decisions/007-pending-revisions.md), worked out in the form before
// saving with the server's own list of reviewed fields and its own comparison (src/shared/schemas/listing.ts).

/** What the owner's form is compared with: the version buyers see now. */
export interface ReviewBaseline {
  /** 'approved': changes wait while the approved version stays public; 'rejected': they send the listing to review. */
  listingStatus: 'approved' | 'rejected';
  values: Record<ReviewedField, unknown>;
  /** URLs of the photos buyers see (or, for a rejected listing, that were reviewed). */
  photos: string[];
}

/**
 * The baseline of a listing its owner edits; null when nothing the owner does changes what is reviewed (a listing
 * still waiting for its first review is reviewed whole anyway).
 */
export function reviewBaselineOf(l: ListingShape): ReviewBaseline | null {
  if (l.status === 'pending') return null;
  const newPhotos = new Set(l.revision?.newImages ?? []);
  return {
    listingStatus: l.status,
    values: { ...l, ...(l.revision?.publicValues ?? {}) },
    photos: l.images.filter((url) => !newPhotos.has(url)),
  };
}

/** The form's value of a field as the server will store it; undefined when it does not parse (it then counts as changed). */
function parsed(field: ReviewedField, raw: unknown): unknown {
  const result = listingFormFields[field].safeParse(raw);
  return result.success ? result.data : undefined;
}

/**
 * The labels of the fields whose change needs review, in form order; 'Bilder' when a photo is added (one not among
 * the baseline's, or still uploading).
 */
export function changesNeedingReview(baseline: ReviewBaseline, values: Partial<ListingFormValues>, photos: { url?: string | null }[]): string[] {
  const labels: string[] = REVIEWED_FIELDS.filter((f) => {
    const value = parsed(f, values[f]);
    return value === undefined || !sameReviewedValue(f, baseline.values[f], value);
  }).map((f) => LISTING_FIELD_LABELS[f]);
  const known = new Set(baseline.photos);
  if (photos.some((p) => !p.url || !known.has(p.url))) labels.push(LISTING_FIELD_LABELS.images);
  return labels;
}
