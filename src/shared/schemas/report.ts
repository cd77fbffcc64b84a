import { REPORT_ACTIONS, REPORT_COMMENT_MAX, REPORT_REASONS, REPORT_TEXTS } from '../texts/reports';
import { z } from '../zod';
import { optionalText } from './fields';
import { listingId } from './listing-id';

// Reports of listings (docs/decisions/025-buyer-trust.md): one schema for the dialog on /listing/{id}, the procedures
// and POST /api/listings/:id/reports, GET /api/admin/reports and POST /api/admin/listings/:id/reports/resolve.
export * from '../texts/reports';

const reason = z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reasonRequired });

export const reportInput = z.object({
  listingId,
  reason,
  comment: optionalText('Kommentaren', REPORT_COMMENT_MAX, { multiline: true }),
});
export type ReportInput = z.input<typeof reportInput>;

export const resolveReportsInput = z.object({
  id: listingId,
  action: z.enum(REPORT_ACTIONS, { error: 'action må være avvis eller fjern.' }),
});

const int = z.number().int();

/** A report as its reporter gets it back (201), and in their data export. */
export const reportShape = z.object({
  id: int,
  listingId: int,
  reason,
  comment: z.string(),
  createdAt: z.string(),
  /** 'avvis' or 'fjern' once an admin has decided, else null. */
  resolution: z.enum(REPORT_ACTIONS).nullable(),
});
export type ReportShape = z.infer<typeof reportShape>;

const personShape = z.object({ id: int, username: z.string(), name: z.string() });

/** A listing with open reports, as the admin panel lists it. */
export const reportedListingShape = z.object({
  listing: z.object({
    id: int,
    uniqueCode: z.string(),
    make: z.string(),
    model: z.string(),
    year: int,
    status: z.enum(['pending', 'approved', 'rejected']),
    active: z.boolean(),
    /** When the reports hid it from buyers, or null while it is still shown. */
    hiddenAt: z.string().nullable(),
    owner: personShape,
  }),
  /** Its open reports, oldest first. */
  reports: z.array(
    z.object({
      id: int,
      reason,
      comment: z.string(),
      createdAt: z.string(),
      reporter: personShape,
    }),
  ),
});
export type ReportedListing = z.infer<typeof reportedListingShape>;

export const resolveReportsResult = z.object({
  listingId: int,
  action: z.enum(REPORT_ACTIONS),
  /** How many open reports the decision closed (each reporter is notified). */
  resolved: int,
});
export type ResolveReportsResult = z.infer<typeof resolveReportsResult>;
