import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { listingImages, listingRevisions, listings, users, type Listing } from '../../../db/schema';
import type { PendingListing, ReviewListingInput } from '../../shared/schemas/moderation';
import { listingNotFound } from '../errors';
import type { EventHub } from '../realtime/hub';
import { listingAuditLabel, recordAudit, type AuditActor } from './audit';
import { applyRevision, describeChanges, effectiveFields, proposedShape, revisionImagesOf, revisionsOf } from './listing-revisions';
import { toListingShape } from './listing-shape';
import { loadImages } from './listings';
import { insertNotification, publishNotifications, type NewNotification } from './notifications';

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
 * gives the edit the reason. Returns the decision.
 */
export function reviewListing(db: Db, hub: EventHub, actor: AuditActor, input: ReviewListingInput): ReviewResult {
  const { notification, result } = db.transaction((tx) => {
    const listing = tx.select().from(listings).where(eq(listings.id, input.id)).get();
    if (!listing) throw listingNotFound();
    const revision =
      listing.status === 'approved' ? tx.select().from(listingRevisions).where(eq(listingRevisions.listingId, listing.id)).get() : undefined;
    const rejectionReason = input.approved ? null : input.rejectionReason;
    const now = new Date();

    if (revision) {
      const fields = effectiveFields(listing, revision.fields);
      const newPhotos = tx.select({ id: listingImages.id }).from(listingImages).where(eq(listingImages.revisionListingId, listing.id)).all();
      const changed = [...Object.keys(fields), ...(newPhotos.length ? ['images'] : [])];
      let car = carOf(listing);
      if (input.approved) {
        // Photos first: deleting the revision would take its photos with it (foreign key).
        tx.update(listingImages).set({ listingId: listing.id, revisionListingId: null }).where(eq(listingImages.revisionListingId, listing.id)).run();
        tx.delete(listingRevisions).where(eq(listingRevisions.listingId, listing.id)).run();
        const cover = tx
          .select({ thumbUrl: listingImages.thumbUrl })
          .from(listingImages)
          .where(eq(listingImages.listingId, listing.id))
          .orderBy(asc(listingImages.position), asc(listingImages.id))
          .get();
        const merged = applyRevision(listing, fields);
        tx.update(listings)
          .set({ ...fields, place: merged.place, coverImage: cover?.thumbUrl ?? null, rejectionReason: null, updatedAt: now })
          .where(eq(listings.id, listing.id))
          .run();
        car = carOf(merged);
      } else {
        tx.update(listingRevisions).set({ status: 'rejected', rejectionReason }).where(eq(listingRevisions.listingId, listing.id)).run();
      }
      recordAudit(
        tx,
        actor,
        input.approved ? 'listing.approve' : 'listing.reject',
        { type: 'listing', id: listing.id, label: listingAuditLabel(listing) },
        input.approved ? { edit: true, fields: changed } : { edit: true, fields: changed, rejectionReason },
      );
      const notification = insertNotification(tx, listing.userId, { ...editReviewNotification(car, input), data: { listingId: listing.id } });
      return { notification, result: { id: listing.id, status: input.approved ? ('approved' as const) : ('rejected' as const), rejectionReason, edit: true } };
    }

    const status = input.approved ? ('approved' as const) : ('rejected' as const);
    tx.update(listings).set({ status, rejectionReason, updatedAt: now }).where(eq(listings.id, listing.id)).run();
    recordAudit(tx, actor, input.approved ? 'listing.approve' : 'listing.reject', { type: 'listing', id: listing.id, label: listingAuditLabel(listing) }, input.approved ? undefined : { rejectionReason });
    const notification = insertNotification(tx, listing.userId, { ...reviewNotification(carOf(listing), input), data: { listingId: listing.id } });
    return { notification, result: { id: listing.id, status, rejectionReason, edit: false } };
  });
  publishNotifications(hub, [notification]);
  return result;
}

/**
 * The admin's pending tab: every listing awaiting review, oldest first (a queue). New listings (status pending) as
 * they are; approved listings with an owner's edit waiting in their proposed version, with what the edit changes
 * field by field. A handful of queries whatever the queue's length.
 */
export function pendingListings(db: Db): PendingListing[] {
  const owner = { id: users.id, username: users.username, name: users.name };
  const fresh = db
    .select({ listing: listings, owner })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(eq(listings.status, 'pending'))
    .all();
  const edits = db
    .select({ listing: listings, owner })
    .from(listingRevisions)
    .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
    .innerJoin(users, eq(users.id, listings.userId))
    .where(and(eq(listingRevisions.status, 'pending'), eq(listings.status, 'approved')))
    .all();
  const images = loadImages(db, [...fresh, ...edits].map((r) => r.listing.id));
  const editIds = edits.map((r) => r.listing.id);
  const revisions = revisionsOf(db, editIds);
  const newImages = revisionImagesOf(db, editIds);

  const items: PendingListing[] = [
    ...fresh.map(({ listing, owner }) => ({
      ...toListingShape(listing, images.get(listing.id) ?? []),
      kind: 'new' as const,
      owner,
      submittedAt: listing.createdAt.toISOString(),
      changes: [],
      newImages: [],
    })),
    ...edits.map(({ listing, owner }) => {
      const revision = revisions.get(listing.id)!;
      const publicImages = images.get(listing.id) ?? [];
      const added = newImages.get(listing.id) ?? [];
      return {
        ...proposedShape(listing, publicImages, revision, added),
        kind: 'edit' as const,
        owner,
        submittedAt: revision.submittedAt.toISOString(),
        changes: describeChanges(listing, effectiveFields(listing, revision.fields), publicImages.length, added.length),
        newImages: added.map((i) => i.url),
      };
    }),
  ];
  return items.sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.id - b.id);
}
