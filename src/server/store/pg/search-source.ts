import { asc, sql } from 'drizzle-orm';
import type { PgDb } from '../../../../db/pg/client';
import { listingImages, listings } from '../../../../db/pg/schema';
import type { StoreParts } from '../repository';
import { cardColumns, type CardRow } from '../rules';
import { fullPage, inIdOrder, searchRowsSql, SearchSource, VERSION_SQL, type SearchPhoto, type SearchRow } from '../search-source';

// The search's reads on PostgreSQL (store/search-source.ts), per dialect by nature: pg's named statements (planned once
// per connection), rows read as arrays (rowMode, as SQLite's raw statements read them), the build in a REPEATABLE READ
// snapshot of a connection of its own, and shared reads of the version. The log's seq is the version a writer took
// under the version row's lock (db/pg/migrations/0001_search_changes.sql), so entries become visible in seq order:
// reading the log after a seq never skips one that commits later with a smaller seq.

const ROWS = searchRowsSql('pg');
const IN_IDS = 'l.id = ANY($1::int[])';
const CARDS = `SELECT ${cardColumns('pg', 'l')} FROM listings l WHERE ${IN_IDS}`;

const noop = () => {};

// Prepared once, named: a page is read with the same two statements whatever its number of ids (`= ANY` of one array
// parameter, where IN would be a new statement for each count), so PostgreSQL plans them once per connection.
function pageStatements(db: PgDb) {
  const ids = sql`ANY(${sql.placeholder('ids')}::int[])`;
  const { listingId, position, id, url, thumbUrl, mediumUrl, width, height } = listingImages;
  return {
    rows: db.select().from(listings).where(sql`${listings.id} = ${ids}`).prepare('search_page_rows'),
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
    const [rows, photos] = await Promise.all([this.page.rows.execute({ ids: [...ids] }), this.page.photos.execute({ ids: [...ids] })]);
    return fullPage(ids, rows, photos.map(({ listingId, ...photo }): [number, SearchPhoto] => [listingId!, photo]));
  }
}
