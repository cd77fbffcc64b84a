import { isTRPCClientError } from '@trpc/client';
import type { TRPCOptions } from '../../trpc';

// Small on purpose: the /rediger-annonse route's loader imports it, and loaders are not code-split.

/** A listing that does not exist, is someone else's or has a malformed id reads as not found. */
export const isMissingListing = (err: unknown) =>
  isTRPCClientError(err) && ['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST'].includes(String(err.data?.code));

export const forEditQuery = (trpc: TRPCOptions, id: number) =>
  trpc.listings.forEdit.queryOptions(
    { id },
    // Edit what is stored now, not a copy from minutes ago; a missing listing is an answer, not a hiccup.
    { staleTime: 0, retry: (n, err) => !isMissingListing(err) && n < 1 },
  );

/** The id in /rediger-annonse/{id}, or 0 when it is not a positive number (then the page reads as not found). */
export const listingId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);
