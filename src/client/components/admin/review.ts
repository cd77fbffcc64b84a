import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXTS } from '../../../shared/schemas/admin';
import { LISTING_DELETED_MESSAGE, LISTING_DELETED_TITLE } from '../../../shared/schemas/listing';
import { errorMessage } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';

/** How the admin pages name a listing's car: 'Volvo V90 2019'. */
export const carOf = (l: { make: string; model: string; year: number }) => `${l.make} ${l.model} ${l.year}`.replace(/\s+/g, ' ').trim();

/**
 * 'Godkjenn', 'Avvis' with a reason and 'Godkjenn likevel' (docs/product/states.md#listing-status) with the toasts of
 * docs/product/errors.md. Every admin list and every public list may change, so both are refetched.
 */
export function useReviewListing(opts: { onSuccess?: () => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.listings.review.mutationOptions({
      onSuccess: async () => {
        toast(ADMIN_TEXTS.reviewed, ADMIN_TEXTS.reviewedText);
        opts.onSuccess?.();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.listings.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.audit.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.listings.pathKey() }),
        ]);
      },
      onError: (err) => toastError(ADMIN_TEXTS.reviewFailed, errorMessage(err, ADMIN_TEXTS.reviewFailed)),
    }),
  );
}

/** Deleting any listing from the all tab, with the owner's 'Annonse slettet' toast or 'Kunne ikke slette annonse'. */
export function useDeleteListing(opts: { onSuccess?: () => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.listings.delete.mutationOptions({
      onSuccess: async () => {
        toast(LISTING_DELETED_TITLE, LISTING_DELETED_MESSAGE);
        opts.onSuccess?.();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.listings.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.listings.pathKey() }),
        ]);
      },
      onError: (err) => toastError(ADMIN_TEXTS.listingDeleteFailed, errorMessage(err, ADMIN_TEXTS.listingDeleteFailed)),
    }),
  );
}
