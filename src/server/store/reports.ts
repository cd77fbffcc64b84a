// Listing reports ('Rapporter annonse'), one implementation for both stores. What hides a listing and what a decision does are
// services/reports.ts's rules, handed in as `decide` (docs/store.md#business-transactions).
import { and, asc, count, desc, eq, gte, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Listing, listingReports, Notification } from '../../../db/schema';
import type { ReportAction } from '../../shared/texts/reports';
import { insertAudit, type AuditWrite } from './inbox';
import { personColumns } from './listings';
import { lockListingWrites } from './locks';
import { afterListingWrite } from './prices';
import { insertNotifications, type NotificationWrite } from './notifications';
import { columnsOf, isRowId, Repository } from './repository';

export type ReportRow = typeof listingReports.$inferSelect;

export interface ReportState {
  /** The listing, or undefined when there is none. */
  listing: Listing | undefined;
  /** Whether this reporter has reported it before (resolved or not). */
  alreadyReported: boolean;
  /** Other accounts' open reports of it made since the window's start. */
  recentOthers: number;
}

/** Whether the new report hides the listing (active false, report_hidden_at set) in the same transaction. */
export interface ReportWrites {
  hide: boolean;
}

export interface ResolveWrites {
  listing: Partial<Pick<Listing, 'active' | 'reportHiddenAt' | 'status' | 'rejectionReason' | 'updatedAt'>>;
  resolution: ReportAction;
  audit: AuditWrite;
  notifications: NotificationWrite[];
}

export class ReportsRepo extends Repository {
  /**
   * A report, and the listing hidden when `decide` says so, in one transaction; `decide` throws to refuse. The listing
   * row is locked first, so two reports of one listing count each other.
   */
  async create(listingId: number, reporterId: number, values: Pick<ReportRow, 'reason' | 'comment'>, since: Date, decide: (state: ReportState) => ReportWrites): Promise<ReportRow> {
    const { listings, listingReports: r } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      const [listing] = isRowId(listingId) ? await this.d.lockRows(tx.select().from(listings).where(eq(listings.id, listingId))) : [];
      const [mine] = listing ? await tx.select({ id: r.id }).from(r).where(and(eq(r.listingId, listingId), eq(r.reporterId, reporterId))) : [];
      const recentlyOpen = and(eq(r.listingId, listingId), isNull(r.resolvedAt), gte(r.createdAt, since));
      const [recent] = listing ? await tx.select({ n: count() }).from(r).where(recentlyOpen) : [{ n: 0 }];
      const w = decide({ listing, alreadyReported: mine !== undefined, recentOthers: recent.n - (mine ? 1 : 0) });
      const [report] = await tx.insert(r).values({ listingId, reporterId, ...values }).returning();
      if (w.hide) {
        const now = new Date();
        await tx.update(listings).set({ active: false, reportHiddenAt: now, updatedAt: now }).where(eq(listings.id, listingId));
        await afterListingWrite(tx, this, listing, listingId, now);
      }
      return report;
    });
  }

  /** Every open report with its listing, owner and reporter: listings hidden by reports first, then oldest report first. */
  async open() {
    const { listings: l, listingReports: r, users } = this.t;
    const owner = alias(users, 'owner');
    const listing = columnsOf(l, ['id', 'uniqueCode', 'make', 'model', 'year', 'status', 'active', 'reportHiddenAt']);
    const reports = this.db.select({ report: r, listing, owner: personColumns(owner), reporter: personColumns(users) }).from(r);
    const joined = reports.innerJoin(l, eq(l.id, r.listingId)).innerJoin(owner, eq(owner.id, l.userId)).innerJoin(users, eq(users.id, r.reporterId));
    return joined.where(isNull(r.resolvedAt)).orderBy(asc(r.createdAt), asc(r.id));
  }

  /**
   * An admin's decision on a listing's open reports (`open`, oldest first), in one transaction: the listing's columns
   * `decide` answers, the reports resolved, the audit entry and the notifications. Answers the notifications written.
   */
  async resolve(listingId: number, decide: (state: { listing: Listing | undefined; open: ReportRow[] }) => ResolveWrites): Promise<Notification[]> {
    const { listings, listingReports: r } = this.t;
    return this.d.transaction(this.db, async (tx) => {
      await lockListingWrites(tx, this);
      const [listing] = isRowId(listingId) ? await this.d.lockRows(tx.select().from(listings).where(eq(listings.id, listingId))) : [];
      const unresolved = and(eq(r.listingId, listingId), isNull(r.resolvedAt));
      const open = listing ? await tx.select().from(r).where(unresolved).orderBy(asc(r.createdAt), asc(r.id)) : [];
      const w = decide({ listing, open });
      const now = new Date();
      if (Object.keys(w.listing).length) {
        await tx.update(listings).set(w.listing).where(eq(listings.id, listingId));
        await afterListingWrite(tx, this, listing, listingId, now);
      }
      await tx.update(r).set({ resolvedAt: now, resolution: w.resolution }).where(unresolved);
      await insertAudit(tx, this.t, w.audit);
      return insertNotifications(tx, this, w.notifications);
    });
  }

  /** The user's own reports, newest first (their data export). */
  async byReporter(reporterId: number): Promise<ReportRow[]> {
    const { listingReports: r } = this.t;
    return this.db.select().from(r).where(eq(r.reporterId, reporterId)).orderBy(desc(r.createdAt), desc(r.id));
  }
}
