import type { Listing } from '../../../db/schema';
import {
  REPORT_TEXTS,
  reportOutcomeNotification,
  reportRejectionReason,
  type ReportAction,
  type ReportedListing,
  type ReportInput,
  type ReportShape,
  type ResolveReportsResult,
} from '../../shared/schemas/report';
import { AppError, listingNotFound } from '../errors';
import type { EventHub } from '../realtime/hub';
import type { Store } from '../store';
import type { ReportRow, ResolveWrites } from '../store/reports';
import { isSold, isVisible } from '../store/rules';
import { listingAuditLabel, type AuditActor } from './audit';
import { reviewNotification } from './moderation';
import { publishNotifications } from './notifications';

// Reports of listings (docs/decisions/025-buyer-trust.md#reports-and-the-chat-warning). A logged-in buyer reports a
// listing they can open, once. Reports from REPORTS_TO_HIDE accounts within REPORT_WINDOW_MS, still open, hide an
// active listing from everyone but its owner and admins: it is deactivated and marked report_hidden_at, so the one
// 'visible' rule (store/rules.ts) takes it out of search and its page is a 404 for buyers, and the owner cannot turn
// it back on. An admin decides: 'avvis' shows it again, 'fjern' rejects it (as moderation does); each reporter is told.

export const REPORTS_TO_HIDE = 3;
export const REPORT_WINDOW_MS = 7 * 24 * 60 * 60_000;

const carOf = (l: Pick<Listing, 'make' | 'model' | 'year'>) => `${l.make} ${l.model} ${l.year}`.replace(/\s+/g, ' ').trim();

export function toReportShape(r: ReportRow): ReportShape {
  return { id: r.id, listingId: r.listingId, reason: r.reason, comment: r.comment, createdAt: r.createdAt.toISOString(), resolution: r.resolution };
}

/**
 * POST /api/listings/:id/reports. A listing the reporter cannot open is a 404, their own a 403, a second report of
 * the same listing a 409. Answers the report and whether it hid the listing (for the caller to drop kept pages).
 */
export async function reportListing(store: Store, reporterId: number, input: Pick<ReportInput, 'reason'> & { listingId: number; comment: string }, now = new Date()) {
  let hidden = false;
  const row = await store.reports.create(input.listingId, reporterId, { reason: input.reason, comment: input.comment }, new Date(now.getTime() - REPORT_WINDOW_MS), (state) => {
    const { listing } = state;
    if (!listing || (!isVisible(listing) && !isSold(listing))) throw listingNotFound();
    if (listing.userId === reporterId) throw new AppError('FORBIDDEN', REPORT_TEXTS.ownListing);
    if (state.alreadyReported) throw new AppError('CONFLICT', REPORT_TEXTS.duplicate);
    // Only a listing buyers see can be hidden: a sold one is already out of search, and hiding it would keep it
    // inactive should an admin dismiss the reports.
    hidden = isVisible(listing) && listing.reportHiddenAt === null && state.recentOthers + 1 >= REPORTS_TO_HIDE;
    return { hide: hidden };
  });
  return { report: toReportShape(row), hidden };
}

/** GET /api/admin/reports: every listing with open reports, those hidden by them first, then by their oldest report. */
export async function reportedListings(store: Store): Promise<ReportedListing[]> {
  const byListing = new Map<number, ReportedListing>();
  for (const { report, listing, owner, reporter } of await store.reports.open()) {
    let item = byListing.get(listing.id);
    if (!item) {
      const { reportHiddenAt, ...rest } = listing;
      item = { listing: { ...rest, hiddenAt: reportHiddenAt?.toISOString() ?? null, owner }, reports: [] };
      byListing.set(listing.id, item);
    }
    item.reports.push({ id: report.id, reason: report.reason, comment: report.comment, createdAt: report.createdAt.toISOString(), reporter });
  }
  const items = [...byListing.values()];
  return items.sort((a, b) => Number(b.listing.hiddenAt !== null) - Number(a.listing.hiddenAt !== null));
}

/**
 * POST /api/admin/listings/:id/reports/resolve: 'avvis' closes the reports and shows a listing they hid again;
 * 'fjern' rejects the listing with the reports' reasons (the owner is told as for any rejection). 404 when the listing
 * has no open report. Audited; each reporter is notified.
 */
export async function resolveReports(store: Store, hub: EventHub, actor: AuditActor, listingId: number, action: ReportAction): Promise<ResolveReportsResult & { shown: boolean }> {
  let resolved = 0;
  let shown = false;
  const notifications = await store.reports.resolve(listingId, ({ listing, open }): ResolveWrites => {
    if (!listing) throw listingNotFound();
    if (open.length === 0) throw new AppError('NOT_FOUND', REPORT_TEXTS.nothingToResolve);
    resolved = open.length;
    const now = new Date();
    const car = carOf(listing);
    const target = { type: 'listing' as const, id: listing.id, label: listingAuditLabel(listing) };
    const hiddenByReports = listing.reportHiddenAt !== null;
    const reporters = open.map((r) => ({ userId: r.reporterId, ...reportOutcomeNotification(car, action), data: { listingId: listing.id } }));
    const details = { reports: open.length, reasons: [...new Set(open.map((r) => r.reason))] };
    if (action === 'avvis') {
      shown = hiddenByReports && listing.status === 'approved';
      return {
        // What the reports hid is shown again; a listing they did not hide keeps its state.
        listing: hiddenByReports ? { active: true, reportHiddenAt: null, updatedAt: now } : {},
        resolution: action,
        audit: { actor, action: 'listing.reports_dismiss', target, details },
        notifications: reporters,
      };
    }
    const rejectionReason = reportRejectionReason(open.map((r) => r.reason));
    return {
      // Rejected, it is out of sight by its status: the active flag is given back, so approving it again after the
      // owner's fix shows it as moderation would.
      listing: { status: 'rejected', rejectionReason, reportHiddenAt: null, ...(hiddenByReports ? { active: true } : {}), updatedAt: now },
      resolution: action,
      audit: { actor, action: 'listing.reject', target, details: { ...details, rejectionReason } },
      notifications: [...reporters, { userId: listing.userId, ...reviewNotification(car, { approved: false, rejectionReason }), data: { listingId: listing.id } }],
    };
  });
  publishNotifications(hub, notifications);
  return { listingId, action, resolved, shown };
}

/** A reporter's own reports, newest first (their data export). */
export async function reportsOf(store: Store, userId: number): Promise<ReportShape[]> {
  return (await store.reports.byReporter(userId)).map(toReportShape);
}
