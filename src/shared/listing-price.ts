import type { ListingShape } from './types/listing';

// Zod-free, so the listing page's head (first-load bundle) and the price box read the shown price from one rule.

/** docs/product/limits.md: the shown price is always price + registration fee. */
export const shownPrice = (l: Pick<ListingShape, 'price' | 'registrationFee'>) => (l.price || 0) + (l.registrationFee || 0);
