import { z } from '../zod';
import { optionalText } from './fields';
import { listingId } from './listing-id';
import { listingChangeShape, listingShape, registryShape } from './listing-shape';

// Reviewing a listing (docs/product/states.md#listing-status, docs/product/validation.md#reject-listing): an admin
// approves, or rejects with a reason the owner is shown. One schema for the pending tab, the procedure and
// POST /api/admin/listings/:id/approve. A decision on an approved listing with an edit waiting is a decision on the edit
// (docs/decisions/007-pending-revisions.md).

export const REJECTION_REASON_MAX = 1000;
export const REJECTION_REASON_REQUIRED = 'Vennligst oppgi en årsak for avvisning';

export const reviewListingInput = z
  .object({
    id: listingId,
    approved: z.boolean({ error: 'approved må være true eller false.' }),
    rejectionReason: optionalText('Årsaken', REJECTION_REASON_MAX, { multiline: true }),
  })
  .superRefine((v, ctx) => {
    if (!v.approved && v.rejectionReason === '') ctx.addIssue({ code: 'custom', path: ['rejectionReason'], message: REJECTION_REASON_REQUIRED });
  });

export type ReviewListingInput = z.output<typeof reviewListingInput>;

/** Who owns a listing, as the pending tab names them. */
export const pendingListingOwnerShape = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

/**
 * A card of the admin's pending tab (GET /api/admin/pending-listings, docs/decisions/007-pending-revisions.md): a new
 * listing waiting for review (`kind: 'new'`, no changes), or an owner's edit of an approved listing (`kind: 'edit'`).
 * The listing fields are the proposed version, photos included (`newImages` are the ones the edit adds, shown to
 * buyers only once approved); `changes` says what the edit changes against the public version, field by field.
 */
export const pendingListingShape = listingShape.extend({
  kind: z.enum(['new', 'edit']),
  owner: pendingListingOwnerShape,
  /** When it joined the queue: the listing's creation, or the edit's (last) submission. */
  submittedAt: z.string(),
  changes: z.array(listingChangeShape),
  newImages: z.array(z.string()),
  /** 'Sjekk bilen' for the version to review (as GET /api/listings/:id): its mismatches with the vehicle registry. */
  registry: registryShape.nullable(),
});
export type PendingListing = z.infer<typeof pendingListingShape>;
