import type { CardRow } from './rules';
import type { Listing, ListingImage } from '../../../db/schema';

// The repository of what the search engine reads (docs/decisions/014-cold-search.md "The column index"): the visible
// listings' rows, the change log the triggers write and the version they bump, and the rows of a page of ids.
// Implemented in store/sqlite/search-source.ts and store/pg/search-source.ts.

/**
 * A visible listing as the column index reads it (services/search/column-index.ts): id, creation time in ms, total
 * price, year, mileage, then the coded columns, the area text and the free text.
 */
export type SearchRow = [id: number, created: number, price: number, year: number, mileage: number, ...codedThenTexts: string[]];

/** The coded columns of a SearchRow, in order: the filtered ones, then two only counted for the facets. */
export const SEARCH_CODED = ['make', 'model', 'color', 'fuel_type', 'transmission', 'drivetrain', 'body_type', 'place', 'county'] as const;

/**
 * The SELECT list of a SearchRow over `listings` (unaliased), given how the store spells the creation time in ms and
 * the equipment (a JSON array) as text.
 */
export const searchRowColumns = (createdMs: string, equipment: string) =>
  `id, ${createdMs}, total_price, year, mileage, ${SEARCH_CODED.join(', ')},` +
  // What the area filter looks at: the place with its county (docs/decisions/015-county-area.md) and the address while
  // it is shown; then what free text looks at, what a buyer reads on the listing. Words never span columns.
  " place || ' ' || county || ' ' || CASE WHEN hide_address THEN '' ELSE address END," +
  ` make || ' ' || model || ' ' || color || ' ' || description || ' ' || ${equipment} || ' ' || place || ' ' || county`;

/** A card's columns: services/listing-shape.ts CardRow, which both stores' reads produce. */
export type SearchCardRow = CardRow;

/** What a list item shows of a photo. */
export type SearchPhoto = Pick<ListingImage, 'id' | 'url' | 'thumbUrl' | 'mediumUrl' | 'width' | 'height' | 'position'>;

/** Where the change log stands: the last position handed out, and its oldest entry (null when empty). */
export interface SearchLogState {
  latest: number;
  first: number | null;
}

export interface SearchSource {
  /**
   * The listings version, bumped by a trigger on every write to a listing. SQLite answers at once (a number), so the
   * hot path of a search or a kept answer does not wait a turn for it; PostgreSQL answers a Promise.
   */
  version(): number | Promise<number>;
  /**
   * Every visible listing's row handed to `consume` with the number of visible listings, and the log position they
   * are as of: one snapshot, so a change is neither missed nor applied twice by the reader that follows the log from
   * there. `consume` runs inside the read, once.
   */
  build<T>(consume: (rows: Iterable<SearchRow>, visible: number) => T): Promise<{ built: T; seq: number }>;
  logState(): Promise<SearchLogState>;
  /** Up to `limit` log entries after `afterSeq`, in order: [seq, listing id]. */
  changes(afterSeq: number, limit: number): Promise<[seq: number, listingId: number][]>;
  /** The rows of those of `ids` that are visible now. */
  visibleRows(ids: readonly number[]): Promise<SearchRow[]>;
  /**
   * Drops log entries up to `seq`, but never the newest `keep` entries: on PostgreSQL not every version is logged, so
   * seqs have gaps and a distance in seqs says little about how many entries lie behind. A writer holding the lock
   * makes it a no-op (pruned next time).
   */
  prune(seq: number, keep: number): Promise<void>;
  /** The card rows of `ids`, in that order (ids of rows gone meanwhile are skipped). */
  cards(ids: readonly number[]): Promise<SearchCardRow[]>;
  /** The full rows of `ids` with their photos in order, in the order of `ids` (gone ones skipped). */
  fullListings(ids: readonly number[]): Promise<{ listing: Listing; photos: SearchPhoto[] }[]>;
  /** Id, make and model of every listing with an id above `id`, whatever its status. */
  makesAndModelsAfter(id: number): Promise<{ id: number; make: string; model: string }[]>;
  /** The largest listing id (0 without listings). */
  maxListingId(): Promise<number>;
}
