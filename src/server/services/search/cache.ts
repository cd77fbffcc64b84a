import type { ListingCardShape } from '../../../shared/schemas/listing-shape';
import { TtlLru } from '../../lib/lru';
import type { SearchFacets } from '../../../shared/schemas/search';
import type { Vocabulary } from './query-words';

// Result pages memoised per listings version: a trigger bumps the version on every insert, update and delete of a
// listing (db/migrations/0016_one_search_engine.sql), whoever writes it, so nothing cached is ever stale. The client
// polls an open search every 10 s (docs/product/limits.md) and the home page asks for the same three listings, so
// identical searches are the common case.

/**
 * Pages of objects, not bytes: the answers as sent (JSON, compressed copies) are the HTTP layer's
 * (src/server/http/response-cache.ts). The pages asked for again and again (home page, popular searches, the client's
 * warm-up) stay in; the bound keeps them within a small share of the server's memory (docs/decisions/013-request-cost.md).
 */
const MAX_RESULTS = 150;
/**
 * Request keys answered in this version, each pointing at a page the results hold too (no copy), for
 * listing-search.ts `answered`. The REST adapter no longer asks: repeated requests are the HTTP cache's.
 */
const MAX_ANSWERS = 100;

/** One page of search results, shared between identical searches (frozen: do not mutate). Plain data. */
export class SearchResult<Item = ListingCardShape> {
  readonly items: readonly Item[];

  constructor(
    items: Item[],
    /** The number of all matches, exact. */
    readonly total: number,
  ) {
    this.items = Object.freeze(items);
    Object.freeze(this);
  }
}

/**
 * Whether a key was offered before: two bits of a 64 Kibit set per key, the set emptied after every 8 192 offers, so it
 * says "seen recently" (with a few per cent of false yeses) without keeping a single key.
 */
export class Doorkeeper {
  private readonly bits = new Uint32Array(2048);
  private offers = 0;

  /** True when `key` was offered since the set was last emptied (or collides with keys that were); records it. */
  offer(key: string): boolean {
    // FNV-1a, 32 bits; its two halves pick the two bits.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    const a = h & 0xffff;
    const b = h >>> 16;
    const seen = (this.bits[a >>> 5] & (1 << (a & 31))) !== 0 && (this.bits[b >>> 5] & (1 << (b & 31))) !== 0;
    if (++this.offers > 8192) {
      this.bits.fill(0);
      this.offers = 1;
    }
    this.bits[a >>> 5] |= 1 << (a & 31);
    this.bits[b >>> 5] |= 1 << (b & 31);
    return seen;
  }
}

export class SearchCache {
  private version = -1;
  /**
   * Pages are kept from their second request on (the home page's from its first): a search asked once, as most new
   * searches are, is never promoted into the long-lived heap only to be evicted, which under a stream of new
   * searches made the collector's pauses the slowest part of the answer (docs/decisions/014-cold-search.md).
   */
  private readonly doorkeeper = new Doorkeeper();
  /** Pages that were kept (only those are kept under their request too, `remember`). */
  private readonly admitted = new WeakSet<SearchResult<unknown>>();
  /** Card pages (the web client over tRPC) and full-listing pages (REST) alike, under distinct keys. */
  readonly results = new TtlLru<SearchResult<unknown>>(MAX_RESULTS);
  /** Pages by the request that asked for them (see MAX_ANSWERS). */
  readonly answers = new TtlLru<SearchResult<unknown>>(MAX_ANSWERS);
  /** The version each page was made in. */
  private readonly madeIn = new WeakMap<SearchResult<unknown>, number>();
  /**
   * What is for sale (makes and models with counts, the vocabulary free text is read with; places on demand). Not
   * dropped with the version: new listings' makes and models join the vocabulary at once, and the whole is rebuilt
   * once the version moved and it is older than the refresh interval (listing-search.ts), since a rebuild passes over
   * every visible listing.
   */
  forSale: { version: number; at: number; maxId: number; dirty?: boolean; makes: SearchFacets['makes']; vocabulary: Vocabulary; places?: SearchFacets['places']; counties?: SearchFacets['counties'] } | undefined;

  /** Drops everything cached for an older version of the listings. */
  sync(version: number) {
    if (version === this.version) return;
    this.version = version;
    this.results.clear();
    this.answers.clear();
  }

  /**
   * The page kept under `key`, or `compute`d: kept when `always` (the home page, the unfiltered list) or when the key
   * was asked for recently.
   */
  page<T extends SearchResult<unknown>>(key: string, compute: () => T, always: boolean): T {
    const kept = this.results.get(key);
    if (kept) return kept as T;
    const result = this.made(compute());
    this.admit(key, result, always);
    return result;
  }

  /** Keeps a page made in this version under `key`, by the rule of `page`. */
  private admit(key: string, result: SearchResult<unknown>, always: boolean) {
    if (!always && !this.doorkeeper.offer(key)) return;
    this.results.set(key, this.made(result));
    this.admitted.add(result);
  }

  /** A page made now, in the current version. */
  private made<T extends SearchResult<unknown>>(result: T): T {
    if (!this.madeIn.has(result)) this.madeIn.set(result, this.version);
    return result;
  }

  /**
   * Keeps `result` under `key` if it was made in the current version: a request that awaited between its search and
   * this call may have seen a write in between, and what the cache holds must all be of one version.
   */
  remember(key: string, result: SearchResult<unknown>) {
    if (this.madeIn.get(result) === this.version && this.admitted.has(result)) this.answers.set(key, result);
  }

  get currentVersion() {
    return this.version;
  }
}
