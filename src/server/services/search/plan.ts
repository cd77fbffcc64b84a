import { visibleWhere } from '../../../../db/schema';
import type { SortKey } from '../../../shared/schemas/search';
import { cardColumns } from '../listing-shape';
import type { SearchPlanInput } from './filters';

// How a search runs: which index counts the matches, which one reads the page, and the SQL for both. The plans are
// chosen here with INDEXED BY rather than by SQLite's planner (docs/decisions/004-listing-search.md "Plans").

/** Exactly the terms of the partial search indexes' WHERE, so SQLite may use them (it matches terms, not values). */
const VISIBLE_SQL = visibleWhere('l');
const CARD_COLUMNS = cardColumns('l');

// Every sort ends with id so pages are stable when the first key ties; descending sorts tie-break descending so one
// index walk (backwards) serves both keys.
const ORDER_BY: Record<SortKey, string> = {
  newest: 'l.created_at DESC, l.id DESC',
  price_asc: 'l.total_price ASC, l.id ASC',
  price_desc: 'l.total_price DESC, l.id DESC',
  year_desc: 'l.year DESC, l.id DESC',
  mileage_asc: 'l.mileage ASC, l.id ASC',
};

// The partial indexes of db/schema/listings.ts. The "wide" four lead with a sort key and carry every column a
// non-text filter reads; make/model/colour lead with their (case-insensitive) value.
const INDEX = {
  newest: 'listings_search_newest_idx',
  price: 'listings_search_price_idx',
  year: 'listings_search_year_idx',
  mileage: 'listings_search_mileage_idx',
  make: 'listings_search_make_idx',
  model: 'listings_search_model_idx',
  color: 'listings_search_color_idx',
} as const;
type IndexKey = keyof typeof INDEX;
/**
 * How rows are found: walking one of the indexes; from the text index's matches by id ('fts'); or, for newest first
 * while ids follow creation time, from the text index in descending id order, stopping after the page ('ftsNewest').
 */
export type Driver = IndexKey | 'fts' | 'ftsNewest';

const SORT_INDEX: Record<SortKey, IndexKey> = {
  newest: 'newest',
  price_asc: 'price',
  price_desc: 'price',
  year_desc: 'year',
  mileage_asc: 'mileage',
};

/** Below this many text matches, reading the matching rows by id beats walking an index and probing the matches. */
const FTS_DRIVE_MAX = 2000;

/** The index that narrows the filters the most, judged by what each filter typically leaves of the listings. */
export function countDriver(f: SearchPlanInput, ftsCount: number | undefined): Driver {
  if (f.has.has('model')) return 'model'; // a model is a few per cent of the listings at most
  if (f.has.has('make')) return 'make';
  if (f.has.has('color')) return 'color';
  if (f.match && ftsCount !== undefined && ftsCount <= FTS_DRIVE_MAX) return 'fts';
  if (f.has.has('price')) return 'price';
  if (f.has.has('year')) return 'year';
  if (f.has.has('mileage')) return 'mileage';
  // Only coarse filters (fuel, gearbox, drive, body) or common words: one pass over the narrow newest index.
  return 'newest';
}

function whereSql(f: SearchPlanInput, withMatch: boolean) {
  const terms = [VISIBLE_SQL, ...f.terms];
  if (withMatch && f.match) terms.push('l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ?)');
  return terms.join(' AND ');
}

function whereParams(f: SearchPlanInput, withMatch: boolean) {
  return withMatch && f.match ? [...f.params, f.match] : f.params;
}

/** SQL and parameters that find the matching rows' ids using `driver`, with an optional ORDER BY/LIMIT tail. */
function idsQuery(f: SearchPlanInput, driver: Driver, select: string, tail = '') {
  if (driver === 'fts' || driver === 'ftsNewest') {
    return {
      sql: `SELECT ${select} FROM listings_fts f CROSS JOIN listings l ON l.id = f.rowid WHERE f.listings_fts MATCH ? AND ${whereSql(f, false)}${tail}`,
      params: [f.match, ...whereParams(f, false)],
    };
  }
  return {
    sql: `SELECT ${select} FROM listings l INDEXED BY ${INDEX[driver]} WHERE ${whereSql(f, true)}${tail}`,
    params: whereParams(f, true),
  };
}

export function countQuery(f: SearchPlanInput, driver: Driver) {
  return idsQuery(f, driver, 'count(*) AS n');
}

/**
 * One page in `sort` order. Walking the sort's index reads entries in page order and stops after the page: best when
 * many rows match. When few match, the narrowing index (or the text matches) finds them all and sorts them. Either way
 * the inner query reads only index entries; the outer reads the page's rows (a deferred join): the card's columns, or
 * only the ids when the full listings are read afterwards (full-listings.ts).
 */
export function pageQuery(f: SearchPlanInput, driver: Driver, sort: SortKey, columns: 'card' | 'id' = 'card') {
  // FTS5 itself returns rows by descending rowid (no sort); that is newest first while ids follow creation time.
  const order = driver === 'ftsNewest' ? 'f.rowid DESC' : ORDER_BY[sort];
  const inner = idsQuery(f, driver, 'l.id', ` ORDER BY ${order} LIMIT ? OFFSET ?`);
  return {
    sql: `SELECT ${columns === 'card' ? CARD_COLUMNS : 'l.id'} FROM (${inner.sql}) AS p CROSS JOIN listings l ON l.id = p.id ORDER BY ${ORDER_BY[sort]}`,
    params: inner.params,
  };
}

/** A row read by id costs about as much as this many index entries walked in order (measured on 100k listings). */
const ROW_COST = 15;

/**
 * Walk the sort index when the expected entries walked before the page is full stay below the matches to sort. For
 * newest first with text, while ids follow creation time (`idOrdered`), the text index can be walked in descending id
 * order instead, reading rows until the page is full; the other plans first collect every text match (about one
 * index entry each). A pure text search then reads exactly the page.
 */
export function pageDriver(
  f: SearchPlanInput,
  count: Driver,
  sort: SortKey,
  totals: { total: number; visible: number; ftsCount?: number; idOrdered: boolean },
  end: number,
): Driver {
  const { total, visible, ftsCount, idOrdered } = totals;
  const walked = total > 0 ? (end * visible) / total : Infinity;
  if (sort === 'newest' && idOrdered && f.match && ftsCount !== undefined && total > 0) {
    const rowsRead = Math.min(ftsCount, (end * ftsCount) / total);
    if (rowsRead * ROW_COST <= ftsCount + Math.min(walked, total)) return 'ftsNewest';
  }
  const sortIndex = SORT_INDEX[sort];
  if (count === sortIndex) return count;
  return walked <= total ? sortIndex : count;
}
