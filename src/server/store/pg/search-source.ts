import { asc, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { listingImages, listings } from '../../../../db/pg/schema';
import type { StoreParts } from '../repository';
import { cardColumns, type CardRow } from '../rules';
import { fullPage, inIdOrder, rowReader, searchRowsSql, SearchSource, VERSION_SQL, type SearchPhoto, type SearchRow } from '../search-source';

// The search's hot path on PostgreSQL (docs/store.md#the-search-sources-hot-path): named statements, rows as arrays, the build in a
// REPEATABLE READ snapshot, shared version reads. Log entries become visible in seq order, so reading after a seq skips none.

const ROWS = searchRowsSql('pg');
const IN_IDS = 'l.id = ANY($1::int[])';
const CARDS = `SELECT ${cardColumns('pg', 'l')} FROM listings l WHERE ${IN_IDS}`;
// A page's full rows as arrays, read into objects as Drizzle's select gives them (rowReader); node-postgres' own parsers
// already give what those columns hold (timestamps with their zone, booleans, JSON).
const FULL = rowReader(listings, 'l');
const FULL_ROWS = `SELECT ${FULL.columns} FROM listings l WHERE ${IN_IDS}`;

const noop = () => {};

// Named: one array parameter (`= ANY`, where IN would be a new statement per count) lets each connection plan them once.
function pageStatements(db: PgDb) {
  const ids = sql`ANY(${sql.placeholder('ids')}::int[])`;
  const { listingId, position, id, url, thumbUrl, mediumUrl, width, height } = listingImages;
  return {
    photos: db
      .select({ listingId, position, id, url, thumbUrl, mediumUrl, width, height })
      .from(listingImages)
      .where(sql`${listingImages.listingId} = ${ids}`)
      .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.id))
      .prepare('search_page_photos'),
  };
}

export class PgSearchSource extends SearchSource {
  // The version is the last seq handed out (every logged change took one; not every version is logged).
  protected readonly latestSeqSql = VERSION_SQL;
  private readonly page: ReturnType<typeof pageStatements>;
  constructor(parts: StoreParts) {
    super(parts);
    this.page = pageStatements(parts.db);
  }

  private reading: Promise<number> | undefined;
  private nextRead: Promise<number> | undefined;

  /**
   * Read on every search, so concurrent callers share reads: each joins the read that starts after it asked, never one under way
   * (it may predate a write the caller saw commit), and gets a version at least as new as its request.
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
      .query<{ version: number }>({ name: 'search_version', text: VERSION_SQL })
      .then((r) => r.rows[0].version);
    this.reading = read;
    const done = () => {
      if (this.reading === read) this.reading = undefined;
    };
    read.then(done, done);
    return read;
  }

  async build<T>(consume: (rows: Iterable<SearchRow>, visible: number) => T): Promise<{ built: T; seq: number }> {
    // One REPEATABLE READ snapshot for the rows and the version: following the log from it neither skips nor repeats a change.
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

  async visibleRows(ids: readonly number[]): Promise<SearchRow[]> {
    if (ids.length === 0) return [];
    const r = await this.db.$client.query<SearchRow>({ text: `${ROWS} AND ${IN_IDS}`, values: [ids], rowMode: 'array' });
    return r.rows;
  }

  async cards(ids: readonly number[]): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    const r = await this.db.$client.query<CardRow>({ name: 'search_cards', text: CARDS, values: [ids] });
    return inIdOrder(ids, r.rows);
  }

  async fullListings(ids: readonly number[]) {
    if (ids.length === 0) return [];
    const [rows, photos] = await Promise.all([
      this.db.$client.query<unknown[]>({ name: 'search_page_rows', text: FULL_ROWS, values: [ids], rowMode: 'array' }),
      this.page.photos.execute({ ids: [...ids] }),
    ]);
    return fullPage(ids, rows.rows.map(FULL.read), photos.map(({ listingId, ...photo }): [number, SearchPhoto] => [listingId!, photo]));
  }
}
