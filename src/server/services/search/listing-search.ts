import { FILTER_MAKES } from '../../../shared/codes';
import { searchInput, type FacetValue, type SearchFacets, type SearchParams } from '../../../shared/schemas/search';
import { searchKey } from '../../../shared/search-words';
import type { SearchSource } from '../../store/search-source';
import type { Store } from '../../store';
import { toCard } from '../listing-shape';
import type { ListingCardShape } from '../../../shared/types/listing';
import { FullListings, type ListingListItem } from './full-listings';
import { ColumnIndex } from './column-index';
import { SearchEngine } from './engine';
import { query } from './query';
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
// answers with ids and totals, and only the page's rows are read from the store, by id: cards here, full listings in
// full-listings.ts. Each app instance has its own, kept in step with the one database by the change log (engine.ts).

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
  private readonly source: SearchSource;
  /** The sync under way, which every search arriving meanwhile waits for (the engine takes one at a time). */
  private syncing: Promise<void> | undefined;

  constructor(store: Store, private readonly options: ListingSearchOptions = {}) {
    this.source = store.searchSource;
    this.engine = new SearchEngine(this.source);
    this.full = new FullListings(this.source);
  }

  /** Makes (with their models), counties and places for sale with counts (docs/decisions/009-search-quality.md). */
  async facets(): Promise<SearchFacets> {
    const engine = await this.synced();
    const forSale = await this.forSale();
    if (!forSale.places || !forSale.counties) {
      const { place, county } = engine.counts.placesAndCounties();
      forSale.places = place.sort(byName);
      forSale.counties = county.sort(byName);
    }
    return { makes: forSale.makes, counties: forSale.counties, places: forSale.places };
  }

  private async forSale(): Promise<ForSale> {
    const cached = this.forSaleNow;
    const version = this.listingsVersion;
    const now = (this.options.now ?? Date.now)();
    if (cached && cached.version === version && !cached.dirty) return cached;
    if (cached && now - cached.at < (this.options.forSaleRefreshMs ?? 30_000)) {
      if (cached.version === version) return cached;
      // Within the interval the counts wait, but a new listing's make and model are read at once, so 'id4' finds a
      // Volkswagen ID.4 listed a second ago. (A model of a listing not yet visible only makes its word a filter that
      // finds what the text would: nothing visible.)
      // The largest id comes from the same read, so a listing added between two reads is never passed over.
      const added = await this.source.makesAndModelsAfter(cached.maxId);
      addToVocabulary(cached.vocabulary, added);
      for (const row of added) cached.maxId = Math.max(cached.maxId, row.id);
      cached.version = version;
      cached.dirty = true;
      return cached;
    }
    const maxId = await this.source.maxListingId();
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
  search(p: SearchParams): Promise<SearchResult<ListingCardShape>> {
    return this.run(p, (ids) => this.cardsByIds(ids));
  }

  /** The same search answering full listings (listings.listFull, GET /api/listings, docs/product/api.md "Shapes"). */
  searchFull(p: SearchParams): Promise<SearchResult<ListingListItem>> {
    return this.run(p, (ids) => this.full.byIds(ids));
  }

  /** The cards of a page of ids, in its order (ids of rows gone meanwhile are skipped). */
  private async cardsByIds(ids: readonly number[]): Promise<ListingCardShape[]> {
    return (await this.source.cards(ids)).map(toCard);
  }

  /** A page: the engine finds its ids and counts every match, then its rows are read. */
  private async run<Item>(p: SearchParams, byIds: (ids: readonly number[]) => Promise<Item[]>): Promise<SearchResult<Item>> {
    const engine = await this.synced();
    // The vocabulary (what is for sale) is read only when there are words to read with it.
    const q = buildFilters(p, p.query || p.make || p.model ? (await this.forSale()).vocabulary : undefined);
    const { ids, total } = q ? engine.query(q, p.sort, p.offset, p.limit) : { ids: [], total: 0 };
    return { items: ids.length ? await byIds(ids) : [], total };
  }

  /**
   * Those of `searches` (GET /api/listings parameters) that would show the listing now: the saved-search alerts
   * (docs/decisions/022-market-alerts.md). The listing's own row, read as the index reads it, goes into an index of
   * one, and each search's parameters become the engine's query exactly as a search would make them (the same schema,
   * filters and vocabulary), so an alert matches what the saved search shows. Empty when buyers cannot see it.
   */
  async matching<T extends { params: object }>(listingId: number, searches: readonly T[]): Promise<T[]> {
    if (searches.length === 0) return [];
    const [row] = await this.source.visibleRows([listingId]);
    if (!row) return [];
    await this.synced();
    const forSale = await this.forSale();
    const one = new ColumnIndex([row], 1);
    return searches.filter((s) => {
      const parsed = searchInput.safeParse(s.params);
      if (!parsed.success) return false;
      const p = parsed.data;
      const q = buildFilters(p, p.query || p.make || p.model ? forSale.vocabulary : undefined);
      return q !== null && query(one, q, p.sort, 0, 1).total > 0;
    });
  }

  /** Builds the engine's index now, so the first search does not wait for it; answers its size and how long it took. */
  async warm(): Promise<{ listings: number; ms: number }> {
    const started = performance.now();
    return { listings: (await this.synced()).size, ms: Math.round(performance.now() - started) };
  }

  /**
   * Where the index stands against the change log, without syncing (/metrics): its size, and the entries written since
   * it last caught up, which the next search applies (null before it is built).
   */
  async indexState(): Promise<{ listings: number; lag: number | null }> {
    const { built, seq } = this.engine.position;
    if (!built) return { listings: 0, lag: null };
    const { latest } = await this.source.logState();
    return { listings: this.engine.size, lag: Math.max(0, latest - seq) };
  }

  /**
   * For the readiness probe (/readyz): false before the index was first built; once it was, brings it in step with
   * the database as a search would (so a sync that fails or hangs shows as not ready) and answers true.
   */
  async inStep(): Promise<boolean> {
    if (!this.engine.position.built) return false;
    await this.synced();
    return true;
  }

  /** How the engine's index stands: for tests. */
  async columnIndexState() {
    const { size, rebuilds } = await this.synced();
    return { size, rebuilds };
  }

  /**
   * The engine as of the current listings version. Reading the version costs one primary-key lookup (on SQLite without
   * waiting a turn); a new version brings the engine up to it.
   */
  private async synced(): Promise<SearchEngine> {
    const read = this.source.version();
    const version = typeof read === 'number' ? read : await read;
    // Versions only grow; a search that read an older one while another read a newer keeps the newer.
    if (version > this.listingsVersion) this.listingsVersion = version;
    if (this.engineVersion < version || this.syncing) await this.catchUp();
    return this.engine;
  }

  /**
   * Syncs the engine until it is at the newest version read. One sync at a time: a second would apply the same log
   * entries while the first is between its reads. Every caller meanwhile waits for the same one.
   */
  private catchUp(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        while (this.engineVersion < this.listingsVersion) {
          const target = this.listingsVersion;
          await this.engine.sync();
          this.engineVersion = target;
        }
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
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

