import type { SavedListingCardShape } from '../../shared/schemas/listing-shape';
import { z } from '../../shared/zod';
import { listingNotFound } from '../errors';
import type { Store } from '../store';
import { toSavedCard } from './listing-shape';

// Saved listings (docs/product/screens.md /lagrede-annonser, docs/product/states.md "Saved listing"). A user's own
// only; only listings a buyer may see can be saved, and only those and sold ones are listed (marked sold), so a listing
// that is later hidden drops out of the list (and comes back if shown again) without its saved row being deleted.

export const savedListingShape = z.object({ listingId: z.number().int(), savedAt: z.string() });
export type SavedListingShape = z.infer<typeof savedListingShape>;

/** The user's saved listings that are still visible or sold, newest saved first, marked sold or cheaper. */
export async function listSavedListings(store: Store, userId: number): Promise<SavedListingCardShape[]> {
  return (await store.savedListings.list(userId)).map(toSavedCard);
}

/** Ids of the user's saved (visible) listings, for marking cards. */
export async function savedListingIds(store: Store, userId: number): Promise<number[]> {
  return store.savedListings.ids(userId);
}

/** Saves a visible listing for the user; saving it again changes nothing. 404 for a listing a buyer cannot see. */
export async function saveListing(store: Store, userId: number, listingId: number): Promise<SavedListingShape> {
  const savedAt = await store.savedListings.add(userId, listingId);
  if (!savedAt) throw listingNotFound();
  return { listingId, savedAt: savedAt.toISOString() };
}

/** Removes the listing from the user's saved ones; removing one that is not saved is not an error. */
export async function unsaveListing(store: Store, userId: number, listingId: number): Promise<{ listingId: number; removed: boolean }> {
  return { listingId, removed: await store.savedListings.remove(userId, listingId) };
}
