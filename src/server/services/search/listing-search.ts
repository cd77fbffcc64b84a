import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../../db/client';
import type { SearchParams } from '../../../shared/schemas/search';
import { TtlLru } from '../../lib/lru';
import { toCard, type CardRow } from '../listing-shape';
import type { ListingCardShape } from '../../../shared/types/listing';
import { SearchCache, SearchResult } from './cache';
import { FullListings, type ListingListItem } from './full-listings';
import { buildFilters } from './filters';
import { countDriver, countQuery, pageDriver, pageQuery } from './plan';

export { SearchResult } from './cache';
export { listingListItemShape, type ListingListItem } from './full-listings';

// The public search (issue 4, docs/product/screens.md /annonser, docs/product/api.md): runs the plan of plan.ts on
// better-sqlite3 prepared statements. The SQL is hand-written: its shape varies with the filters, and this path is hot
// enough that building SQL through the ORM per request would dominate it. Why the indexes and plans look as they
// do: docs/decisions/004-listing-search.md.

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
  private readonly ftsCountStatement: Statement;
  private readonly full: FullListings;

  constructor(private readonly db: Db) {
    this.stateStatement = db.$client.prepare('SELECT version, visible, id_ordered FROM listings_search_state WHERE id = 1');
    this.ftsCountStatement = db.$client.prepare('SELECT count(*) AS n FROM listings_fts WHERE listings_fts MATCH ?');
    this.full = new FullListings(db);
  }

  /**
   * The public search: approved and active listings matching every given filter, one page of cards in the chosen
   * order, and the number of all matches (X-Total-Count). Identical searches share one frozen answer.
   */
  search(p: SearchParams): SearchResult<ListingCardShape> {
    return this.run(p, 'card', (sql, params) => (this.prepared(sql).all(...params) as CardRow[]).map(toCard));
  }

  /**
   * The same search answering full listings (GET /api/listings, docs/product/api.md "Shapes"): the page's ids as
   * above, then one query for their rows and one for their images.
   */
  searchFull(p: SearchParams): SearchResult<ListingListItem> {
    return this.run(p, 'id', (sql, params) => this.full.byIds(this.prepared(sql).pluck().all(...params) as number[]));
  }

  private run<Item>(p: SearchParams, columns: 'card' | 'id', readPage: (sql: string, params: unknown[]) => Item[]): SearchResult<Item> {
    const state = this.readState();
    const key = JSON.stringify([columns, ...KEY_ORDER.map((k) => p[k] ?? null)]);
    const cached = this.cache.results.getOrSet(key, () => {
      try {
        const plan = this.planWith(state, p, columns);
        if (!plan || plan.total === 0 || p.offset >= plan.total) return new SearchResult<Item>([], plan?.total ?? 0);
        return new SearchResult(readPage(plan.page.sql, [...plan.page.params, p.limit, p.offset]), plan.total);
      } catch (err) {
        // Terms are built so FTS5 cannot reject them; should a tokenizer edge case slip through anyway, the search
        // finds nothing rather than failing the page.
        if (!isFtsError(err)) throw err;
        return new SearchResult<Item>([], 0);
      }
    });
    // The key's first element says which kind of page it holds.
    return cached as SearchResult<Item>;
  }

  /** The plan a search would run, for tests and EXPLAIN QUERY PLAN. */
  plan(p: SearchParams) {
    return this.planWith(this.readState(), p);
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

  private planWith(s: SearchState, p: SearchParams, columns: 'card' | 'id' = 'card') {
    const f = buildFilters(p);
    if (!f) return null;
    const counts = this.cache.counts;
    const onlyText = f.terms.length === 0 && f.match !== undefined;
    const ftsCount = f.match
      ? counts.getOrSet(`fts\u0000${f.match}`, () => (this.ftsCountStatement.get(f.match) as { n: number }).n)
      : undefined;
    const driver = countDriver(f, ftsCount);
    const count = countQuery(f, driver);
    let total: number;
    if (f.terms.length === 0 && !f.match) total = s.visible;
    else if (onlyText) total = ftsCount!;
    else {
      total = counts.getOrSet(`${count.sql}\u0000${JSON.stringify(count.params)}`, () =>
        (this.prepared(count.sql).get(...count.params) as { n: number }).n,
      );
    }
    const totals = { total, visible: s.visible, ftsCount, idOrdered: s.idOrdered };
    const page = pageQuery(f, pageDriver(f, driver, p.sort, totals, p.offset + p.limit), p.sort, columns);
    return { filters: f, total, count, page };
  }
}
