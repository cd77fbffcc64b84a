import type { ListingCardShape } from '../../../shared/types/listing';
import { TtlLru } from '../../lib/lru';
import type { SearchFacets } from '../../../shared/schemas/search';
import type { Vocabulary } from './query-words';

// Counts and result pages memoised per listings version: a trigger bumps the version on every insert, update and
// delete of a listing (db/migrations/0003_fts.sql), whoever writes it, so nothing cached is ever stale. The client
// polls an open search every 10 s (docs/product/limits.md) and the home page asks for the same three listings, so
// identical searches are the common case.

const MAX_COUNTS = 2000;
const MAX_RESULTS = 500;

/**
 * One page of search results, shared between identical searches (frozen: do not mutate). Its JSON text is written
 * once, when first asked for, so a cached page is served without serialising it again. JSON.stringify of the page
 * itself (tRPC) sees only `items` and `total`.
 */
export class SearchResult<Item = ListingCardShape> {
  readonly items: readonly Item[];
  #itemsJson: string | undefined;

  constructor(
    items: Item[],
    readonly total: number,
  ) {
    this.items = Object.freeze(items);
    Object.freeze(this);
  }

  /** `items` as JSON text (the REST body of GET /api/listings, written once per cached page). */
  itemsJson(): string {
    return (this.#itemsJson ??= JSON.stringify(this.items));
  }
}

export class SearchCache {
  private version = -1;
  readonly counts = new TtlLru<number>(MAX_COUNTS);
  /** Card pages (the web client over tRPC) and full-listing pages (REST) alike, under distinct keys. */
  readonly results = new TtlLru<SearchResult<unknown>>(MAX_RESULTS);
  /**
   * What is for sale (makes and models with counts, the vocabulary free text is read with; places on demand). Not
   * dropped with the version: new listings' makes and models join the vocabulary at once, and the whole is rebuilt
   * once the version moved and it is older than the refresh interval (listing-search.ts), since a rebuild reads
   * every visible listing.
   */
  forSale: { version: number; at: number; maxId: number; dirty?: boolean; makes: SearchFacets['makes']; vocabulary: Vocabulary; places?: SearchFacets['places'] } | undefined;

  /** Drops everything cached for an older version of the listings. */
  sync(version: number) {
    if (version === this.version) return;
    this.version = version;
    this.counts.clear();
    this.results.clear();
  }

  get currentVersion() {
    return this.version;
  }
}
