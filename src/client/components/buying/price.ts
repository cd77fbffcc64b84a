// The rule lives in src/shared/listing-price.ts, shared with the page head (src/shared/page-head.ts); kept importable
// from here for the price box.
export { shownPrice } from '../../../shared/listing-price';
