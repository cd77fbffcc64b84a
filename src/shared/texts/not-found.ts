// The not-found pages' words (docs/product/screens.md), without zod: the page head (src/shared/page-head.ts) is in the
// first load. src/shared/schemas/listing-id.ts re-exports the listing's.

export const LISTING_NOT_FOUND_MESSAGE = 'Annonse ikke funnet';
export const LISTING_NOT_FOUND_TEXT = 'Annonsen du leter etter eksisterer ikke eller er blitt fjernet.';

/** Any other route: the SPEC's words as they are, English included (docs/product/screens.md). */
export const PAGE_NOT_FOUND_TITLE = '404 Page Not Found';
export const PAGE_NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';
