import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../../db/client';
import { listings, type Listing } from '../../../../db/schema';
import { cardColumns, type CardRow } from '../rules';
import { fullPage, inIdOrder, logSql, rowReader, searchRowsSql, VERSION_SQL, type SearchLogState, type SearchPhoto, type SearchRow, type SearchSource } from '../search-source';

// The search's reads on SQLite (store/search-source.ts), per dialect by nature: better-sqlite3's statements are
// prepared once (on first use, after the migrations), read rows as arrays and stream the build, synchronously inside.
// A list of ids is one JSON array read by json_each, so each statement is prepared once for any number of ids.

/**
 * The photos of a page's listings (a JSON array of ids), in order. Only what the shape reads, all of it in
 * listing_images_listing_idx: the photos come from the index, without a table row per photo.
 */
export const PHOTOS_SQL =
  'SELECT i.listing_id, i.position, i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height FROM listing_images i ' +
  'WHERE i.listing_id IN (SELECT value FROM json_each(?)) ORDER BY i.listing_id, i.position, i.id';

/** A row of PHOTOS_SQL. */
type PhotoRow = [listingId: number, position: number, id: number, url: string, thumbUrl: string, mediumUrl: string | null, width: number, height: number];

const IN_IDS = 'l.id IN (SELECT value FROM json_each(?))';

function statements(db: Db) {
  const client = db.$client;
  // NOT INDEXED: without statistics SQLite would read the visible rows through listings_visible_created_idx, a row
  // at a time; without an index the build is one pass over the table and the changed ids are primary-key lookups.
  const rows = searchRowsSql('sqlite', 'listings l NOT INDEXED');
  const full = rowReader(listings, 'l');
  const log = logSql(() => '?');
  return {
    rows: client.prepare(rows).raw(),
    changedRows: client.prepare(`${rows} AND ${IN_IDS}`).raw(),
    changes: client.prepare(log.changes).raw(),
    // The last sequence number handed out (the log may have been pruned to empty).
    seq: client.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'listings_search_changes'), 0)").pluck(),
    firstSeq: client.prepare('SELECT min(seq) FROM listings_search_changes').pluck(),
    visible: client.prepare('SELECT visible FROM listings_search_state WHERE id = 1').pluck(),
    prune: client.prepare(log.prune),
    cards: client.prepare(`SELECT ${cardColumns('sqlite', 'l')} FROM listings l WHERE ${IN_IDS}`),
    fullRows: client.prepare(`SELECT ${full.columns} FROM listings l WHERE ${IN_IDS}`).raw(),
    readFull: full.read,
    photos: client.prepare(PHOTOS_SQL).raw(),
    // Listings added since: a primary-key range, cheap on every version change.
    newRows: client.prepare('SELECT id, make, model FROM listings WHERE id > ?'),
    maxId: client.prepare('SELECT coalesce(max(id), 0) FROM listings').pluck(),
  };
}

export class SqliteSearchSource implements SearchSource {
  private sql: ReturnType<typeof statements> | undefined;
  private versionStatement: Statement | undefined;

  constructor(readonly db: Db) {}

  // Prepared on first use: the tables exist once the migrations have run.
  private get s() {
    return (this.sql ??= statements(this.db));
  }

  version(): number {
    // Bumped by a trigger on every write to a listing, whoever writes it (db/migrations/0016_one_search_engine.sql).
    this.versionStatement ??= this.db.$client.prepare(VERSION_SQL).pluck();
    return this.versionStatement.get() as number;
  }

  async build<T>(consume: (rows: Iterable<SearchRow>, visible: number) => T): Promise<{ built: T; seq: number }> {
    const s = this.s;
    // One read transaction, so the rows and the log's position are the same snapshot; rows are streamed to
    // `consume`, never all held as objects at once.
    return this.db.$client
      .transaction(() => {
        const seq = s.seq.get() as number;
        const visible = s.visible.get() as number;
        const rows = s.rows.iterate() as IterableIterator<SearchRow>;
        try {
          return { built: consume(rows, visible), seq };
        } finally {
          rows.return?.(); // a consumer that stopped early leaves the statement busy otherwise
        }
      })
      .deferred();
  }

  async logState(): Promise<SearchLogState> {
    return { latest: this.s.seq.get() as number, first: this.s.firstSeq.get() as number | null };
  }

  async changes(afterSeq: number, limit: number): Promise<[number, number][]> {
    return this.s.changes.all(afterSeq, limit) as [number, number][];
  }

  async visibleRows(ids: readonly number[]): Promise<SearchRow[]> {
    return this.s.changedRows.all(JSON.stringify(ids)) as SearchRow[];
  }

  async prune(seq: number, keep: number): Promise<void> {
    try {
      this.s.prune.run(seq, keep);
    } catch {
      // Another process holds the write lock (a CLI writing): the log is pruned next time; a search never fails for it.
    }
  }

  async cards(ids: readonly number[]): Promise<CardRow[]> {
    return inIdOrder(ids, this.s.cards.all(JSON.stringify(ids)) as CardRow[]);
  }

  async fullListings(ids: readonly number[]): Promise<{ listing: Listing; photos: SearchPhoto[] }[]> {
    if (ids.length === 0) return [];
    const s = this.s;
    const param = JSON.stringify(ids);
    const photos = (s.photos.all(param) as PhotoRow[]).map(
      ([listingId, position, id, url, thumbUrl, mediumUrl, width, height]): [number, SearchPhoto] => [listingId, { position, id, url, thumbUrl, mediumUrl, width, height }],
    );
    return fullPage(ids, (s.fullRows.all(param) as unknown[][]).map((raw) => s.readFull(raw)), photos);
  }

  async makesAndModelsAfter(id: number): Promise<{ id: number; make: string; model: string }[]> {
    return this.s.newRows.all(id) as { id: number; make: string; model: string }[];
  }

  async maxListingId(): Promise<number> {
    return this.s.maxId.get() as number;
  }
}
