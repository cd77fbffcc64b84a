import { z } from '../zod';
import { optionalText } from './fields';
import { listingId } from './listing-id';

// Reviewing a listing (docs/product/states.md#listing-status, docs/product/validation.md#reject-listing): an admin
// approves, or rejects with a reason the owner is shown. One schema for the pending tab, the procedure and
// POST /api/admin/listings/:id/approve.

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
