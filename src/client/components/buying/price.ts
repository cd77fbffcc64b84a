import type { ListingShape } from '../../../shared/types/listing';

// Kept apart from the price box so the route's head (which names the price in the tab title) does not pull the
// listing page's components into the first-load bundle.

/** docs/product/limits.md: the shown price is always price + registration fee. */
export const shownPrice = (l: Pick<ListingShape, 'price' | 'registrationFee'>) => (l.price || 0) + (l.registrationFee || 0);
