import type { Db } from '../../../../db/client';
import { visibleWhere } from '../../../../db/schema';
import type { SortKey } from '../../../shared/schemas/search';
import { ColumnIndex, ROW_COLUMNS, type Row } from './column-index';
import { query, type ColumnQuery, type Page } from './query';

// The search engine behind listing-search.ts: the column index of the visible listings, built from the table on the
// first sync and kept in step from the change log the triggers write (db/migrations/0012_search_changes.sql).
// search-property.test.ts holds it to a plain filter, sort and page of every row, through random searches and writes.

/** More changed listings than this since the last look: reading everything again is cheaper than patching. */
const REBUILD_AFTER = 20_000;
/** The change log keeps about this many entries (pruned here as they are applied). */
const KEEP_CHANGES = 10_000;

function statements(client: Db['$client']) {
  // NOT INDEXED: without statistics SQLite would read the visible rows through listings_visible_created_idx, a row
  // at a time; without an index the build is one pass over the table and the changed ids are primary-key lookups.
  const rows = (where: string) => client.prepare(`SELECT ${ROW_COLUMNS} FROM listings l NOT INDEXED WHERE ${visibleWhere('l')}${where}`).raw();
  return {
    rows: rows(''),
    changedRows: rows(' AND l.id IN (SELECT value FROM json_each(?))'),
    changes: client.prepare('SELECT seq, listing_id FROM listings_search_changes WHERE seq > ? ORDER BY seq LIMIT ?').raw(),
    // The last sequence number handed out (the log may have been pruned to empty).
    seq: client.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'listings_search_changes'), 0)").pluck(),
    firstSeq: client.prepare('SELECT min(seq) FROM listings_search_changes').pluck(),
    visible: client.prepare('SELECT visible FROM listings_search_state WHERE id = 1').pluck(),
    prune: client.prepare('DELETE FROM listings_search_changes WHERE seq <= ?'),
  };
}

export class SearchEngine {
  private index: ColumnIndex | undefined;
  private lastSeq = -1;
  private readonly sql: ReturnType<typeof statements>;
  /** How many times every visible listing was read (the first sync, or one after falling behind): for tests. */
  rebuilds = 0;

  constructor(private readonly db: Db) {
    this.sql = statements(db.$client);
  }

  get size() {
    return this.index?.size ?? 0;
  }

  /** Brings the index up to the database: the listings logged as changed since the last call read again. */
  sync() {
    const latest = this.sql.seq.get() as number;
    if (this.index && latest === this.lastSeq) return;
    const first = this.sql.firstSeq.get() as number | null;
    // Entries not seen here were pruned (by another engine over the same database), or there are too many.
    if (!this.index || (first ?? latest + 1) > this.lastSeq + 1 || latest - this.lastSeq > REBUILD_AFTER) return this.rebuild();
    const changes = this.sql.changes.all(this.lastSeq, REBUILD_AFTER + 1) as [number, number][];
    const ids = [...new Set(changes.map((c) => c[1]))];
    for (const id of ids) this.index.remove(id);
    for (const row of this.sql.changedRows.all(JSON.stringify(ids)) as Row[]) this.index.insert(row);
    this.lastSeq = changes.length ? changes[changes.length - 1][0] : latest;
    this.pruneLog();
  }

  private rebuild() {
    this.rebuilds++;
    this.index = undefined; // freed first, so two are never held at once
    // One read transaction, so the rows and the log's position are the same snapshot; rows are streamed into the
    // arrays, never all held as objects at once.
    this.db.$client
      .transaction(() => {
        this.index = new ColumnIndex(this.sql.rows.iterate() as IterableIterator<Row>, this.sql.visible.get() as number);
        this.lastSeq = this.sql.seq.get() as number;
      })
      .deferred();
    this.pruneLog();
  }

  private pruneLog() {
    const first = this.sql.firstSeq.get() as number | null;
    if (first === null || this.lastSeq - first <= 2 * KEEP_CHANGES) return;
    try {
      this.sql.prune.run(this.lastSeq - KEEP_CHANGES);
    } catch {
      // Another process holds the write lock (a CLI writing): the log is pruned next time; a search never fails for it.
    }
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
