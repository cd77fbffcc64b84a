import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../../../../db/pg/client';
import * as schema from '../../../../db/pg/schema';
import { searchInput, type SearchInput } from '../../../shared/schemas/search';
import { createPgStore, type PgStore, type Store } from '../../store';
import { listingValues, rng } from '../../testing/listing-factory';
import { createTestStore, pgUrlOf } from '../../testing/stores';
import { ListingSearch } from './listing-search';

// Several app instances on one PostgreSQL database (docs/decisions/014-cold-search.md): each keeps its own column
// index in step from the one change log. Writers commit concurrently on their own connections while an instance
// syncs over and over; afterwards its index must hold exactly what a plain query of the visible listings finds, without
// having read everything again, so no change was skipped or applied out of order.

const MAKES = ['Volvo', 'Tesla', 'Kia', 'Skoda'];
const VISIBLE = `status = 'approved' AND active`;

let store: PgStore;
let url: string;
let userId: number;

beforeAll(async () => {
  store = (await createTestStore('pg')) as PgStore;
  url = pgUrlOf(store);
  userId = (await store.db.$client.query<{ id: number }>("INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('selger', 'x', 'Kari', 'k@example.no', 'BP-S') RETURNING id")).rows[0].id;
});
afterAll(() => store?.close());

async function insertListings(s: Store & { dialect: 'pg' }, n: number, overrides: (i: number) => Parameters<typeof listingValues>[1] = () => ({})) {
  const values = Array.from({ length: n }, (_, i) => listingValues(userId, overrides(i)));
  return (await s.db.insert(schema.listings).values(values).returning({ id: schema.listings.id })).map((r) => r.id);
}

/** Every visible listing as the search lists it in `sort`'s order, all pages. */
async function everything(search: ListingSearch, input: SearchInput) {
  const out: [number, number][] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await search.search(searchInput.parse({ ...input, limit: 100, offset }));
    out.push(...page.items.map((c): [number, number] => [c.id, c.totalPrice]));
    if (page.items.length < 100) return { rows: out, total: page.total };
  }
}

/** One writer on its own connection: transactions of one to three writes, retried when PostgreSQL picks it as a deadlock's victim. */
async function writer(seed: number, ids: number[], rounds: number) {
  const r = rng(seed);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let round = 0; round < rounds; round++) {
      const ops = Array.from({ length: r.int(1, 3) }, () => [r.int(0, 6), r.pick(ids), r.int(10_000, 900_000), r.pick(MAKES)] as const);
      for (;;) {
        try {
          await client.query('BEGIN');
          for (const [op, id, price, make] of ops) {
            if (op === 0) await client.query('UPDATE listings SET total_price = $2, price = $2 WHERE id = $1', [id, price]);
            else if (op === 1) await client.query('UPDATE listings SET active = NOT active WHERE id = $1', [id]);
            else if (op === 2) await client.query("UPDATE listings SET status = CASE status WHEN 'approved' THEN 'pending' ELSE 'approved' END WHERE id = $1", [id]);
            else if (op === 3) await client.query('UPDATE listings SET make = $2 WHERE id = $1', [id, make]);
            else if (op === 4) await client.query('DELETE FROM listings WHERE id = $1', [id]);
            else {
              const v = listingValues(userId, { make, price, status: 'approved' });
              const row = await client.query<{ id: number }>(
                'INSERT INTO listings (user_id, unique_code, make, model, year, registration_number, price, total_price, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) RETURNING id',
                [userId, v.uniqueCode, v.make, v.model, v.year, v.registrationNumber, price, 'approved', new Date(Date.UTC(2025, r.int(0, 11), r.int(1, 28)))],
              );
              ids.push(row.rows[0].id);
            }
          }
          await client.query('COMMIT');
          break;
        } catch (err) {
          await client.query('ROLLBACK');
          if ((err as { code?: string }).code !== '40P01') throw err;
        }
      }
    }
  } finally {
    await client.end();
  }
}

describe('several instances on one PostgreSQL database', () => {
  it('keeps an index exact while 8 writers commit concurrently: no change skipped, none applied twice', async () => {
    const ids = await insertListings(store, 80, (i) => ({ make: MAKES[i % MAKES.length], price: 100_000 + i * 1000, createdAt: new Date(Date.UTC(2025, 0, 1 + i)) }));
    // The syncing instance has its own pool, as another server process would.
    const other = createPgStore(await openPgDatabase(url, { max: 4 }));
    try {
      const search = new ListingSearch(other, { forSaleRefreshMs: 0 });
      expect((await search.warm()).listings).toBe(80);
      let writing = true;
      let syncs = 0;
      const reader = (async () => {
        while (writing) {
          await search.search(searchInput.parse({ sort: 'price_asc', make: MAKES[syncs % MAKES.length] }));
          syncs++;
        }
      })();
      await Promise.all(Array.from({ length: 8 }, (_, w) => writer(100 + w, ids, 25)));
      writing = false;
      await reader;
      expect(syncs).toBeGreaterThan(5);

      const sql = async (order: string) =>
        (await store.db.$client.query<{ id: number; total_price: number }>(`SELECT id, total_price FROM listings WHERE ${VISIBLE} ORDER BY ${order}`)).rows.map(
          (row): [number, number] => [row.id, row.total_price],
        );
      const byPrice = await sql('total_price, id');
      expect(byPrice.length).toBeGreaterThan(0);
      expect(await everything(search, { sort: 'price_asc' })).toEqual({ rows: byPrice, total: byPrice.length });
      expect(await everything(search, { sort: 'newest' })).toEqual({ rows: await sql('created_at DESC, id DESC'), total: byPrice.length });
      for (const make of MAKES) {
        const count = (await store.db.$client.query<{ n: number }>(`SELECT count(*) AS n FROM listings WHERE ${VISIBLE} AND make = $1`, [make])).rows[0].n;
        expect((await search.search(searchInput.parse({ make }))).total).toBe(count);
      }
      // Followed from the log all along: the first build was the only one.
      expect(await search.columnIndexState()).toEqual({ size: byPrice.length, rebuilds: 1 });
    } finally {
      await other.close();
    }
  });

  it('reads everything again when its place in the log was pruned by another instance', async () => {
    const second = createPgStore(await openPgDatabase(url, { max: 2 }));
    try {
      const search = new ListingSearch(second);
      await search.warm();
      const [id] = await insertListings(store, 1, () => ({ make: 'Lada', model: 'Niva' }));
      await store.db.$client.query('DELETE FROM listings_search_changes');
      expect((await search.search(searchInput.parse({ make: 'Lada' }))).items.map((c) => c.id)).toEqual([id]);
      expect((await search.columnIndexState()).rebuilds).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('finds a listing approved through one instance in the search of another', async () => {
    const [id] = await insertListings(store, 1, () => ({ make: 'Polestar', model: '2', status: 'pending' }));
    const second = createPgStore(await openPgDatabase(url, { max: 2 }));
    try {
      const search = new ListingSearch(second, { forSaleRefreshMs: 0 });
      await search.warm();
      expect((await search.search(searchInput.parse({ make: 'Polestar' }))).total).toBe(0);
      await store.db.$client.query("UPDATE listings SET status = 'approved' WHERE id = $1", [id]);
      const found = await search.search(searchInput.parse({ make: 'Polestar' }));
      expect(found.items.map((c) => c.id)).toEqual([id]);
      expect((await search.searchFull(searchInput.parse({ query: 'polestar' }))).items.map((l) => l.id)).toEqual([id]);
      expect((await search.facets()).makes.find((m) => m.name === 'Polestar')).toMatchObject({ count: 1 });
    } finally {
      await second.close();
    }
  });
});
