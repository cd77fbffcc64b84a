import type { Statement } from 'better-sqlite3';
import { Column, getTableColumns, type Table } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { listings, type Listing } from '../../../../db/schema';
import type { ListingListItem } from '../../../shared/schemas/listing-shape';
import { toListingShape, type PhotoColumns } from '../listing-shape';

// The items of GET /api/listings as the contract defines a Listing (docs/product/api.md "Shapes"): every field,
// images as URLs, plus the place name the detail view also shows. The search finds a page of ids (column-index.ts);
// these two statements read the page's full rows and all their images in one query each, never one per listing.

// The list item's shape lives with the listing's other shapes; listing-search.ts re-exports it from here.
export { listingListItemShape, type ListingListItem } from '../../../shared/schemas/listing-shape';

/**
 * Rows of `table` read as arrays and turned into row objects, each column converted by its own Drizzle column only
 * where it converts (booleans, timestamps, JSON): the same objects `db.select().from(table)` gives, without its
 * generic per-row mapping (docs/decisions/014-cold-search.md). `columns` is the SELECT list over `<alias>`.
 */
export function rowReader<T extends Table>(table: T, alias: string): { columns: string; read: (row: unknown[]) => T['$inferSelect'] } {
  const entries = Object.entries(getTableColumns(table));
  const keys = entries.map(([key]) => key);
  const converters = entries.map(([, c]) => (c.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : c));
  const read = (row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      const column = converters[i];
      out[keys[i]] = column && value != null ? column.mapFromDriverValue(value) : value;
    }
    return out as T['$inferSelect'];
  };
  return { columns: entries.map(([, c]) => `${alias}."${c.name}"`).join(', '), read };
}

/** The photos of a page's listings (a JSON array of ids), in order. */
export const PHOTOS_SQL =
  'SELECT i.listing_id, i.position, i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height FROM listing_images i ' +
  'WHERE i.listing_id IN (SELECT value FROM json_each(?)) ORDER BY i.listing_id, i.position, i.id';

/** A row of PHOTOS_SQL. */
type PhotoRow = [listingId: number, position: number, id: number, url: string, thumbUrl: string, mediumUrl: string | null, width: number, height: number];

export class FullListings {
  private readonly rows: Statement;
  private readonly read: (row: unknown[]) => Listing;
  private readonly images: Statement;

  constructor(db: Db) {
    const reader = rowReader(listings, 'l');
    this.read = reader.read;
    // One placeholder for any number of ids: a JSON array read by json_each, so each statement is prepared once.
    this.rows = db.$client.prepare(`SELECT ${reader.columns} FROM listings l WHERE l.id IN (SELECT value FROM json_each(?))`).raw();
    // Only what the shape reads, all of it in listing_images_listing_idx: the photos come from the index, without a
    // table row per photo (a page's 72 photos: ~200 -> ~120 µs).
    this.images = db.$client.prepare(PHOTOS_SQL).raw();
  }

  /**
   * The listings of `ids`, in that order (ids of rows gone meanwhile are skipped). The answer is shared by every
   * viewer (and cached), so hidden address and contact details are blanked as the detail view blanks them for
   * everyone but the owner and admins (docs/product/permissions.md).
   */
  byIds(ids: readonly number[]): ListingListItem[] {
    if (ids.length === 0) return [];
    const param = JSON.stringify(ids);
    const byListing = new Map<number, PhotoColumns[]>();
    for (const [listingId, position, id, url, thumbUrl, mediumUrl, width, height] of this.images.all(param) as PhotoRow[]) {
      const img = { position, id, url, thumbUrl, mediumUrl, width, height };
      const list = byListing.get(listingId);
      if (list) list.push(img);
      else byListing.set(listingId, [img]);
    }
    const rows = new Map((this.rows.all(param) as unknown[][]).map((raw) => this.read(raw)).map((r) => [r.id, r]));
    const out: ListingListItem[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      const shape = toListingShape(row, byListing.get(id) ?? []) as ListingListItem;
      shape.place = row.place;
      if (row.hideAddress) shape.address = '';
      if (row.hideContactInfo) shape.contactPhone = '';
      out.push(shape);
    }
    return out;
  }
}
