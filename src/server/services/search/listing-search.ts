import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../../db/client';
import { visibleWhere } from '../../../../db/schema';
import { FILTER_MAKES } from '../../../shared/codes';
import type { FacetValue, SearchFacets, SearchParams } from '../../../shared/schemas/search';
import { searchKey } from '../../../shared/search-words';
import { TtlLru } from '../../lib/lru';
import { cardColumns, toCard, type CardRow } from '../listing-shape';
import type { ListingCardShape } from '../../../shared/types/listing';
import { SearchCache, SearchResult } from './cache';
import { FullListings, type ListingListItem } from './full-listings';
import { buildFilters, type SearchPlanInput } from './filters';
import { ColumnIndex } from './column-index';
import { collectQuery, countDriver, countQuery, pageDriver, pageQuery, SORT_COLUMN, STATS_SQL, type Driver, type SearchStats } from './plan';
import { addToVocabulary, vocabularyOf, type Vocabulary } from './query-words';

export { SearchResult } from './cache';
export { listingListItemShape, type ListingListItem } from './full-listings';

// The public search (issue 4, docs/product/screens.md /annonser, docs/product/api.md). Every search is answered by
// the in-memory column index (column-index.ts, docs/decisions/014-cold-search.md "The column index"): exact totals,
// any filters, sort and offset. With SEARCH_COLUMN_INDEX=0 it runs the plan of plan.ts on better-sqlite3 prepared
// statements instead. That SQL is hand-written: its shape varies with the filters, and this path is hot enough that
// building SQL through the ORM per request would dominate it. Why the indexes and plans look as they do:
// docs/decisions/004-listing-search.md.

/**
 * A count stops after this many matches (or after the requested page, when that ends further on): the total is exact
 * up to it and reported as "at least" beyond (docs/decisions/009-search-quality.md "Speed").
 */
export const COUNT_CAP = 1000;

/** The unfiltered total: kept by the triggers, read with the version (readState). */
const UNFILTERED_COUNT = { sql: 'SELECT visible FROM listings_search_state WHERE id = 1', params: [] as unknown[] };

/** Distinct query shapes are few (one per combination of filters, driver and sort), so this is plenty. */
const MAX_STATEMENTS = 400;

const KEY_ORDER = [
  'query', 'make', 'model', 'color', 'location', 'yearFrom', 'yearTo', 'priceFrom', 'priceTo', 'mileageFrom', 'mileageTo',
  'fuelType', 'transmission', 'driveType', 'bodyType', 'sort', 'limit', 'offset',
] as const satisfies readonly (keyof SearchParams)[];

interface SearchState {
  visible: number;
  idOrdered: boolean;
}

const byName = (a: FacetValue, b: FacetValue) => a.name.localeCompare(b.name, 'nb', { numeric: true, sensitivity: 'base' });

function isFtsError(err: unknown) {
  return String((err as Error)?.message ?? '').startsWith('fts5:');
}

/**
 * The search over one database: its prepared statements and its per-version cache. Created once in buildApp
 * (AppDeps.stores.search), so it lives and dies with the app and its database.
 */
export class ListingSearch {
  private readonly statements = new TtlLru<Statement>(MAX_STATEMENTS);
  private readonly cache = new SearchCache();
  private readonly stateStatement: Statement;
  private readonly cardsStatement: Statement;
  private readonly makeModelStatement: Statement;
  private readonly placeStatement: Statement;
  private readonly countyStatement: Statement;
  private readonly newRowsStatement: Statement;
  private readonly maxIdStatement: Statement;
  private readonly full: FullListings;
  private statsKept: { version: number; at: number; stats: SearchStats } | undefined;

  private readonly forSaleRefreshMs: number;
  private readonly now: () => number;
  private readonly countCap: number;
  private readonly deepStrategy: DeepStrategy | undefined;
  private readonly columns: ColumnIndex | undefined;
  private columnsVersion = -1;

  constructor(
    private readonly db: Db,
    options: ListingSearchOptions = {},
  ) {
    this.forSaleRefreshMs = options.forSaleRefreshMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.countCap = options.countCap ?? COUNT_CAP;
    this.deepStrategy = options.deepStrategy;
    this.columns = options.columnIndex === false ? undefined : new ColumnIndex(db);
    this.stateStatement = db.$client.prepare('SELECT version, visible, id_ordered FROM listings_search_state WHERE id = 1');
    // The cards of a page of ids (any order; put in the page's order here): one statement for any number of ids.
    this.cardsStatement = db.$client.prepare(`SELECT ${cardColumns('l')} FROM listings l WHERE l.id IN (SELECT value FROM json_each(?))`);
    // One pass over the make index (make, model lead it), grouped in its order: no sort, no table read.
    this.makeModelStatement = db.$client.prepare(
      `SELECT l.make AS make, l.model AS model, count(*) AS n FROM listings l INDEXED BY listings_search_make_idx WHERE ${visibleWhere('l')} ` +
        'GROUP BY l.make COLLATE NOCASE, l.model COLLATE NOCASE',
    );
    this.placeStatement = db.$client.prepare(`SELECT l.place AS name, count(*) AS n FROM listings l WHERE ${visibleWhere('l')} AND l.place <> '' GROUP BY l.place`);
    this.countyStatement = db.$client.prepare(`SELECT l.county AS name, count(*) AS n FROM listings l WHERE ${visibleWhere('l')} AND l.county <> '' GROUP BY l.county`);
    // Listings added since the vocabulary was read, whatever their status (a pending one is approved later, with the
    // id it has now): a primary-key range, cheap on every version change.
    this.newRowsStatement = db.$client.prepare('SELECT make, model FROM listings WHERE id > ?');
    this.maxIdStatement = db.$client.prepare('SELECT coalesce(max(id), 0) FROM listings').pluck();
    this.full = new FullListings(db);
  }

  /** Makes (with their models), counties and places for sale with counts: computed once per listings version. */
  facets(): SearchFacets {
    this.readState();
    const forSale = this.forSale();
    forSale.places ??= (this.placeStatement.all() as { name: string; n: number }[])
      .map((p) => ({ name: p.name, count: p.n }))
      .sort(byName);
    forSale.counties ??= (this.countyStatement.all() as { name: string; n: number }[])
      .map((p) => ({ name: p.name, count: p.n }))
      .sort(byName);
    return { makes: forSale.makes, counties: forSale.counties, places: forSale.places };
  }

  private forSale() {
    const cached = this.cache.forSale;
    const version = this.cache.currentVersion;
    if (cached && cached.version === version && !cached.dirty) return cached;
    if (cached && this.now() - cached.at < this.forSaleRefreshMs) {
      if (cached.version === version) return cached;
      // Within the interval the counts wait, but a new listing's make and model are read at once, so 'id4' finds a
      // Volkswagen ID.4 listed a second ago. (A model of a listing not yet visible only makes its word a filter that
      // finds what the text index would: nothing visible.)
      const added = this.newRowsStatement.all(cached.maxId) as { make: string; model: string }[];
      addToVocabulary(cached.vocabulary, added);
      cached.maxId = Math.max(cached.maxId, ...(added.length ? [this.maxIdStatement.get() as number] : []));
      cached.version = version;
      cached.dirty = true;
      return cached;
    }
    const maxId = this.maxIdStatement.get() as number;
    return (this.cache.forSale = { version, at: this.now(), maxId, ...this.computeForSale() });
  }

  /**
   * What is for sale, roughly, for choosing a search's index (plan.ts SearchStats): read again after a write once it
   * is older than the facets' refresh interval, since reading it passes over three indexes (~10 ms at 100 000).
   */
  private stats(visible: number): SearchStats {
    const kept = this.statsKept;
    if (kept && (kept.version === this.cache.currentVersion || this.now() - kept.at < this.forSaleRefreshMs)) return kept.stats;
    const counts = (sql: string) => new Map((this.prepared(sql).raw().all() as [string, number][]).map(([code, n]) => [code, n]));
    const sample = (sql: string) => this.prepared(sql).pluck().all() as number[];
    const stats: SearchStats = {
      visible,
      fuel: counts(STATS_SQL.fuel),
      body: counts(STATS_SQL.body),
      samples: { price: sample(STATS_SQL.price), year: sample(STATS_SQL.year), mileage: sample(STATS_SQL.mileage) },
    };
    this.statsKept = { version: this.cache.currentVersion, at: this.now(), stats };
    return stats;
  }

  private vocabulary(): Vocabulary {
    return this.forSale().vocabulary;
  }

  private computeForSale() {
    const rows = this.makeModelStatement.all() as { make: string; model: string; n: number }[];
    const byMake = new Map<string, { name: string; count: number; models: Map<string, FacetValue> }>();
    for (const r of rows) {
      const key = searchKey(r.make);
      if (!key) continue;
      const make = byMake.get(key) ?? byMake.set(key, { name: r.make, count: 0, models: new Map() }).get(key)!;
      make.count += r.n;
      const mk = searchKey(r.model);
      if (!mk) continue;
      const model = make.models.get(mk);
      if (model) model.count += r.n;
      else make.models.set(mk, { name: r.model, count: r.n });
    }
    const listed = FILTER_MAKES.map((name) => {
      const found = byMake.get(searchKey(name));
      byMake.delete(searchKey(name));
      return { name, count: found?.count ?? 0, models: [...(found?.models.values() ?? [])].sort(byName) };
    });
    const others = [...byMake.values()].map((m) => ({ name: m.name, count: m.count, models: [...m.models.values()].sort(byName) })).sort(byName);
    return { makes: [...listed, ...others], vocabulary: vocabularyOf(rows) };
  }

  /**
   * The public search (tRPC listings.list): approved and active listings matching every given filter, one page of
   * cards in the chosen order, and the number of all matches. Identical searches share one frozen answer.
   */
  search(p: SearchParams): SearchResult<ListingCardShape> {
    return this.run(p, 'card', (ids) => this.cardsByIds(ids), (sql, params) => (this.prepared(sql).all(...params) as CardRow[]).map(toCard));
  }

  /**
   * The same search answering full listings (listings.listFull, GET /api/listings, docs/product/api.md "Shapes"): the
   * page's ids as above, then one query for their rows and one for their images.
   */
  searchFull(p: SearchParams): SearchResult<ListingListItem> {
    return this.run(
      p,
      'id',
      (ids) => this.full.byIds(ids),
      (sql, params) => this.full.byIds(this.prepared(sql).pluck().all(...params) as number[]),
    );
  }

  private resultKey(p: SearchParams, columns: 'card' | 'id') {
    return JSON.stringify([columns, ...KEY_ORDER.map((k) => p[k] ?? null)]);
  }

  private cardsByIds(ids: readonly number[]): ListingCardShape[] {
    if (ids.length === 0) return [];
    const rows = new Map((this.cardsStatement.all(JSON.stringify(ids)) as CardRow[]).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toCard(row)] : [];
    });
  }

  private run<Item>(
    p: SearchParams,
    columns: 'card' | 'id',
    byIds: (ids: readonly number[]) => Item[],
    readPage: (sql: string, params: unknown[]) => Item[],
  ): SearchResult<Item> {
    const state = this.readState();
    const key = this.resultKey(p, columns);
    const cached = this.cache.page(key, () => this.page(state, p, columns, byIds, readPage), isHomePage(p));
    // The key's first element says which kind of page it holds.
    return cached as SearchResult<Item>;
  }

  /** One page worked out: the plan, its matches or bounded count, and the page's items. */
  private page<Item>(
    state: SearchState,
    p: SearchParams,
    columns: 'card' | 'id',
    byIds: (ids: readonly number[]) => Item[],
    readPage: (sql: string, params: unknown[]) => Item[],
  ): SearchResult<Item> {
    try {
      const f = buildFilters(p, p.query || p.make || p.model ? this.vocabulary() : undefined);
      if (f && this.columns) {
        // The column index counts every match exactly and finds the page (column-index.ts).
        const { ids, total } = this.columnIndex().query(f.columns, p.sort, p.offset, p.limit);
        return new SearchResult(ids.length ? byIds(ids) : [], total);
      }
      const plan = this.planWith(state, p, columns, f);
      if (!plan || plan.total === 0 || p.offset >= plan.total) return new SearchResult<Item>([], plan?.total ?? 0);
      // Every match was found (and sorted): the page is a slice of them. Else the page walks its sort order.
      const items = plan.matches
        ? byIds(plan.matches.slice(p.offset, p.offset + p.limit))
        : readPage(plan.page.sql, [...plan.page.params, ...plan.pageArgs]);
      return new SearchResult(items, plan.total, plan.bounded);
    } catch (err) {
      // Terms are built so FTS5 cannot reject them; should a tokenizer edge case slip through anyway, the search
      // finds nothing rather than failing the page.
      if (!isFtsError(err)) throw err;
      return new SearchResult<Item>([], 0);
    }
  }

  /**
   * The page `remember` stored under `requestKey` in the current listings version, if any. For callers whose key
   * determines the parameters exactly (the REST route keys on its URL: the same URL parses to the same input), so a
   * repeated request skips parsing and planning; the version is read first, so the page is never stale.
   */
  answered<Item>(requestKey: string): SearchResult<Item> | undefined {
    this.readState();
    return this.cache.answers.get(requestKey) as SearchResult<Item> | undefined;
  }

  /** Keeps `result` (a page this search answered in the current version) for `answered(requestKey)`. */
  remember(requestKey: string, result: SearchResult<unknown>) {
    this.cache.remember(requestKey, result);
  }

  /**
   * Drops the memoised counts and pages (not the prepared statements or what is for sale), so the next search is
   * answered as for an input no cache has seen: for scripts/search-latency.ts and tests.
   */
  forgetAnswers() {
    this.cache.matches.clear();
    this.cache.counts.clear();
    this.cache.results.clear();
    this.cache.answers.clear();
  }

  /**
   * Builds the column index now, so the first search does not wait for it (~1.5 s at 100 000 listings); answers how
   * many visible listings it holds and how long it took, or undefined when the index is off.
   */
  warm(): { listings: number; ms: number } | undefined {
    if (!this.columns) return undefined;
    const started = performance.now();
    this.readState();
    const index = this.columnIndex();
    return { listings: index.size, ms: Math.round(performance.now() - started) };
  }

  /** How the column index stands (undefined when off): for tests. */
  columnIndexState() {
    if (!this.columns) return undefined;
    this.readState();
    const index = this.columnIndex();
    return { size: index.size, rebuilds: index.rebuilds };
  }

  /** The plan a search would run, for tests and EXPLAIN QUERY PLAN. */
  plan(p: SearchParams) {
    return this.planWith(this.readState(), p);
  }

  /** The column index as of the current listings version (call after readState). */
  private columnIndex(): ColumnIndex {
    const version = this.cache.currentVersion;
    if (this.columnsVersion !== version) {
      this.columns!.sync();
      this.columnsVersion = version;
    }
    return this.columns!;
  }

  /** Reading the version costs one primary-key lookup; a new version empties the cache. */
  private readState(): SearchState {
    const row = this.stateStatement.get() as { version: number; visible: number; id_ordered: number };
    this.cache.sync(row.version);
    return { visible: row.visible, idOrdered: row.id_ordered === 1 };
  }

  /** Prepared statements keyed by SQL text. */
  private prepared(sql: string): Statement {
    return this.statements.getOrSet(sql, () => this.db.$client.prepare(sql));
  }

  /**
   * What a search runs. Unfiltered, the total is the number for sale (kept by triggers) and the page walks the sort's
   * index. Otherwise the matches are collected, ids and sort keys, up to `cap + 1` (cap: COUNT_CAP, or the end of the
   * requested page if further): when they are all found the total is exact and the page a slice of them, sorted
   * here; when there are more, the total is `cap`, flagged as bounded, and the page walks its sort order, which with
   * that many matches reaches the page soon (plan.ts pageDriver).
   */
  private planWith(
    s: SearchState,
    p: SearchParams,
    columns: 'card' | 'id' = 'card',
    // The vocabulary (what is for sale) is read only when there are words to read with it.
    f = buildFilters(p, p.query || p.make || p.model ? this.vocabulary() : undefined),
  ) {
    if (!f) return null;
    const walk = pageDriver(f, p.sort, s.idOrdered);
    const page = pageQuery(f, walk, p.sort, columns);
    const pageArgs = [p.limit, p.offset];
    if (f.terms.length === 0 && !f.match) {
      if (p.offset + p.limit <= this.countCap) return { filters: f, total: s.visible, bounded: false, count: UNFILTERED_COUNT, matches: undefined, page, pageArgs };
      return { filters: f, count: UNFILTERED_COUNT, ...this.deepPage(f, p, columns, s.visible, s.visible, walk, this.deepStrategy) };
    }
    if (p.offset + p.limit > this.countCap) return this.deepPlan(s, f, p, columns, walk);
    const cap = this.countCap;
    const count = collectQuery(f, countDriver(f, () => this.stats(s.visible)), p.sort, cap + 1);
    // Keyed by the sort too: price_asc and price_desc collect with the same SQL.
    const collected = this.cache.matches.getOrSet(`${p.sort}\u0000${count.sql}\u0000${JSON.stringify(count.params)}`, () =>
      sortMatches(this.prepared(count.sql).raw().all(...count.params) as [number, number][], SORT_COLUMN[p.sort].desc),
    );
    const bounded = collected.length > cap;
    return { filters: f, total: bounded ? cap : collected.length, bounded, count, matches: bounded ? undefined : collected, page, pageArgs };
  }

  /**
   * A page ending past the count's usual bound (docs/decisions/014-cold-search.md "Deep pages"): the matches are
   * counted inside SQLite up to the end of the page + 1 (no ids or keys handed to JavaScript and sorted there), then
   * the page is read the cheapest of three ways: walking the sort order from the start, walking it from the end (a
   * page nearer the last match), or sorting the matches the narrowest index finds.
   */
  private deepPlan(s: SearchState, f: SearchPlanInput, p: SearchParams, columns: 'card' | 'id', walk: Driver) {
    const cap = p.offset + p.limit;
    const driver = countDriver(f, () => this.stats(s.visible));
    const count = countQuery(f, driver, cap + 1);
    const n = this.cache.counts.getOrSet(`${count.sql}\u0000${JSON.stringify(count.params)}`, () => this.prepared(count.sql).pluck().get(...count.params) as number);
    if (n > cap) {
      // More match than the page reaches: the total is a lower bound and the page is walked from the start, which
      // with that many matches reaches it soon (pageDriver).
      return { filters: f, count, total: cap, bounded: true, matches: undefined, page: pageQuery(f, walk, p.sort, columns), pageArgs: [p.limit, p.offset] };
    }
    // Text sorted by anything but its own order has no walk without materialising the text's matches: sort them.
    const how = this.deepStrategy ?? (f.match && walk !== 'ftsNewest' ? 'sort' : undefined);
    return { filters: f, count, ...this.deepPage(f, p, columns, n, s.visible, walk, how, driver) };
  }

  /** The page of a search whose `total` is exact, chosen by how many index entries each way reads (estimated). */
  private deepPage(f: SearchPlanInput, p: SearchParams, columns: 'card' | 'id', total: number, visible: number, walk: Driver, how?: DeepStrategy, driver: Driver = walk) {
    const base = { total, bounded: false, matches: undefined };
    const limit = Math.min(p.limit, total - p.offset);
    if (limit <= 0) return { ...base, page: pageQuery(f, walk, p.sort, columns), pageArgs: [p.limit, p.offset] };
    // Walking the sort order passes about visible ÷ total entries per match; sorting reads the driver's entries
    // (every visible one for the newest index) and sorts them.
    const perMatch = visible / Math.max(total, 1);
    const costs: Record<DeepStrategy, number> = {
      walk: (p.offset + limit) * perMatch,
      fromEnd: (total - p.offset) * perMatch,
      sort: driver === walk || driver === 'newest' ? Infinity : 2 * total,
    };
    const chosen = how ?? (Object.keys(costs) as DeepStrategy[]).reduce((a, b) => (costs[b] < costs[a] ? b : a));
    if (chosen === 'fromEnd') return { ...base, page: pageQuery(f, walk, p.sort, columns, true), pageArgs: [limit, total - p.offset - limit] };
    if (chosen === 'sort' && driver !== walk) return { ...base, page: pageQuery(f, driver, p.sort, columns), pageArgs: [limit, p.offset] };
    return { ...base, page: pageQuery(f, walk, p.sort, columns), pageArgs: [limit, p.offset] };
  }
}

export interface ListingSearchOptions {
  /**
   * How stale the makes, models and places may get after a write before they are read again (one pass over every
   * visible listing: ~30 ms for makes and models, ~100 ms for places at 100 000 listings). Results never go stale:
   * the words only choose filters, and every filter still reads the live rows. Default 30 s.
   */
  forSaleRefreshMs?: number;
  now?: () => number;
  /** How many matches a count reads at most (COUNT_CAP): tests lower it to reach the bound with few listings. */
  countCap?: number;
  /** Tests force one way of reading a deep page (deepPage) to compare each with the plain search. */
  deepStrategy?: DeepStrategy;
  /**
   * Searches without free text or place answered from the column index (column-index.ts; default on). Off, every
   * search runs on SQLite's indexes (plan.ts): tests of those plans turn it off.
   */
  columnIndex?: boolean;
}

/** The unfiltered first pages (the home page, the list without filters): kept from their first request. */
function isHomePage(p: SearchParams) {
  return p.offset === 0 && KEY_ORDER.every((k) => k === 'sort' || k === 'limit' || k === 'offset' || p[k] === undefined);
}

/** How a deep page with an exact total is read (deepPage); tests force each one. */
export type DeepStrategy = 'walk' | 'fromEnd' | 'sort';

/** Ids in the sort's order: by key, then by id, both ascending or both descending (plan.ts ORDER_BY). */
function sortMatches(rows: [id: number, key: number][], desc: boolean): number[] {
  const dir = desc ? -1 : 1;
  rows.sort((a, b) => dir * (a[1] - b[1] || a[0] - b[0]));
  return rows.map((r) => r[0]);
}
