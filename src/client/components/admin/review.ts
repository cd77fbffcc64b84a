import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXTS } from '../../../shared/schemas/admin';
import { LISTING_DELETED_MESSAGE, LISTING_DELETED_TITLE } from '../../../shared/schemas/listing';
import { errorMessage } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';

/** How the admin pages name a listing's car: 'Volvo V90 2019'. */
export const carOf = (l: { make: string; model: string; year: number }) => `${l.make} ${l.model} ${l.year}`.replace(/\s+/g, ' ').trim();

/**
 * What every admin change to a listing does after it: its toast, the caller's onSuccess, and a refetch of the admin
 * list, the `also` list and the public lists (which may all show the listing); on failure the server's words.
 */
function useListingChange(done: [title: string, text: string], failed: string, also: 'audit' | 'users', opts: { onSuccess?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: async () => {
      toast(...done);
      opts.onSuccess?.();
      const keys = [trpc.admin.listings.pathKey(), trpc.admin[also].pathKey(), trpc.listings.pathKey()];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (err: unknown) => toastError(failed, errorMessage(err, failed)),
  };
}

/** 'Godkjenn', 'Avvis' with a reason and 'Godkjenn likevel' (docs/product/states.md#listing-status) with the toasts of docs/product/errors.md. */
export function useReviewListing(opts: { onSuccess?: () => void } = {}) {
  const change = useListingChange([ADMIN_TEXTS.reviewed, ADMIN_TEXTS.reviewedText], ADMIN_TEXTS.reviewFailed, 'audit', opts);
  return useMutation(useTRPC().admin.listings.review.mutationOptions(change));
}

/** Deleting any listing from the all tab, with the owner's 'Annonse slettet' toast or 'Kunne ikke slette annonse'. */
export function useDeleteListing(opts: { onSuccess?: () => void } = {}) {
  const change = useListingChange([LISTING_DELETED_TITLE, LISTING_DELETED_MESSAGE], ADMIN_TEXTS.listingDeleteFailed, 'users', opts);
  return useMutation(useTRPC().admin.listings.delete.mutationOptions(change));
}
