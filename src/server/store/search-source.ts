import { Column, getTableColumns, gt, sql, type Table } from 'drizzle-orm';
import type { Listing, ListingImage } from '../../../db/schema';
import type { DialectName } from './dialect';
import { groupBy, Repository } from './repository';
import { epochMsText, visibleWhere, type CardRow } from './rules';

// What the search engine reads (docs/decisions/014-cold-search.md): the visible listings' rows, the change log and version the
// triggers keep, a page's rows. The hot path is per dialect (docs/store.md#the-search-sources-hot-path); its SQL and the rest are here.

/** A visible listing as services/search/column-index.ts reads it: id, created (ms), total price, year, mileage, coded columns, area, free text. */
export type SearchRow = [id: number, created: number, price: number, year: number, mileage: number, ...codedThenTexts: string[]];

/** The coded columns of a SearchRow, in order: the filtered ones, then two only counted for the facets. */
export const SEARCH_CODED = ['make', 'model', 'color', 'fuel_type', 'transmission', 'drivetrain', 'body_type', 'place', 'county'] as const;

/** The SELECT of the visible listings' SearchRows from `from` (`listings l` and what the store adds); callers may add `AND …` over `l`. */
export function searchRowsSql(dialect: DialectName, from = 'listings l'): string {
  const equipment = dialect === 'sqlite' ? 'equipment' : 'equipment::text';
  const columns =
    `id, ${epochMsText(dialect, 'created_at')}, total_price, year, mileage, ${SEARCH_CODED.join(', ')},` +
    // What the area filter looks at: the place with its county (docs/decisions/015-county-area.md) and the address
    // while it is shown; then what free text looks at, what a buyer reads on the listing. Words never span columns.
    " place || ' ' || county || ' ' || CASE WHEN hide_address THEN '' ELSE address END," +
    ` make || ' ' || model || ' ' || color || ' ' || description || ' ' || ${equipment} || ' ' || place || ' ' || county`;
  return `SELECT ${columns} FROM ${from} WHERE ${visibleWhere('l')}`;
}

/** The listings version the search follows (SearchSource.version). */
export const VERSION_SQL = 'SELECT version FROM listings_search_state WHERE id = 1';

/** What a list item shows of a photo. */
export type SearchPhoto = Pick<ListingImage, 'id' | 'url' | 'thumbUrl' | 'mediumUrl' | 'width' | 'height' | 'position'>;

/** The search's reads: the hot path's per dialect (see the top of this file), the rarely called rest written once here. */
export abstract class SearchSource extends Repository {
  /** The listings version, bumped by a trigger on every listing write; a number on SQLite, so the hot path waits no turn for it. */
  abstract version(): number | Promise<number>;
  /**
   * Hands `consume` (once, inside the read) every visible listing's row and their count, with the log position they are as of: one
   * snapshot, so following the log from there neither misses nor repeats a change.
   */
  abstract build<T>(consume: (rows: Iterable<SearchRow>, visible: number) => T): Promise<{ built: T; seq: number }>;
  /** The rows of those of `ids` that are visible now. */
  abstract visibleRows(ids: readonly number[]): Promise<SearchRow[]>;
  /** The card rows of `ids`, in that order (ids of rows gone meanwhile are skipped). */
  abstract cards(ids: readonly number[]): Promise<CardRow[]>;
  /** The full rows of `ids` with their photos in order, in the order of `ids` (gone ones skipped). */
  abstract fullListings(ids: readonly number[]): Promise<{ listing: Listing; photos: SearchPhoto[] }[]>;
  /** The SELECT of the last seq handed out: the log may have been pruned to empty. */
  protected abstract readonly latestSeqSql: string;

  /** Where the change log stands: the last position handed out, and its oldest entry (null when empty). */
  async logState(): Promise<{ latest: number; first: number | null }> {
    const state = sql.raw(`SELECT (${this.latestSeqSql}) AS latest, (SELECT min(seq) FROM listings_search_changes) AS first`);
    const [row] = await this.d.rows<{ latest: number; first: number | null }>(this.db, state);
    return row;
  }

  /** Up to `limit` log entries after `afterSeq`, in order: [seq, listing id]. */
  async changes(afterSeq: number, limit: number): Promise<[seq: number, listingId: number][]> {
    const query = sql`SELECT seq, listing_id FROM listings_search_changes WHERE seq > ${afterSeq} ORDER BY seq LIMIT ${limit}`;
    return (await this.d.rows<{ seq: number; listing_id: number }>(this.db, query)).map((r) => [r.seq, r.listing_id]);
  }

  /**
   * Drops log entries up to `seq` but keeps the newest `keep` (PostgreSQL's seqs have gaps). Housekeeping: a failure is left for next
   * time, never failing a search (docs/store.md#the-search-sources-hot-path).
   */
  async prune(seq: number, keep: number): Promise<void> {
    // RETURNING: d.rows runs a statement on both stores only if it answers rows; the few seqs are dropped.
    const newestKept = sql`(SELECT seq FROM listings_search_changes ORDER BY seq DESC LIMIT 1 OFFSET ${keep} - 1)`;
    await this.d.rows(this.db, sql`DELETE FROM listings_search_changes WHERE seq <= ${seq} AND seq < ${newestKept} RETURNING seq`).catch(() => {});
  }

  /** Id, make and model of every listing with an id above `id`, whatever its status. */
  async makesAndModelsAfter(id: number): Promise<{ id: number; make: string; model: string }[]> {
    const l = this.t.listings;
    return this.db.select({ id: l.id, make: l.make, model: l.model }).from(l).where(gt(l.id, id));
  }

  /** The largest listing id (0 without listings). */
  async maxListingId(): Promise<number> {
    const [row] = await this.db.select({ max: sql<number>`coalesce(max(${this.t.listings.id}), 0)` }).from(this.t.listings);
    return Number(row.max);
  }
}

/** `rows` in the order of `ids`, those of ids gone meanwhile skipped. */
export function inIdOrder<R extends { id: number }>(ids: readonly number[], rows: Iterable<R>): R[] {
  const byId = new Map<number, R>();
  for (const row of rows) byId.set(row.id, row);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page's full listings in the order of `ids`, each with its photos (read in order, with their listing's id). */
export function fullPage(ids: readonly number[], listings: Iterable<Listing>, photos: Iterable<[listingId: number, photo: SearchPhoto]>) {
  const byListing = groupBy(photos, ([listingId]) => listingId);
  return inIdOrder(ids, listings).map((listing) => ({ listing, photos: (byListing.get(listing.id) ?? []).map(([, photo]) => photo) }));
}

/**
 * Array rows of `table` as the objects `db.select().from(table)` gives, converting only columns that convert, without Drizzle's
 * per-row mapping (docs/decisions/014-cold-search.md). `columns` is the SELECT list over `<alias>`.
 *
 * Each row becomes one object literal, compiled once from the table's columns: an object built key by key turns into a slow
 * dictionary once it has a few dozen properties, several times the memory and the collector's work (docs/store.md#the-search-sources-hot-path).
 */
export function rowReader<T extends Table>(table: T, alias: string): { columns: string; read: (row: unknown[]) => T['$inferSelect'] } {
  const entries = Object.entries(getTableColumns(table));
  const converters = entries.map(([, c]) => (c.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : c));
  // Generated from the schema alone, never from input: the keys are its property names, quoted as JSON; a value is read by its index.
  const fields = entries.map(([key], i) => {
    const value = converters[i] ? `row[${i}] == null ? row[${i}] : c[${i}].mapFromDriverValue(row[${i}])` : `row[${i}]`;
    return `${JSON.stringify(key)}: ${value}`;
  });
  const literal = new Function('c', 'row', `return { ${fields.join(', ')} };`) as (c: typeof converters, row: unknown[]) => T['$inferSelect'];
  return { columns: entries.map(([, c]) => `${alias}."${c.name}"`).join(', '), read: (row) => literal(converters, row) };
}
