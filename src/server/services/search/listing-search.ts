import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../../db/client';
import { FILTER_MAKES } from '../../../shared/codes';
import type { FacetValue, SearchFacets, SearchParams } from '../../../shared/schemas/search';
import { searchKey } from '../../../shared/search-words';
import { cardColumns, toCard, type CardRow } from '../listing-shape';
import type { ListingCardShape } from '../../../shared/types/listing';
import { FullListings, type ListingListItem } from './full-listings';
import { SearchEngine } from './engine';
import { buildFilters } from './filters';
import { addToVocabulary, vocabularyOf, type Vocabulary } from './query-words';


/** One page of search results: plain data. The answers as sent are the HTTP layer's (src/server/http/response-cache.ts). */
export interface SearchResult<Item = ListingCardShape> {
  readonly items: readonly Item[];
  /** The number of all matches, exact. */
  readonly total: number;
}

/**
 * What is for sale: makes and models with counts, the vocabulary free text is read with, places on demand. Not dropped
 * with the version: new listings' makes and models join the vocabulary at once, and the whole is counted again once the
 * version moved and it is older than the refresh interval, since that passes over every visible listing.
 */
interface ForSale {
  version: number;
  at: number;
  maxId: number;
  dirty?: boolean;
  makes: SearchFacets['makes'];
  vocabulary: Vocabulary;
  places?: SearchFacets['places'];
  counties?: SearchFacets['counties'];
}
export { listingListItemShape, type ListingListItem } from './full-listings';

// The public search (docs/product/screens.md /annonser, docs/product/api.md), the one entry the rest of the server
// calls: approved and active listings matching every given filter, one page in the chosen order, and the exact number
// of all matches. The parameters become the engine's query (filters.ts, query-words.ts), the engine (engine.ts)
// answers with ids and totals, and only the page's rows are read from SQLite, by id: cards here, full listings in full-listings.ts.

const byName = (a: FacetValue, b: FacetValue) => a.name.localeCompare(b.name, 'nb', { numeric: true, sensitivity: 'base' });

/** The search over one database, created once in buildApp (AppDeps.stores.search). */
export class ListingSearch {
  private readonly engine: SearchEngine;
  private forSaleNow: ForSale | undefined;
  /** The listings version as last read. */
  private listingsVersion = -1;
  /** The listings version the engine was last brought up to. */
  private engineVersion = -1;
  private readonly full: FullListings;
  private readonly version: Statement;
  private readonly cards: Statement;
  private readonly newRows: Statement;
  private readonly maxId: Statement;

  constructor(db: Db, private readonly options: ListingSearchOptions = {}) {
    this.engine = new SearchEngine(db);
    this.full = new FullListings(db);
    // Bumped by a trigger on every write to a listing, whoever writes it (db/migrations/0016_one_search_engine.sql).
    this.version = db.$client.prepare('SELECT version FROM listings_search_state WHERE id = 1').pluck();
    this.cards = db.$client.prepare(`SELECT ${cardColumns('l')} FROM listings l WHERE l.id IN (SELECT value FROM json_each(?))`);
    // Listings added since the vocabulary was read, whatever their status (a pending one is approved later, with the
    // id it has now): a primary-key range, cheap on every version change.
    this.newRows = db.$client.prepare('SELECT make, model FROM listings WHERE id > ?');
    this.maxId = db.$client.prepare('SELECT coalesce(max(id), 0) FROM listings').pluck();
  }

  /** Makes (with their models), counties and places for sale with counts (docs/decisions/009-search-quality.md). */
  facets(): SearchFacets {
    const engine = this.synced();
    const forSale = this.forSale();
    if (!forSale.places || !forSale.counties) {
      const { place, county } = engine.counts.placesAndCounties();
      forSale.places = place.sort(byName);
      forSale.counties = county.sort(byName);
    }
    return { makes: forSale.makes, counties: forSale.counties, places: forSale.places };
  }

  private forSale() {
    const cached = this.forSaleNow;
    const version = this.listingsVersion;
    const now = (this.options.now ?? Date.now)();
    if (cached && cached.version === version && !cached.dirty) return cached;
    if (cached && now - cached.at < (this.options.forSaleRefreshMs ?? 30_000)) {
      if (cached.version === version) return cached;
      // Within the interval the counts wait, but a new listing's make and model are read at once, so 'id4' finds a
      // Volkswagen ID.4 listed a second ago. (A model of a listing not yet visible only makes its word a filter that
      // finds what the text would: nothing visible.)
      const added = this.newRows.all(cached.maxId) as { make: string; model: string }[];
      addToVocabulary(cached.vocabulary, added);
      cached.maxId = Math.max(cached.maxId, ...(added.length ? [this.maxId.get() as number] : []));
      cached.version = version;
      cached.dirty = true;
      return cached;
    }
    const maxId = this.maxId.get() as number;
    return (this.forSaleNow = { version, at: now, maxId, ...this.computeForSale() });
  }

  private computeForSale() {
    const rows = this.engine.counts.makesAndModels();
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

  /** The public search (tRPC listings.list) as cards. */
  search(p: SearchParams): SearchResult<ListingCardShape> {
    return this.run(p, (ids) => this.cardsByIds(ids));
  }

  /** The same search answering full listings (listings.listFull, GET /api/listings, docs/product/api.md "Shapes"). */
  searchFull(p: SearchParams): SearchResult<ListingListItem> {
    return this.run(p, (ids) => this.full.byIds(ids));
  }

  /** The cards of a page of ids, in its order (ids of rows gone meanwhile are skipped). */
  private cardsByIds(ids: readonly number[]): ListingCardShape[] {
    const rows = new Map((this.cards.all(JSON.stringify(ids)) as CardRow[]).map((r) => [r.id, r]));
    return ids.flatMap((id) => (rows.has(id) ? [toCard(rows.get(id)!)] : []));
  }

  /** A page: the engine finds its ids and counts every match, then its rows are read. */
  private run<Item>(p: SearchParams, byIds: (ids: readonly number[]) => Item[]): SearchResult<Item> {
    const engine = this.synced();
    // The vocabulary (what is for sale) is read only when there are words to read with it.
    const q = buildFilters(p, p.query || p.make || p.model ? this.forSale().vocabulary : undefined);
    const { ids, total } = q ? engine.query(q, p.sort, p.offset, p.limit) : { ids: [], total: 0 };
    return { items: ids.length ? byIds(ids) : [], total };
  }

  /** Builds the engine's index now, so the first search does not wait for it; answers its size and how long it took. */
  warm(): { listings: number; ms: number } {
    const started = performance.now();
    return { listings: this.synced().size, ms: Math.round(performance.now() - started) };
  }

  /** How the engine's index stands: for tests. */
  columnIndexState() {
    const { size, rebuilds } = this.synced();
    return { size, rebuilds };
  }

  /**
   * The engine as of the current listings version. Reading the version costs one primary-key lookup; a new version
   * brings the engine up to it.
   */
  private synced(): SearchEngine {
    this.listingsVersion = this.version.get() as number;
    if (this.engineVersion !== this.listingsVersion) {
      this.engine.sync();
      this.engineVersion = this.listingsVersion;
    }
    return this.engine;
  }
}

export interface ListingSearchOptions {
  /**
   * How stale the makes, models and places may get after a write before they are counted again (a pass over every
   * visible listing). Results never go stale: the words only choose filters. Default 30 s.
   */
  forSaleRefreshMs?: number;
  now?: () => number;
}

