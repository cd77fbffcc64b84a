import { asc, gt, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { listingImages, listings } from '../../../../db/pg/schema';
import { searchRowColumns, type SearchCardRow, type SearchLogState, type SearchPhoto, type SearchRow, type SearchSource } from '../search-source';

// The search's reads on PostgreSQL. The log's seq is the version a writer took under the version row's lock
// (db/pg/migrations/0001_search_changes.sql), so entries become visible in seq order: reading the log after a seq
// never skips one that commits later with a smaller seq. The rows the index holds are read as arrays (rowMode), as
// SQLite's raw statements read them, and creation times as ms (float8), the index's unit.

const CREATED_MS = '(extract(epoch from created_at) * 1000)::float8';
const ROWS = `SELECT ${searchRowColumns(CREATED_MS, 'equipment::text')} FROM listings WHERE status = 'approved' AND active`;
const CARDS =
  'SELECT l.id, l.make, l.model, l.year, l.mileage, l.fuel_type, l.transmission, l.total_price, l.place, l.cover_image, ' +
  '(extract(epoch from l.created_at) * 1000)::float8 AS created_at, ' +
  '(SELECT json_build_array(i.id, i.url, i.thumb_url, i.medium_url, i.width, i.height)::text FROM listing_images i ' +
  'WHERE i.listing_id = l.id ORDER BY i.position, i.id LIMIT 1) AS cover_photo ' +
  'FROM listings l WHERE l.id = ANY($1::int[])';

const noop = () => {};

// Prepared once, named: a page is read with the same two statements whatever its number of ids (`= ANY` of one array
// parameter, where IN would be a new statement for each count), so PostgreSQL plans them once per connection.
function pageStatements(db: PgDb) {
  const ids = sql`ANY(${sql.placeholder('ids')}::int[])`;
  return {
    rows: db.select().from(listings).where(sql`${listings.id} = ${ids}`).prepare('search_page_rows'),
    photos: db
      .select({
        listingId: listingImages.listingId,
        position: listingImages.position,
        id: listingImages.id,
        url: listingImages.url,
        thumbUrl: listingImages.thumbUrl,
        mediumUrl: listingImages.mediumUrl,
        width: listingImages.width,
        height: listingImages.height,
      })
      .from(listingImages)
      .where(sql`${listingImages.listingId} = ${ids}`)
      .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.id))
      .prepare('search_page_photos'),
  };
}

export class PgSearchSource implements SearchSource {
  private readonly page: ReturnType<typeof pageStatements>;
  constructor(readonly db: PgDb) {
    this.page = pageStatements(db);
  }

  private reading: Promise<number> | undefined;
  private nextRead: Promise<number> | undefined;

  /**
   * Read on every search and every kept answer, so concurrent callers share reads: a caller joins the read that starts
   * after it asked (never one already under way, which may predate a write the caller has seen commit), so each gets a
   * version at least as new as any committed before its request, for one round trip per batch instead of each.
   */
  version(): Promise<number> {
    if (!this.reading) return this.startRead();
    return (this.nextRead ??= this.reading.then(noop, noop).then(() => {
      this.nextRead = undefined;
      return this.startRead();
    }));
  }

  private startRead(): Promise<number> {
    // Named, so each connection plans it once.
    const read = this.db.$client
      .query<{ version: number }>({ name: 'search_version', text: 'SELECT version FROM listings_search_state WHERE id = 1' })
      .then((r) => r.rows[0].version);
    this.reading = read;
    const done = () => {
      if (this.reading === read) this.reading = undefined;
    };
    read.then(done, done);
    return read;
  }

  async build<T>(consume: (rows: Iterable<SearchRow>, visible: number) => T): Promise<{ built: T; seq: number }> {
    // One REPEATABLE READ snapshot for the rows and the version: every change with a seq up to the version is in the
    // rows, and none after it, so following the log from there neither skips nor repeats a change.
    const client = await this.db.$client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const state = await client.query<{ version: number; visible: number }>('SELECT version, visible FROM listings_search_state WHERE id = 1');
      const rows = await client.query<SearchRow>({ text: ROWS, rowMode: 'array' });
      await client.query('COMMIT');
      return { built: consume(rows.rows, state.rows[0].visible), seq: state.rows[0].version };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async logState(): Promise<SearchLogState> {
    // The version is the last seq handed out (every logged change took one; not every version is logged).
    const r = await this.db.$client.query<{ latest: number; first: number | null }>(
      'SELECT (SELECT version FROM listings_search_state WHERE id = 1) AS latest, (SELECT min(seq) FROM listings_search_changes) AS first',
    );
    return r.rows[0];
  }

  async changes(afterSeq: number, limit: number): Promise<[number, number][]> {
    const r = await this.db.$client.query<[number, number]>({
      text: 'SELECT seq, listing_id FROM listings_search_changes WHERE seq > $1 ORDER BY seq LIMIT $2',
      values: [afterSeq, limit],
      rowMode: 'array',
    });
    return r.rows;
  }

  async visibleRows(ids: readonly number[]): Promise<SearchRow[]> {
    if (ids.length === 0) return [];
    const r = await this.db.$client.query<SearchRow>({ text: `${ROWS} AND id = ANY($1::int[])`, values: [ids], rowMode: 'array' });
    return r.rows;
  }

  async prune(seq: number, keep: number): Promise<void> {
    try {
      await this.db.$client.query(
        'DELETE FROM listings_search_changes WHERE seq <= $1 AND seq < (SELECT seq FROM listings_search_changes ORDER BY seq DESC LIMIT 1 OFFSET $2 - 1)',
        [seq, keep],
      );
    } catch {
      // Pruning is housekeeping: the log is pruned next time; a search never fails for it.
    }
  }

  async cards(ids: readonly number[]): Promise<SearchCardRow[]> {
    if (ids.length === 0) return [];
    const r = await this.db.$client.query<SearchCardRow>({ name: 'search_cards', text: CARDS, values: [ids] });
    const rows = new Map(r.rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  async fullListings(ids: readonly number[]) {
    if (ids.length === 0) return [];
    const [rows, photos] = await Promise.all([this.page.rows.execute({ ids: [...ids] }), this.page.photos.execute({ ids: [...ids] })]);
    const byListing = new Map<number, SearchPhoto[]>();
    for (const { listingId, ...img } of photos) {
      const list = byListing.get(listingId!);
      if (list) list.push(img);
      else byListing.set(listingId!, [img]);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const listing = byId.get(id);
      return listing ? [{ listing, photos: byListing.get(id) ?? [] }] : [];
    });
  }

  async makesAndModelsAfter(id: number): Promise<{ id: number; make: string; model: string }[]> {
    return this.db.select({ id: listings.id, make: listings.make, model: listings.model }).from(listings).where(gt(listings.id, id));
  }

  async maxListingId(): Promise<number> {
    const [row] = await this.db.select({ max: sql<number>`coalesce(max(${listings.id}), 0)` }).from(listings);
    return Number(row.max);
  }
}
