import { visibleWhere } from '../../../../db/schema';
import type { SortKey } from '../../../shared/schemas/search';
import { cardColumns } from '../listing-shape';
import type { SearchPlanInput } from './filters';

// How a search runs: which index collects the matches (the bounded count), which one reads the page, and the SQL. The plans are
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

/** Each sort's order backwards (both keys flipped): a deep page read from the end of the matches. */
const REVERSED_ORDER_BY = Object.fromEntries(
  Object.entries(ORDER_BY).map(([k, v]) => [k, v.replace(/ (ASC|DESC)\b/gu, (_m, dir: string) => (dir === 'ASC' ? ' DESC' : ' ASC'))]),
) as Record<SortKey, string>;

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
  fuel: 'listings_search_fuel_idx',
  body: 'listings_search_body_idx',
} as const;
/**
 * Led by id and carrying every filter and sort column: where the text index's matches are checked against the other
 * filters (a seek per match into a small index rather than into the table's wide rows).
 */
const BY_ID_INDEX = 'listings_search_id_idx';
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

/** The column each sort orders by (then by id, in the same direction). */
export const SORT_COLUMN: Record<SortKey, { column: string; desc: boolean }> = {
  newest: { column: 'created_at', desc: true },
  price_asc: { column: 'total_price', desc: false },
  price_desc: { column: 'total_price', desc: true },
  year_desc: { column: 'year', desc: true },
  mileage_asc: { column: 'mileage', desc: false },
};

/**
 * The index that finds the matches: with text, the text index itself (its posting lists, intersected by FTS5 from the
 * rarest term, the make and model included, see filters.ts), probing each match's row for the other filters; without,
 * the narrowest filter's index, judged by what each filter typically leaves of the listings. Every one of them streams,
 * so a bounded count stops as soon as it has enough.
 */
export function countDriver(f: SearchPlanInput, statsOf?: () => SearchStats): Driver {
  if (f.match) return 'fts';
  // A model is a few per cent of the listings at most; with its make, the make index seeks both.
  if (f.has.has('model')) return f.has.has('make') ? 'make' : 'model';
  if (f.has.has('make')) return 'make';
  if (f.has.has('color')) return 'color';
  // Read only now: a text, model, make or colour search needs no estimate (reading one after a write costs ~10 ms).
  const stats = statsOf?.();
  if (!stats) {
    if (f.has.has('price')) return 'price';
    if (f.has.has('year')) return 'year';
    if (f.has.has('mileage')) return 'mileage';
    return 'newest';
  }
  // The index whose seek leaves the fewest entries to read, by what is for sale (SearchStats). The fuel index seeks
  // on the body type too when both are given; gearbox and drive (two or three values) lead no index: a pass over the
  // newest index finds them soon enough.
  const share = (counts: ReadonlyMap<string, number>, values: readonly string[]) => values.reduce((n, v) => n + (counts.get(v) ?? 0), 0);
  const estimates: [Driver, number][] = [['newest', stats.visible]];
  if (f.codes.fuel) {
    const body = f.codes.body ? share(stats.body, f.codes.body) / Math.max(stats.visible, 1) : 1;
    estimates.push(['fuel', share(stats.fuel, f.codes.fuel) * body]);
  }
  if (f.codes.body) estimates.push(['body', share(stats.body, f.codes.body)]);
  for (const key of ['price', 'year', 'mileage'] as const) {
    const r = f.ranges[key];
    if (r) estimates.push([key, fractionBetween(stats.samples[key], r.from, r.to) * stats.visible]);
  }
  return estimates.reduce((best, e) => (e[1] < best[1] ? e : best))[0];
}

/**
 * What is for sale, roughly (listing-search.ts keeps it, refreshed like the facets): how many visible listings have
 * each fuel and body type code, and an evenly spaced sorted sample of prices, years and mileages. Only for choosing
 * an index: a stale figure makes a search slower, never wrong.
 */
export interface SearchStats {
  visible: number;
  fuel: ReadonlyMap<string, number>;
  body: ReadonlyMap<string, number>;
  samples: Record<'price' | 'year' | 'mileage', readonly number[]>;
}

/** The share of a sorted sample within [from, to] (either open). */
export function fractionBetween(sorted: readonly number[], from?: number, to?: number): number {
  if (sorted.length === 0) return 1;
  // First index whose value is ≥ x (or > x with `after`).
  const bound = (x: number, after: boolean) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < x || (after && sorted[mid] === x)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const start = from === undefined ? 0 : bound(from, false);
  const end = to === undefined ? sorted.length : bound(to, true);
  // At least one sample's worth: a narrow range between two samples still matches something.
  return Math.max(end - start, 0.5) / sorted.length;
}

/** One listing in this many (by id, which says nothing of price, year or mileage) makes the ranges' samples. */
const STATS_SAMPLE_EVERY = 50;

/**
 * SQL reading SearchStats (listing-search.ts): counts by code from the coarse indexes, and a sample of each range's
 * values in order (one pass over its index, ~2 000 values handed over of 100 000 listings).
 */
export const STATS_SQL = {
  fuel: `SELECT l.fuel_type AS code, count(*) AS n FROM listings l INDEXED BY ${INDEX.fuel} WHERE ${VISIBLE_SQL} GROUP BY l.fuel_type`,
  body: `SELECT l.body_type AS code, count(*) AS n FROM listings l INDEXED BY ${INDEX.body} WHERE ${VISIBLE_SQL} GROUP BY l.body_type`,
  price: `SELECT l.total_price FROM listings l INDEXED BY ${INDEX.price} WHERE ${VISIBLE_SQL} AND l.id % ${STATS_SAMPLE_EVERY} = 0 ORDER BY l.total_price`,
  year: `SELECT l.year FROM listings l INDEXED BY ${INDEX.year} WHERE ${VISIBLE_SQL} AND l.id % ${STATS_SAMPLE_EVERY} = 0 ORDER BY l.year`,
  mileage: `SELECT l.mileage FROM listings l INDEXED BY ${INDEX.mileage} WHERE ${VISIBLE_SQL} AND l.id % ${STATS_SAMPLE_EVERY} = 0 ORDER BY l.mileage`,
};

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
      sql: `SELECT ${select} FROM listings_fts f CROSS JOIN listings l INDEXED BY ${BY_ID_INDEX} ON l.id = f.rowid WHERE f.listings_fts MATCH ? AND ${whereSql(f, false)}${tail}`,
      params: [f.match, ...whereParams(f, false)],
    };
  }
  return {
    sql: `SELECT ${select} FROM listings l INDEXED BY ${INDEX[driver]} WHERE ${whereSql(f, true)}${tail}`,
    params: whereParams(f, true),
  };
}

/**
 * The matches' ids and sort keys, at most `limit` of them (the bounded count: docs/decisions/009-search-quality.md
 * "Speed"), in whatever order the driver finds them.
 */
export function collectQuery(f: SearchPlanInput, driver: Driver, sort: SortKey, limit: number) {
  const q = idsQuery(f, driver, `l.id, l.${SORT_COLUMN[sort].column}`, ' LIMIT ?');
  return { sql: q.sql, params: [...q.params, limit] };
}

/**
 * How many rows match, counting at most `limit` (a deep page's bounded count, listing-search.ts deepPlan): the rows
 * are counted inside SQLite, never handed to JavaScript.
 */
export function countQuery(f: SearchPlanInput, driver: Driver, limit: number) {
  const q = idsQuery(f, driver, '1', ' LIMIT ?');
  return { sql: `SELECT count(*) FROM (${q.sql})`, params: [...q.params, limit] };
}

/**
 * One page in `sort` order, for a search with more matches than its count collected (listing-search.ts planWith;
 * fewer are sorted there and the page is a slice). The inner query walks the driver in page order and stops after
 * the page, reading index entries only; the outer reads the page's rows (a deferred join): the card's columns, or
 * only the ids when the full listings are read afterwards (full-listings.ts).
 */
export function pageQuery(f: SearchPlanInput, driver: Driver, sort: SortKey, columns: 'card' | 'id' = 'card', fromEnd = false) {
  // FTS5 itself returns rows by descending rowid (no sort); that is newest first while ids follow creation time.
  // From the end (a deep page nearer the last match than the first), the inner query walks the same order backwards
  // and the outer one puts the page back in order.
  const order = driver === 'ftsNewest' ? `f.rowid ${fromEnd ? 'ASC' : 'DESC'}` : fromEnd ? REVERSED_ORDER_BY[sort] : ORDER_BY[sort];
  const inner = idsQuery(f, driver, 'l.id', ` ORDER BY ${order} LIMIT ? OFFSET ?`);
  return {
    sql: `SELECT ${columns === 'card' ? CARD_COLUMNS : 'l.id'} FROM (${inner.sql}) AS p CROSS JOIN listings l ON l.id = p.id ORDER BY ${ORDER_BY[sort]}`,
    params: inner.params,
  };
}

/**
 * The page of a search with more matches than were counted: walking the sort's index in order (no sort step) reaches
 * the page after about `end × visible ÷ matches` entries, at most one pass since matches > end. For newest first with
 * text, while ids follow creation time (`idOrdered`), the text index is read in descending id order instead, reading
 * rows until the page is full (about `end × text matches ÷ matches` rows).
 */
export function pageDriver(f: SearchPlanInput, sort: SortKey, idOrdered: boolean): Driver {
  if (sort === 'newest' && idOrdered && f.match) return 'ftsNewest';
  return SORT_INDEX[sort];
}
