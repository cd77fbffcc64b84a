import { z } from '../zod';
import { updateProfileInput, userShape } from './auth';
import { LISTING_STATUSES } from './listing-shape';

// The administrators' side (docs/product/admin.md): the inputs of the admin procedures and REST rows, the rows they
// answer, and the words of the admin pages. One schema serves the pages, the procedures and /api/admin/*.

// --- texts ------------------------------------------------------------------------------------------------------

/** The admin pages' words (docs/product/screens.md#admin, docs/product/errors.md), word for word. */
export const ADMIN_TEXTS = {
  panelTitle: 'Developer Panel',
  noAccessTitle: 'Ingen tilgang',
  noAccessText: 'Du har ikke administrator-rettigheter.',
  reviewed: 'Annonse behandlet',
  reviewedText: 'Status oppdatert',
  reviewFailed: 'Kunne ikke behandle annonse',
  listingDeleteFailed: 'Kunne ikke slette annonse',
  userUpdated: 'Bruker oppdatert',
  userUpdateFailed: 'Kunne ikke oppdatere bruker',
  userDeleted: 'Bruker slettet',
  userDeleteFailed: 'Kunne ikke slette bruker',
  inboxStatusFailed: 'Kunne ikke oppdatere status.',
  feedbackDeleteFailed: 'Kunne ikke slette tilbakemelding.',
  messageDeleteFailed: 'Kunne ikke slette melding.',
  approve: 'Godkjenn',
  reject: 'Avvis',
  approveAnyway: 'Godkjenn likevel',
  markRead: 'Marker som lest',
  markUnread: 'Marker som ulest',
  read: 'Lest',
  unread: 'Ulest',
  new: 'Ny',
} as const;

/** The review status as the admin reads it (docs/product/states.md#listing-status; the owner reads 'Til kontroll'). */
export const ADMIN_STATUS_LABELS = { pending: 'Venter', approved: 'Godkjent', rejected: 'Avvist' } as const satisfies Record<
  (typeof LISTING_STATUSES)[number],
  string
>;

/** The server's refusals (403/404) on the admin paths. */
export const USER_NOT_FOUND_MESSAGE = 'Fant ikke brukeren.';
export const ADMIN_NOT_DELETABLE_MESSAGE = 'Administratorer kan ikke slettes.';
export const ADMIN_NOT_EDITABLE_MESSAGE = 'Administratorer kan ikke endres her. Bruk Min profil for din egen konto.';

// --- inputs -----------------------------------------------------------------------------------------------------

const int = z.number().int();

/** A user's id from a path or a body; anything that cannot be one reads as a user that does not exist. */
export const userId = z.coerce.number({ error: USER_NOT_FOUND_MESSAGE }).int({ error: USER_NOT_FOUND_MESSAGE }).positive({ error: USER_NOT_FOUND_MESSAGE });
export const adminUserIdInput = z.object({ id: userId });

/** Query strings arrive as text: an empty value means "not set". */
const blankAsUnset = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ADMIN_LISTING_SORTS = ['createdAt', 'price', 'status', 'make'] as const;
export type AdminListingSort = (typeof ADMIN_LISTING_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;

const PAGE_MESSAGE = 'Side (page) må være et heltall fra 1.';
const LIMIT_MESSAGE = `Antall per side (limit) må være et heltall fra 1 til ${ADMIN_PAGE_SIZE_MAX}.`;
const OFFSET_MESSAGE = 'Startposisjon (offset) må være et heltall fra 0.';

/**
 * GET /api/admin/listings and admin.listings.list: one page of every listing (any status), sorted, optionally filtered
 * by status and searched by unique code or registration number. `offset`, when given, wins over `page`.
 */
export const adminListingsInput = z
  .object({
    page: z.preprocess(blankAsUnset, z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).max(100_000, { error: PAGE_MESSAGE }).default(1)),
    limit: z.preprocess(
      blankAsUnset,
      z.coerce.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(ADMIN_PAGE_SIZE_MAX, { error: LIMIT_MESSAGE }).default(ADMIN_PAGE_SIZE),
    ),
    offset: z.preprocess(
      blankAsUnset,
      z.coerce.number({ error: OFFSET_MESSAGE }).int({ error: OFFSET_MESSAGE }).min(0, { error: OFFSET_MESSAGE }).max(10_000_000, { error: OFFSET_MESSAGE }).optional(),
    ),
    sort: z.preprocess(blankAsUnset, z.enum(ADMIN_LISTING_SORTS, { error: 'Ukjent sortering.' }).default('createdAt')),
    direction: z.preprocess(blankAsUnset, z.enum(SORT_DIRECTIONS, { error: 'Retning må være asc eller desc.' }).default('desc')),
    /** 'all' (or nothing) for every status. */
    status: z.preprocess(
      (v) => (v === 'all' ? undefined : blankAsUnset(v)),
      z.enum(LISTING_STATUSES, { error: 'Ukjent status. Bruk pending, approved, rejected eller all.' }).optional(),
    ),
    /** A unique code ('BP-4F7K2Q', or its start) or a registration number ('AB 12345', or its start). */
    search: z.preprocess(blankAsUnset, z.string({ error: 'Søket må være tekst.' }).trim().max(40, { error: 'Søket kan ikke være lengre enn 40 tegn.' }).optional()),
  })
  .transform(({ page, offset, ...rest }) => ({ ...rest, page, offset: offset ?? (page - 1) * rest.limit }));
export type AdminListingsInput = z.input<typeof adminListingsInput>;
export type AdminListingsParams = z.output<typeof adminListingsInput>;

/**
 * PUT /api/admin/users/:id and admin.users.update: the profile's own rules (PUT /api/auth/update-profile); the admin's
 * dialog has no display name, so it is optional here and kept when not sent.
 */
export const adminUpdateUserInput = updateProfileInput.partial({ displayName: true }).extend({ id: userId });
export type AdminUpdateUserInput = z.output<typeof adminUpdateUserInput>;

export const AUDIT_TARGET_TYPES = ['listing', 'user'] as const;
export const AUDIT_ACTIONS = ['listing.approve', 'listing.reject', 'listing.edit', 'listing.delete', 'user.update', 'user.delete', 'listing.reports_dismiss'] as const;
/** How the audit log names each action (docs/product/admin.md#audit-log). */
export const AUDIT_ACTION_LABELS = {
  'listing.approve': 'Godkjent',
  'listing.reject': 'Avvist',
  'listing.edit': 'Redigert',
  'listing.delete': 'Slettet',
  'user.update': 'Opplysninger endret',
  'user.delete': 'Bruker slettet',
  'listing.reports_dismiss': 'Rapporter avvist',
} as const satisfies Record<(typeof AUDIT_ACTIONS)[number], string>;
export const adminAuditInput = z.object({
  targetType: z.enum(AUDIT_TARGET_TYPES, { error: 'targetType må være listing eller user.' }),
  targetId: z.coerce.number({ error: 'targetId må være et heltall.' }).int({ error: 'targetId må være et heltall.' }).positive({ error: 'targetId må være et heltall.' }),
});

// --- answers ----------------------------------------------------------------------------------------------------

/** One row of the all-listings table. `price` is the asking price, `totalPrice` the shown one (price + fee). */
export const adminListingRowShape = z.object({
  id: int,
  uniqueCode: z.string(),
  make: z.string(),
  model: z.string(),
  year: int,
  registrationNumber: z.string(),
  price: int,
  totalPrice: int,
  status: z.enum(LISTING_STATUSES),
  rejectionReason: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  userId: int,
  ownerUsername: z.string(),
  ownerName: z.string(),
});
export type AdminListingRow = z.infer<typeof adminListingRowShape>;

export const adminListingPageShape = z.object({
  items: z.array(adminListingRowShape),
  /** Every match of the filter and search, not only this page. */
  total: int,
  limit: int,
  offset: int,
});
export type AdminListingPage = z.infer<typeof adminListingPageShape>;

/** A card of the pending tab: the one definition is moderation's (new listings and owners' edits with their changes). */
export { pendingListingShape as adminPendingListingShape, type PendingListing as AdminPendingListing } from './moderation';

/**
 * admin.listings.review / POST /api/admin/listings/:id/approve: the decision. `edit` when it was on an owner's edit of
 * an approved listing (the listing stays approved and public either way).
 */
export const reviewResultShape = z.object({ id: int, status: z.enum(['approved', 'rejected']), rejectionReason: z.string().nullable(), edit: z.boolean() });

/** A row of the users table: the user as admins see it (docs/product/api.md#shapes) and how many listings it has. */
export const adminUserRowShape = userShape.extend({ listingCount: int });
export type AdminUserRow = z.infer<typeof adminUserRowShape>;

export const deleteUserResultShape = z.object({ success: z.literal(true), deletedListings: int });

/** One entry of the audit log (docs/product/admin.md#audit-log). */
export const auditEntryShape = z.object({
  id: int,
  actorId: int.nullable(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: int,
  targetLabel: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntryShape = z.infer<typeof auditEntryShape>;
