import { visibleWhere } from '../rules';
import type { Statement } from 'better-sqlite3';
import { Column, getTableColumns, type Table } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { listings, type Listing } from '../../../../db/schema';
import { cardColumns } from '../rules';
import { searchRowColumns, type SearchCardRow, type SearchLogState, type SearchPhoto, type SearchRow, type SearchSource } from '../search-source';

// The search's reads on SQLite: prepared once (on first use, after the migrations), synchronous inside. A list of ids
// is one JSON array read by json_each, so each statement is prepared once for any number of ids.

/**
 * Rows of `table` read as arrays and turned into row objects, each column converted by its own Drizzle column only
 * where it converts (booleans, timestamps, JSON): the same objects `db.select().from(table)` gives, without its
 * generic per-row mapping (docs/decisions/014-cold-search.md). `columns` is the SELECT list over `<alias>`.
 */
export function rowReader<T extends Table>(table: T, alias: string): { columns: string; read: (row: unknown[]) => T['$inferSelect'] } {
  const entries = Object.entries(getTableColumns(table));
  const keys = entries.map(([key]) => key);
  const converters = entries.map(([, c]) => (c.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : c));
  const read = (row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      const column = converters[i];
      out[keys[i]] = column && value != null ? column.mapFromDriverValue(value) : value;
    }
    return out as T['$inferSelect'];
  };
  return { columns: entries.map(([, c]) => `${alias}."${c.name}"`).join(', '), read };
}

/**
 * The photos of a page's listings (a JSON array of ids), in order. Only what the shape reads, all of it in
 * listing_images_listing_idx: the photos come from the index, without a table row per photo (a page's 72 photos:
 * ~200 -> ~120 µs).
 */
export const PHOTOS_SQL =
  'SELECT i.listing_id, i.position, i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height FROM listing_images i ' +
  'WHERE i.listing_id IN (SELECT value FROM json_each(?)) ORDER BY i.listing_id, i.position, i.id';

/** A row of PHOTOS_SQL. */
type PhotoRow = [listingId: number, position: number, id: number, url: string, thumbUrl: string, mediumUrl: string | null, width: number, height: number];

function statements(db: Db) {
  const client = db.$client;
  // NOT INDEXED: without statistics SQLite would read the visible rows through listings_visible_created_idx, a row
  // at a time; without an index the build is one pass over the table and the changed ids are primary-key lookups.
  const rows = (where: string) => client.prepare(`SELECT ${searchRowColumns('created_at', 'equipment')} FROM listings l NOT INDEXED WHERE ${visibleWhere('l')}${where}`).raw();
  const full = rowReader(listings, 'l');
  return {
    rows: rows(''),
    changedRows: rows(' AND l.id IN (SELECT value FROM json_each(?))'),
    changes: client.prepare('SELECT seq, listing_id FROM listings_search_changes WHERE seq > ? ORDER BY seq LIMIT ?').raw(),
    // The last sequence number handed out (the log may have been pruned to empty).
    seq: client.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'listings_search_changes'), 0)").pluck(),
    firstSeq: client.prepare('SELECT min(seq) FROM listings_search_changes').pluck(),
    visible: client.prepare('SELECT visible FROM listings_search_state WHERE id = 1').pluck(),
    prune: client.prepare(
      'DELETE FROM listings_search_changes WHERE seq <= ? AND seq < (SELECT seq FROM listings_search_changes ORDER BY seq DESC LIMIT 1 OFFSET ? - 1)',
    ),
    cards: client.prepare(`SELECT ${cardColumns('sqlite', 'l')} FROM listings l WHERE l.id IN (SELECT value FROM json_each(?))`),
    fullRows: client.prepare(`SELECT ${full.columns} FROM listings l WHERE l.id IN (SELECT value FROM json_each(?))`).raw(),
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
    this.versionStatement ??= this.db.$client.prepare('SELECT version FROM listings_search_state WHERE id = 1').pluck();
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

  async cards(ids: readonly number[]): Promise<SearchCardRow[]> {
    const rows = new Map((this.s.cards.all(JSON.stringify(ids)) as SearchCardRow[]).map((r) => [r.id, r]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  async fullListings(ids: readonly number[]): Promise<{ listing: Listing; photos: SearchPhoto[] }[]> {
    if (ids.length === 0) return [];
    const s = this.s;
    const param = JSON.stringify(ids);
    const byListing = new Map<number, SearchPhoto[]>();
    for (const [listingId, position, id, url, thumbUrl, mediumUrl, width, height] of s.photos.all(param) as PhotoRow[]) {
      const img = { position, id, url, thumbUrl, mediumUrl, width, height };
      const list = byListing.get(listingId);
      if (list) list.push(img);
      else byListing.set(listingId, [img]);
    }
    const rows = new Map((s.fullRows.all(param) as unknown[][]).map((raw) => s.readFull(raw)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const listing = rows.get(id);
      return listing ? [{ listing, photos: byListing.get(id) ?? [] }] : [];
    });
  }

  async makesAndModelsAfter(id: number): Promise<{ id: number; make: string; model: string }[]> {
    return this.s.newRows.all(id) as { id: number; make: string; model: string }[];
  }

  async maxListingId(): Promise<number> {
    return this.s.maxId.get() as number;
  }
}
