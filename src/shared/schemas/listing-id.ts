import { LISTING_NOT_FOUND_MESSAGE } from '../texts/not-found';
import { z } from '../zod';

// Small on purpose: forms that only name a listing (an inquiry) import this, not the whole listing form schema.

export { LISTING_NOT_FOUND_MESSAGE };

/** A listing's id from a path or a body; anything that cannot be one reads as a listing that does not exist. */
export const listingId = z.coerce.number({ error: LISTING_NOT_FOUND_MESSAGE }).int().positive({ error: LISTING_NOT_FOUND_MESSAGE });
