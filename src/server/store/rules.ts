import { sql, type SQL } from 'drizzle-orm';
import type { DialectName } from './dialect';

// The rules every query about listings shares, defined once for both stores and every query that needs them
// (docs/product/states.md). `rules.test.ts` checks that no other file of the store spells them out.

interface StatusColumns {
  status: unknown;
  active: unknown;
}

// "Approved" (docs/product/states.md): accepted by an admin. An owner's edit of an approved listing waits for review
// while the listing stays as it was (docs/decisions/007-pending-revisions.md).

/** For Drizzle: an approved listing, active or not. */
export const approved = (t: { status: unknown }): SQL => sql`${t.status} = 'approved'`;

/** For a row already loaded. */
export const isApproved = (row: { status: string } | undefined) => row?.status === 'approved';

// "Visible to buyers": approved **and** active; `= true` (`= 1` on SQLite) lets both serve it from listings_visible_created_idx.

/** For Drizzle: `where(and(eq(listings.id, id), visible(listings)))`. */
export const visible = (t: StatusColumns): SQL => sql`(${t.status} = 'approved' AND ${t.active} = true)`;

/** For hand-written SQL over `listings <alias>`. */
export const visibleWhere = (alias = 'l') => `(${alias}.status = 'approved' AND ${alias}.active = true)`;

/** For a row already loaded. */
export function isVisible(row: { status: string; active: boolean }): boolean {
  return row.status === 'approved' && row.active;
}

// "Sold" (docs/product/states.md#sold): approved, marked sold by its owner (which deactivates it), yet its page opens with a 'Solgt'
// badge and saved copies keep it. "Openable": a listing whose page buyers may open, visible or sold.

/** For Drizzle: a listing whose page buyers may open. */
export const openable = (t: StatusColumns & { soldAt: unknown }): SQL =>
  sql`(${t.status} = 'approved' AND (${t.active} = true OR ${t.soldAt} IS NOT NULL))`;

/** For hand-written SQL over `listings <alias>`. */
export const openableWhere = (alias = 'l') => `(${alias}.status = 'approved' AND (${alias}.active = true OR ${alias}.sold_at IS NOT NULL))`;

/** For a row already loaded. */
export function isSold(row: { status: string; soldAt: Date | null }): boolean {
  return row.status === 'approved' && row.soldAt !== null;
}

// --- cards ------------------------------------------------------------------------------------------------------
// The slim card of list views is read by hand-written SQL on the search's hot path, so its columns are named once here (listing-shape.ts toCard).

export interface CardRow {
  id: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  fuel_type: string;
  transmission: string;
  total_price: number;
  place: string;
  cover_image: string | null;
  /** Epoch milliseconds. */
  created_at: number;
  /** JSON [id, url, thumb_url, medium_url, width, height] of the first photo, or null (cardColumns). */
  cover_photo?: string | null;
  /** The total price when first published (the card's 'Satt ned'), null before. */
  first_total_price: number | null;
  /** The kept price rating's code (src/shared/price-rating.ts), null for none. */
  price_rating: string | null;
}

/** A saved listing's card row: the card's columns, when it was sold, and its total price when it was saved. */
export interface SavedCardRow extends CardRow {
  sold_at: number | null;
  saved_total_price: number | null;
}

const CARD_COLUMNS = ['id', 'make', 'model', 'year', 'mileage', 'fuel_type', 'transmission', 'total_price', 'place', 'cover_image', 'first_total_price', 'price_rating'] as const satisfies readonly (keyof CardRow)[];

/** A timestamp column of hand-written SQL as epoch milliseconds: SQLite stores them so. */
export const epochMsText = (dialect: DialectName, column: string) => (dialect === 'sqlite' ? column : `(extract(epoch from ${column}) * 1000)::float8`);

/**
 * The card's columns of `listings <alias>` for a SELECT list, with `cover_photo` (the first photo's sizes, for the srcset) as JSON
 * text, one step down the (listing_id, position) index per card (docs/store.md#the-search-sources-hot-path).
 */
export function cardColumns(dialect: DialectName, alias = 'l') {
  const photo = 'i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height';
  const json = dialect === 'sqlite' ? `json_array(${photo})` : `json_build_array(${photo})::text`;
  const cover = `(SELECT ${json} FROM listing_images i WHERE i.listing_id = ${alias}.id ORDER BY i.position, i.id LIMIT 1) AS cover_photo`;
  return `${CARD_COLUMNS.map((c) => `${alias}.${c}`).join(', ')}, ${epochMsText(dialect, `${alias}.created_at`)} AS created_at, ${cover}`;
}
