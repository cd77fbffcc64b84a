import {
  listingFormInput,
  listingIdInput,
  listingSetActiveInput,
  listingSetSoldInput,
  listingUpdateInput,
  uploadImageInput,
} from '../../shared/schemas/listing';
import { stageImage, stagingLimitsOf } from '../services/images';
import { createListing, deleteListing, listingForEdit, myListings, setListingActive, setListingSold, updateListing } from '../services/listings';
import { afterListingShown } from '../services/saved-searches';
import { protectedProcedure, rateLimited } from '../trpc/init';
import type { Context } from '../trpc/context';

// Seller side of the listings namespace, merged with the buyer half in trpc/root.ts.
const seller = (ctx: Context & { user: NonNullable<Context['user']> }) => ({
  deps: { store: ctx.store, storage: ctx.integrations.imageStorage, hub: ctx.hub, registry: ctx.registryChecks },
  actor: { id: ctx.user.id, isAdmin: ctx.user.isAdmin },
});

export const listingsSellerProcedures = {
  /** docs/product/validation.md#create-listing: answers the new listing (pending, active). */
  create: protectedProcedure
    .use(rateLimited('listingCreate'))
    .use(rateLimited('listingCreateDay'))
    .input(listingFormInput)
    .mutation(({ ctx, input }) => {
      const { deps, actor } = seller(ctx);
      return createListing(deps, actor, input);
    }),

  /** Full edit by the owner or an admin; an owner's edit of reviewed fields of an approved listing waits for review (docs/decisions/007-pending-revisions.md). */
  update: protectedProcedure.input(listingUpdateInput).mutation(async ({ ctx, input }) => {
    const { deps, actor } = seller(ctx);
    const shape = await updateListing(deps, actor, input.id, input.data);
    // What buyers see may have changed (an edit that waits for review changes nothing: its page stays kept).
    ctx.renderAhead.listing(input.id);
    return shape;
  }),

  /** 'Aktiver' / 'Deaktiver' (docs/product/states.md). */
  setActive: protectedProcedure.input(listingSetActiveInput).mutation(async ({ ctx, input }) => {
    const { actor } = seller(ctx);
    const shape = await setListingActive(ctx.store, actor, input.id, input.active);
    // A hidden listing's page is a 404, which is never kept: only one shown again is rendered ahead.
    if (input.active) ctx.renderAhead.listing(input.id);
    // Shown to buyers again: the saved searches it matches are alerted (docs/decisions/022-market-alerts.md).
    if (input.active) await afterListingShown(ctx, input.id);
    return shape;
  }),

  /** 'Marker som solgt' (docs/product/states.md#sold): owner or admin; `sold: false` puts it back on the market. */
  setSold: protectedProcedure
    .use(rateLimited('listingSold'))
    .input(listingSetSoldInput)
    .mutation(async ({ ctx, input }) => {
      const { actor } = seller(ctx);
      const shape = await setListingSold(ctx.store, actor, input.id, input.sold);
      ctx.renderAhead.listing(input.id);
      if (!input.sold) await afterListingShown(ctx, input.id);
      return shape;
    }),

  /** 'Slett permanent': owner or admin; the photos' files go too. */
  delete: protectedProcedure.input(listingIdInput).mutation(async ({ ctx, input }) => {
    const { deps, actor } = seller(ctx);
    await deleteListing(deps, actor, input.id);
    return { success: true };
  }),

  /** /mine-annonser: own listings, newest first. */
  mine: protectedProcedure.query(({ ctx }) => myListings(ctx.store, ctx.user.id)),

  /** /rediger-annonse/{id}: owner or admin, else 'Annonse ikke funnet'. */
  forEdit: protectedProcedure.input(listingIdInput).query(({ ctx, input }) => {
    const { actor } = seller(ctx);
    return listingForEdit(ctx.store, actor, input.id);
  }),

  /**
   * One photo uploaded ahead of the form (staged). Answers {id, url, thumbUrl, width, height}; the form then sends
   * `url` in its images list. Unattached photos are deleted after 24 hours.
   */
  uploadImage: protectedProcedure
    .use(rateLimited('photoUpload'))
    .input(uploadImageInput)
    .mutation(({ ctx, input }) => {
      // Bounded per account and in all (docs/product/limits.md#photos): 429 with Retry-After when there is no room.
      return stageImage(ctx.store, ctx.integrations.imageStorage, ctx.user.id, input.image, stagingLimitsOf(ctx.config));
    }),
};
