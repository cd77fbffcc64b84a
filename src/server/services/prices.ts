import type { Listing } from '../../../db/schema';
import { comparablesOf, priceGuideOf, priceRatingBadge, SOLD_COMPARABLE_MS, type PriceGuide } from '../../shared/price-rating';
import type { ListingDetailShape } from '../../shared/schemas/listing-shape';
import type { PriceGuideInput } from '../../shared/schemas/price-guide';
import type { Store } from '../store';
import type { ListingDetailRows } from '../store/photos';
import { isVisible } from '../store/rules';

// Price rating and price history as buyers and sellers read them (docs/decisions/025-buyer-trust.md); the rules are
// src/shared/price-rating.ts's, the market and the kept ratings the store's (store/prices.ts).

/**
 * The detail view's price rating and price history. The rating is the one kept on the row, with its figures, as every
 * write and the hourly sweep keep it (store/prices.ts), so the page agrees with the cards and reads no market. Only a
 * listing on sale is rated: a sold or hidden one's page shows its history alone.
 */
export function listingPrices(listing: Listing, history: ListingDetailRows['history']): Pick<ListingDetailShape, 'priceRating' | 'priceHistory'> {
  const { priceComparables: comparables, priceMedian: median, priceLow: low, priceHigh: high } = listing;
  const badge = isVisible(listing) ? priceRatingBadge(listing.priceRating) : null;
  const rated = badge && comparables !== null && median !== null && low !== null && high !== null;
  return {
    priceRating: rated ? { ...badge, comparables, median, low, high } : null,
    priceHistory: history.map((h) => ({ totalPrice: h.totalPrice, at: h.at.toISOString() })),
  };
}

/**
 * What comparable listings sell for, for a seller's form. The same for every caller (so the HTTP layer may keep it):
 * a car of no listing and no seller, so every comparable counts.
 */
export async function priceGuide(store: Store, car: PriceGuideInput): Promise<PriceGuide> {
  const market = await store.prices.market(car);
  return priceGuideOf(comparablesOf({ ...car, id: 0, userId: 0 }, market).map((m) => m.totalPrice));
}

/**
 * Rates the groups again whose market changed without a write: listings sold more than the comparables' window ago
 * leave it. `since` is the previous sweep (null: none yet, so every group with a visible listing, which also rates
 * listings published before ratings were kept). Group by group, each its own short transaction.
 */
export async function sweepPriceRatings(store: Store, since: Date | null, now = new Date()): Promise<number> {
  const groups = await store.prices.groups(since && new Date(since.getTime() - SOLD_COMPARABLE_MS), new Date(now.getTime() - SOLD_COMPARABLE_MS));
  for (const g of groups) await store.prices.rate(g, now);
  return groups.length;
}

/** The hourly sweep of the ratings, a first one shortly after start; answers a stop function. */
export function startPriceRatingSweep(
  deps: { store: Store; log: { warn(obj: object, msg?: string): void } },
  { everyMs = 60 * 60_000, firstAfterMs = 10_000 }: { everyMs?: number; firstAfterMs?: number } = {},
): () => void {
  let stopped = false;
  // From the hour before the start, not every group: rating a whole large database at once (after the upgrade that
  // brought ratings) holds the store for minutes. That is `npm run prices:rate`, run once (docs/operations.md).
  let since: Date | null = new Date(Date.now() - everyMs);
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    const now = new Date();
    try {
      await sweepPriceRatings(deps.store, since, now);
      since = now;
    } catch (err) {
      if (!stopped) deps.log.warn({ err: { message: (err as Error).message } }, 'price rating sweep failed');
    }
    if (stopped) return;
    timer = setTimeout(() => void round(), everyMs);
    timer.unref();
  };
  timer = setTimeout(() => void round(), firstAfterMs);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
