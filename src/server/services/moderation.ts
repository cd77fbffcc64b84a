import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { listings } from '../../../db/schema';
import type { ReviewListingInput } from '../../shared/schemas/moderation';
import { listingNotFound } from '../errors';
import type { EventHub } from '../realtime/hub';
import { listingAuditLabel, recordAudit, type AuditActor } from './audit';
import { insertNotification, publishNotifications, type NewNotification } from './notifications';

// Moderation (docs/product/states.md#listing-status): an admin approves a listing, or rejects it with a reason. The
// status change and the owner's notification are one transaction; the notification is pushed after the commit.

/** What the owner is told (docs/product/notifications.md). */
export function reviewNotification(car: string, input: Pick<ReviewListingInput, 'approved' | 'rejectionReason'>): NewNotification {
  return input.approved
    ? { type: 'success', title: 'Annonsen din er godkjent', message: `${car} er nå synlig for kjøpere.` }
    : { type: 'error', title: 'Annonsen din ble avvist', message: `${car} ble avvist: ${input.rejectionReason}` };
}

/**
 * Approve or reject (the caller has checked the admin right: adminProcedure), recorded in the audit log as `actor`'s
 * decision. Returns the listing's new status.
 */
export function reviewListing(
  db: Db,
  hub: EventHub,
  actor: AuditActor,
  input: ReviewListingInput,
): { id: number; status: 'approved' | 'rejected'; rejectionReason: string | null } {
  const { notification, result } = db.transaction((tx) => {
    const listing = tx
      .select({ id: listings.id, userId: listings.userId, uniqueCode: listings.uniqueCode, make: listings.make, model: listings.model, year: listings.year })
      .from(listings)
      .where(eq(listings.id, input.id))
      .get();
    if (!listing) throw listingNotFound();
    const status = input.approved ? ('approved' as const) : ('rejected' as const);
    const rejectionReason = input.approved ? null : input.rejectionReason;
    tx.update(listings).set({ status, rejectionReason, updatedAt: new Date() }).where(eq(listings.id, listing.id)).run();
    const car = `${listing.make} ${listing.model} ${listing.year}`.replace(/\s+/g, ' ').trim();
    recordAudit(tx, actor, input.approved ? 'listing.approve' : 'listing.reject', { type: 'listing', id: listing.id, label: listingAuditLabel(listing) }, input.approved ? undefined : { rejectionReason });
    const notification = insertNotification(tx, listing.userId, { ...reviewNotification(car, input), data: { listingId: listing.id } });
    return { notification, result: { id: listing.id, status, rejectionReason } };
  });
  publishNotifications(hub, [notification]);
  return result;
}
