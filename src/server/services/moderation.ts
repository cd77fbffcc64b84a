import type { Listing } from '../../../db/schema';
import type { PendingListing, ReviewListingInput } from '../../shared/schemas/moderation';
import { listingNotFound } from '../errors';
import type { EventHub } from '../realtime/hub';
import type { Store } from '../store';
import type { ReviewWrites } from '../store/listings';
import { listingAuditLabel, type AuditActor } from './audit';
import { applyRevision, describeChanges, effectiveFields, proposedShape } from './listing-revisions';
import { toListingShape } from './listing-shape';
import { publishNotifications, type NewNotification } from './notifications';
import { changesRegistryFacts, registryOf, type RegistryChecks } from './registry-facts';

// Moderation (docs/product/states.md#listing-status): an admin approves a listing, or rejects it with a reason. The
// status change and the owner's notification are one transaction; the notification is pushed after the commit.
// An approved listing whose owner's edit waits for review (docs/decisions/007-pending-revisions.md) stays public
// throughout: approving swaps the edit in, rejecting keeps the approved version and tells the owner why.

const carOf = (l: Pick<Listing, 'make' | 'model' | 'year'>) => `${l.make} ${l.model} ${l.year}`.replace(/\s+/g, ' ').trim();

/** What the owner is told (docs/product/notifications.md). */
export function reviewNotification(car: string, input: Pick<ReviewListingInput, 'approved' | 'rejectionReason'>): NewNotification {
  return input.approved
    ? { type: 'success', title: 'Annonsen din er godkjent', message: `${car} er nå synlig for kjøpere.` }
    : { type: 'error', title: 'Annonsen din ble avvist', message: `${car} ble avvist: ${input.rejectionReason}` };
}

/** What the owner is told about their edit of an approved listing. */
export function editReviewNotification(car: string, input: Pick<ReviewListingInput, 'approved' | 'rejectionReason'>): NewNotification {
  return input.approved
    ? { type: 'success', title: 'Endringene dine er godkjent', message: `Endringene i ${car} er nå synlige for kjøpere.` }
    : {
        type: 'error',
        title: 'Endringene dine ble avvist',
        message: `Endringene i ${car} ble avvist: ${input.rejectionReason}. Kjøpere ser fortsatt den godkjente annonsen.`,
      };
}

export interface ReviewResult {
  id: number;
  /** The decision: the listing's new status, or for an edit what became of the edit (the listing stays approved). */
  status: 'approved' | 'rejected';
  rejectionReason: string | null;
  /** Whether the decision was on an owner's edit of an approved listing rather than on the listing. */
  edit: boolean;
}

/**
 * Approve or reject (the caller has checked the admin right: adminProcedure), recorded in the audit log as `actor`'s
 * decision. On a new, pending or rejected listing the decision sets its status ('Godkjenn likevel' approves a rejected
 * one). On an approved listing with an owner's edit waiting (or rejected earlier) it is a decision on the edit:
 * approving copies the edit's values and photos into the listing, rejecting keeps the approved version public and
 * gives the edit the reason. An approved edit that changes the plate or a field the registry confirms sends the plate to
 * `registry` to be looked up again. Returns the decision.
 */
export async function reviewListing(
  store: Store,
  hub: EventHub,
  actor: AuditActor,
  input: ReviewListingInput,
  registry?: Pick<RegistryChecks, 'listing'>,
): Promise<ReviewResult> {
  let result!: ReviewResult;
  let registryChanged = false;
  const notification = await store.listings.review(input.id, ({ listing, revision, newPhotos }): ReviewWrites => {
    if (!listing) throw listingNotFound();
    const rejectionReason = input.approved ? null : input.rejectionReason;
    const now = new Date();
    const target = { type: 'listing' as const, id: listing.id, label: listingAuditLabel(listing) };
    const action = input.approved ? ('listing.approve' as const) : ('listing.reject' as const);
    const status = input.approved ? ('approved' as const) : ('rejected' as const);

    if (revision) {
      const fields = effectiveFields(listing, revision.fields);
      const changed = [...Object.keys(fields), ...(newPhotos ? ['images'] : [])];
      const merged = applyRevision(listing, fields);
      const car = input.approved ? carOf(merged) : carOf(listing);
      const audit = { actor, action, target, details: input.approved ? { edit: true, fields: changed } : { edit: true, fields: changed, rejectionReason } };
      const notification = { userId: listing.userId, ...editReviewNotification(car, input), data: { listingId: listing.id } };
      result = { id: listing.id, status, rejectionReason, edit: true };
      registryChanged = input.approved && changesRegistryFacts(listing, fields as Partial<Listing>);
      return input.approved
        ? { kind: 'approveEdit', set: { ...fields, place: merged.place, rejectionReason: null, updatedAt: now }, audit, notification }
        : { kind: 'rejectEdit', rejectionReason, audit, notification };
    }

    result = { id: listing.id, status, rejectionReason, edit: false };
    return {
      kind: 'status',
      set: { status, rejectionReason, updatedAt: now },
      audit: { actor, action, target, details: input.approved ? undefined : { rejectionReason } },
      notification: { userId: listing.userId, ...reviewNotification(carOf(listing), input), data: { listingId: listing.id } },
    };
  });
  publishNotifications(hub, [notification]);
  if (registryChanged) registry?.listing(result.id);
  return result;
}

/**
 * The admin's pending tab: every listing awaiting review, oldest first (a queue). New listings (status pending) as
 * they are; approved listings with an owner's edit waiting in their proposed version, with what the edit changes
 * field by field. A handful of queries whatever the queue's length.
 */
export async function pendingListings(store: Store): Promise<PendingListing[]> {
  const { fresh, edits, images, newImages } = await store.listings.pending();
  const facts = await store.registryFacts.ofListings([...fresh, ...edits].map((p) => p.listing.id));
  const items: PendingListing[] = [
    ...fresh.map(({ listing, owner }) => ({
      ...toListingShape(listing, images.get(listing.id) ?? []),
      kind: 'new' as const,
      owner,
      submittedAt: listing.createdAt.toISOString(),
      changes: [],
      newImages: [],
      registry: registryOf(listing, facts.get(listing.id)),
    })),
    ...edits.map(({ listing, owner, revision }) => {
      const publicImages = images.get(listing.id) ?? [];
      const added = newImages.get(listing.id) ?? [];
      const fields = effectiveFields(listing, revision.fields);
      return {
        ...proposedShape(listing, publicImages, revision, added),
        kind: 'edit' as const,
        owner,
        submittedAt: revision.submittedAt.toISOString(),
        changes: describeChanges(listing, fields, publicImages.length, added.length),
        newImages: added.map((i) => i.url),
        // The proposed values against the facts of the approved plate (none when the edit changes the plate).
        registry: registryOf(applyRevision(listing, fields), facts.get(listing.id)),
      };
    }),
  ];
  return items.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.id - b.id);
}
