import { adminAuditInput, adminListingsInput, adminUpdateUserInput, adminUserIdInput } from '../../shared/schemas/admin';
import { inboxListInput, inboxMarkReadInput, inboxMessageIdInput } from '../../shared/schemas/inbox';
import { listingIdInput } from '../../shared/schemas/listing';
import { reviewListingInput } from '../../shared/schemas/moderation';
import { auditLogOf } from '../services/admin-audit';
import { adminDeleteListing, adminListings } from '../services/admin-listings';
import { adminDeleteUser, adminUpdateUser, adminUsers } from '../services/admin-users';
import type { AuditActor } from '../services/audit';
import { SESSIONS_ENDED } from '../realtime/hub';
import { deleteInboxMessage, listInbox, markInboxRead } from '../services/inbox';
import { pendingListings, reviewListing } from '../services/moderation';
import { adminReportsRouter } from './reports';
import { afterListingShown } from '../services/saved-searches';
import type { Context } from '../trpc/context';
import { adminProcedure, router } from '../trpc/init';

// The administrators' side (docs/product/admin.md). Every procedure is an adminProcedure: 401 logged out, 403 for a
// user, checked before the input is read, so a refused call changes nothing.

/** The admin as the audit log names them. */
const actorOf = (ctx: { user: NonNullable<Context['user']> }): AuditActor => ({ id: ctx.user.id, name: ctx.user.name });
const depsOf = (ctx: Context) => ({ store: ctx.store, storage: ctx.integrations.imageStorage });

export const adminRouter = router({
  listings: router({
    /** The all-listings table: one page, sorted, filtered by status, searched by code or plate; `{items, total, limit, offset}`. */
    list: adminProcedure.input(adminListingsInput).query(({ ctx, input }) => adminListings(ctx.store, input)),
    /** The pending tab's cards, oldest first: new listings, and owners' edits of approved ones with their changes. */
    pending: adminProcedure.query(({ ctx }) => pendingListings(ctx.store)),
    /** 'Godkjenn' / 'Avvis' with a reason / 'Godkjenn likevel': the owner is notified; audited. */
    review: adminProcedure.input(reviewListingInput).mutation(async ({ ctx, input }) => {
      const result = await reviewListing(ctx.store, ctx.hub, actorOf(ctx), input, ctx.registryChecks);
      // Approved (or an edit applied): its page is rendered ahead for its first buyer (pages/render-ahead.ts).
      ctx.renderAhead.listing(input.id);
      // An approval may show the listing to buyers: the saved searches it matches are alerted (a no-op otherwise).
      if (input.approved) await afterListingShown(ctx, input.id);
      return result;
    }),
    /** Any listing, photos included; audited. */
    delete: adminProcedure.input(listingIdInput).mutation(async ({ ctx, input }) => {
      await adminDeleteListing(depsOf(ctx), actorOf(ctx), input.id);
      return { success: true as const };
    }),
  }),
  users: router({
    list: adminProcedure.query(({ ctx }) => adminUsers(ctx.store)),
    /** The profile's rules; admins are not edited here (403). */
    update: adminProcedure.input(adminUpdateUserInput).mutation(({ ctx, input }) => adminUpdateUser(ctx.store, actorOf(ctx), input)),
    /** A non-admin and everything theirs, in one transaction (403 for an admin). */
    delete: adminProcedure.input(adminUserIdInput).mutation(async ({ ctx, input }) => {
      const result = await adminDeleteUser({ store: ctx.store, storage: ctx.integrations.imageStorage }, actorOf(ctx), input.id);
      // The user's open sockets end their subscriptions now, not at their next event.
      ctx.hub.publish(input.id, SESSIONS_ENDED);
      return result;
    }),
  }),
  inbox: router({
    /** Feedback or contact messages, newest first. */
    list: adminProcedure.input(inboxListInput).query(({ ctx, input }) => listInbox(ctx.store, input.kind)),
    /** Read (default) or unread (`isRead: false`). */
    markRead: adminProcedure.input(inboxMarkReadInput).mutation(({ ctx, input }) => markInboxRead(ctx.store, input.id, input.isRead)),
    delete: adminProcedure.input(inboxMessageIdInput).mutation(async ({ ctx, input }) => {
      await deleteInboxMessage(ctx.store, input.id);
      return { success: true as const };
    }),
  }),
  reports: adminReportsRouter,
  audit: router({
    /** Who approved, rejected, edited or deleted this listing or user, newest first. */
    list: adminProcedure.input(adminAuditInput).query(({ ctx, input }) => auditLogOf(ctx.store, input.targetType, input.targetId)),
  }),
});
