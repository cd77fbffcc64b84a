import type { SortKey } from '../../../shared/schemas/search';
import type { SearchSource } from '../../store/search-source';
import { ColumnIndex } from './column-index';
import { query, type ColumnQuery, type Page } from './query';

// The search engine behind listing-search.ts: the column index of the visible listings, built from the table on the
// first sync and kept in step from the change log the triggers write (db/migrations/0012_search_changes.sql,
// db/pg/migrations/0001_search_changes.sql). Each instance of the app keeps its own index in step from the one log.
// search-property.test.ts holds it to a plain filter, sort and page of every row, through random searches and writes.

/** More changed listings than this since the last look: reading everything again is cheaper than patching. */
const REBUILD_AFTER = 20_000;
/** The change log keeps about this many entries (pruned here as they are applied). */
const KEEP_CHANGES = 10_000;

export class SearchEngine {
  private index: ColumnIndex | undefined;
  private lastSeq = -1;
  /** How many times every visible listing was read (the first sync, or one after falling behind): for tests. */
  rebuilds = 0;

  constructor(private readonly source: SearchSource) {}

  get size() {
    return this.index?.size ?? 0;
  }

  /** Whether the index was built, and the change-log position it is in step with (docs/operations.md "Metrics"). */
  get position(): { built: boolean; seq: number } {
    return { built: this.index !== undefined, seq: this.lastSeq };
  }

  /**
   * Brings the index up to the database: the listings logged as changed since the last call read again. One call at a
   * time (ListingSearch serialises them); between its awaits the index is always whole, so searches may run.
   */
  async sync() {
    const { latest, first } = await this.source.logState();
    if (this.index && latest === this.lastSeq) return;
    // Entries not seen here were pruned (by another engine over the same database), or there are too many.
    if (!this.index || (first ?? latest + 1) > this.lastSeq + 1 || latest - this.lastSeq > REBUILD_AFTER) return this.rebuild();
    const changes = await this.source.changes(this.lastSeq, REBUILD_AFTER + 1);
    const ids = [...new Set(changes.map((c) => c[1]))];
    // Read before anything is removed, so a search running meanwhile sees the index as it was.
    const rows = ids.length ? await this.source.visibleRows(ids) : [];
    for (const id of ids) this.index.remove(id);
    for (const row of rows) this.index.insert(row);
    this.lastSeq = changes.length ? changes[changes.length - 1][0] : latest;
    await this.pruneLog(first);
  }

  private async rebuild() {
    this.rebuilds++;
    const { seq } = await this.source.build((rows, visible) => {
      this.index = undefined; // freed first, so two are never held at once
      this.index = new ColumnIndex(rows, visible);
    });
    this.lastSeq = seq;
    await this.pruneLog((await this.source.logState()).first);
  }

  private async pruneLog(first: number | null) {
    if (first === null || this.lastSeq - first <= 2 * KEEP_CHANGES) return;
    await this.source.prune(this.lastSeq - KEEP_CHANGES, KEEP_CHANGES);
  }

  /** The ids of one page in `sort`'s order and the exact number of matches (after `sync`). */
  query(q: ColumnQuery, sort: SortKey, offset: number, limit: number): Page {
    return query(this.index!, q, sort, offset, limit);
  }

  /** What the facets count (after `sync`): makes and models, places and counties (column-index.ts). */
  get counts(): Pick<ColumnIndex, 'makesAndModels' | 'placesAndCounties'> {
    return this.index!;
  }
}
