import type { Statement } from 'better-sqlite3';
import type { Db as SqliteDb } from '../../../../db/client';
import { listings, type Listing } from '../../../../db/schema';
import { cardColumns, type CardRow } from '../rules';
import { fullPage, inIdOrder, rowReader, searchRowsSql, SearchSource, VERSION_SQL, type SearchPhoto, type SearchRow } from '../search-source';

// The search's hot path on SQLite (docs/store.md#the-search-sources-hot-path): statements prepared once, rows read as arrays, the
// build streamed; a list of ids is one JSON array (json_each), so one statement serves any number of ids.

/** The photos of a page's listings (a JSON array of ids), in order; every column is in listing_images_listing_idx, so no table row is read. */
export const PHOTOS_SQL =
  'SELECT i.listing_id, i.position, i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height FROM listing_images i ' +
  'WHERE i.listing_id IN (SELECT value FROM json_each(?)) ORDER BY i.listing_id, i.position, i.id';

/** A row of PHOTOS_SQL. */
type PhotoRow = [listingId: number, position: number, id: number, url: string, thumbUrl: string, mediumUrl: string | null, width: number, height: number];

const IN_IDS = 'l.id IN (SELECT value FROM json_each(?))';
// The last sequence number handed out (the log may have been pruned to empty).
const LATEST_SEQ_SQL = "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'listings_search_changes'), 0)";

function statements(client: SqliteDb['$client']) {
  // NOT INDEXED: one pass over the table, where SQLite without statistics would walk listings_visible_created_idx a row at a time.
  const rows = searchRowsSql('sqlite', 'listings l NOT INDEXED');
  const full = rowReader(listings, 'l');
  return {
    rows: client.prepare(rows).raw(),
    changedRows: client.prepare(`${rows} AND ${IN_IDS}`).raw(),
    seq: client.prepare(LATEST_SEQ_SQL).pluck(),
    visible: client.prepare('SELECT visible FROM listings_search_state WHERE id = 1').pluck(),
    cards: client.prepare(`SELECT ${cardColumns('sqlite', 'l')} FROM listings l WHERE ${IN_IDS}`),
    fullRows: client.prepare(`SELECT ${full.columns} FROM listings l WHERE ${IN_IDS}`).raw(),
    readFull: full.read,
    photos: client.prepare(PHOTOS_SQL).raw(),
  };
}

export class SqliteSearchSource extends SearchSource {
  protected readonly latestSeqSql = LATEST_SEQ_SQL;
  private sql: ReturnType<typeof statements> | undefined;
  private versionStatement: Statement | undefined;

  private get client() {
    return (this.db as unknown as SqliteDb).$client;
  }

  // Prepared on first use: the tables exist once the migrations have run.
  private get s() {
    return (this.sql ??= statements(this.client));
  }

  version(): number {
    // Bumped by a trigger on every write to a listing, whoever writes it (db/migrations/0016_one_search_engine.sql).
    this.versionStatement ??= this.client.prepare(VERSION_SQL).pluck();
    return this.versionStatement.get() as number;
  }

  async build<T>(consume: (rows: Iterable<SearchRow>, visible: number) => T): Promise<{ built: T; seq: number }> {
    const s = this.s;
    // One read transaction, so rows and log position are one snapshot; rows stream to `consume`, never all held as objects.
    return this.client
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

  async visibleRows(ids: readonly number[]): Promise<SearchRow[]> {
    return this.s.changedRows.all(JSON.stringify(ids)) as SearchRow[];
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
}
