import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { Sessions } from '../auth/session';
import { ListingSearch } from '../services/search/listing-search';
import { createTestApp, json, loggedInUser, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import { updateRows } from '../testing/store-rows';

// The fixed cost of a request (docs/decisions/013-request-cost.md): the session is looked up once per request and not
// at all without a cookie; a repeated search URL and the client's start-up warm-up are answered from the kept page,
// never stale; a kept page's compressed copy is the same JSON.

let t: TestApp;
let seller: Awaited<ReturnType<typeof loggedInUser>>;
let volvoId: number;

beforeAll(async () => {
  t = await createTestApp();
  seller = await loggedInUser(t.store, { name: 'Per Selger' });
  for (let i = 0; i < 30; i++) {
    const id = (await insertListing(t.store, seller.user.id, { make: i % 3 === 0 ? 'Volvo' : 'Toyota', price: 100_000 + i * 1_000 })).id;
    if (i === 0) volvoId = id;
  }
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe('the session lookup', () => {
  it('happens once for a request that the auth precheck and the procedure both check', async () => {
    const { cookie } = await loggedInUser(t.store);
    const validate = vi.spyOn(Sessions.prototype, 'validate');
    const res = await t.app.inject({ method: 'POST', url: '/api/saved-listings', headers: { cookie }, payload: { listingId: volvoId } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('happens once for a tRPC call with a cookie', async () => {
    const { cookie, user } = await loggedInUser(t.store);
    const validate = vi.spyOn(Sessions.prototype, 'validate');
    const res = await t.app.inject({ url: '/trpc/auth.me', headers: { cookie } });
    expect(json(res).result.data.id).toBe(user.id);
    expect(validate).toHaveBeenCalledTimes(1);
  });

  it('never happens for a request without the session cookie', async () => {
    const validate = vi.spyOn(Sessions.prototype, 'validate');
    for (const req of [
      { method: 'GET', url: '/api/listings?make=Volvo' },
      { method: 'GET', url: `/api/listings/${volvoId}` },
      { method: 'GET', url: '/trpc/auth.me' },
      { method: 'POST', url: '/api/saved-listings', payload: { listingId: volvoId }, headers: { cookie: 'other=1' } },
    ] as const) {
      const res = await t.app.inject(req);
      expect(res.statusCode, req.url).not.toBe(500);
    }
    expect(validate).not.toHaveBeenCalled();
  });
});

describe('repeated searches and the start-up warm-up', () => {
  /** The SQL of every statement run while `fn` runs: every query a PostgreSQL connection sends, every SQLite read. */
  async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
    if (t.store.dialect === 'pg') {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await fn();
        return query.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
      } finally {
        query.mockRestore();
      }
    }
    const proto = Object.getPrototypeOf(t.store.db.$client.prepare('SELECT 1')) as { all: () => unknown; get: () => unknown };
    const all = vi.spyOn(proto, 'all');
    const get = vi.spyOn(proto, 'get');
    try {
      await fn();
      return [...all.mock.contexts, ...get.mock.contexts].map((s) => (s as { source: string }).source);
    } finally {
      all.mockRestore();
      get.mockRestore();
    }
  }
  /** A count in SQL: matches collected up to a LIMIT, or a count(). The search counts in memory (column-index.ts). */
  const isCount = (sql: string) => /LIMIT (\?|\$\d+)$/i.test(sql.trim()) || /count\(/i.test(sql);

  it('answers HEAD ?limit=1 and ?limit=6 with the count for sale, without counting, and the GET after from the kept answer', async () => {
    const search = vi.spyOn(ListingSearch.prototype, 'searchFull');
    // The number for sale as the triggers keep it (listings_search_state), read once before the requests.
    const { built: visible } = await t.store.searchSource.build((_rows, count) => count);
    const sql = await statementsDuring(async () => {
      for (const url of ['/api/listings?limit=1', '/api/listings?limit=6']) {
        const head = await t.app.inject({ method: 'HEAD', url });
        expect(head.statusCode).toBe(200);
        expect(head.body).toBe('');
        expect(head.headers['x-total-count']).toBe(String(visible));
        const again = await t.app.inject({ method: 'HEAD', url });
        const get = await t.app.inject({ method: 'GET', url });
        expect(again.headers['x-total-count']).toBe(String(visible));
        expect(get.headers['x-total-count']).toBe(String(visible));
        expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.body));
        expect(json(get)).toHaveLength(Number(url.split('=')[1]));
      }
    });
    // Two searches per URL: the first HEAD is a one-off to the cache (response-cache.ts), the second is kept, and the
    // GET is answered from it.
    expect(search).toHaveBeenCalledTimes(4);
    // The unfiltered total is the number for sale kept by the triggers: no count ran.
    expect(sql.filter(isCount)).toEqual([]);
    expect(sql.length).toBeGreaterThan(0);
    // The check above can fail: it knows a count when it sees one (the column index counts filtered searches in
    // memory, so no request here runs one).
    expect(isCount('SELECT count(*) FROM (SELECT 1 FROM listings l WHERE l.make = ? LIMIT ?)')).toBe(true);
    expect(isCount('select "id" from "listings" where "make" = $1 limit $2')).toBe(true);
  });

  it('never answers a kept page once the listings changed', async () => {
    const url = '/api/listings?make=Volvo&sort=price_desc';
    const before = await t.app.inject({ url });
    expect(before.headers['x-total-count']).toBe('10');
    expect(json(before)[0].price).toBe(127_000);
    const added = await insertListing(t.store, seller.user.id, { make: 'Volvo', price: 999_000 });
    const after = await t.app.inject({ url });
    expect(after.headers['x-total-count']).toBe('11');
    expect(json(after)[0].id).toBe(added.id);
    await updateRows(t.store, 'listings', { active: false }, { id: added.id });
    const hidden = await t.app.inject({ url });
    expect(hidden.headers['x-total-count']).toBe('10');
    expect(hidden.body).toBe(before.body);
  });

  it('keys on the whole URL: a different query is parsed and validated, bad input still a Norwegian 400', async () => {
    await t.app.inject({ url: '/api/listings?limit=5' });
    const bad = await t.app.inject({ url: '/api/listings?limit=500' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/limit/);
    const search = vi.spyOn(ListingSearch.prototype, 'searchFull');
    const other = await t.app.inject({ url: '/api/listings?limit=5&make=Toyota' });
    expect(json(other)).toHaveLength(5);
    expect(other.headers['x-total-count']).toBe('20');
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('sends a kept page compressed once, the same JSON every time, with its length', async () => {
    const url = '/api/listings?limit=30';
    const plain = await t.app.inject({ url });
    for (let i = 0; i < 2; i++) {
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      const { brotliDecompressSync } = await import('node:zlib');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });
});
