import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListingSearch } from '../services/search/listing-search';
import { createTestApp, loggedInUser, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';

// The one HTTP cache (response-cache.ts): public listing reads are kept per listings version, validated by ETag
// (304 to If-None-Match), and private or per-caller answers are never kept.

let t: TestApp;
let user: Awaited<ReturnType<typeof loggedInUser>>;
let listingId: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await loggedInUser(t.store);
  for (let i = 0; i < 5; i++) listingId = (await insertListing(t.store, user.user.id, { make: 'Volvo' })).id;
});
afterAll(() => t.close());

const trpcList = `/trpc/listings.list?input=${encodeURIComponent(JSON.stringify({ make: 'Volvo' }))}`;

describe('kept public answers', () => {
  it('answers the search, its facets and the tRPC search with an ETag and 304 to it, until the listings change', async () => {
    for (const url of ['/api/listings?make=Volvo', '/api/listings/facets', trpcList]) {
      // Asked once, an answer is neither kept nor tagged; asked again, it is both.
      const once = await t.app.inject({ url });
      expect(once.statusCode, url).toBe(200);
      expect(once.headers.etag, url).toBeUndefined();
      const first = await t.app.inject({ url });
      expect(first.body, url).toBe(once.body);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^".+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      // The facets' counts may wait for their refresh (listing-search.ts forSale): the same bytes keep their ETag.
      if (url.includes('facets')) continue;
      await insertListing(t.store, user.user.id, { make: 'Volvo' });
      const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.headers.etag, url).not.toBe(etag);
    }
  });

  it('answers a repeated search from the kept answer, with the same headers and body', async () => {
    const url = '/api/listings?make=Volvo&sort=price_asc';
    const search = vi.spyOn(ListingSearch.prototype, 'searchFull');
    let first;
    try {
      // A one-off search is answered and forgotten; its second request is answered and kept.
      for (let i = 1; i <= 2; i++) {
        first = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(search).toHaveBeenCalledTimes(i);
      }
      search.mockClear();
      const again = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(search).not.toHaveBeenCalled();
      expect(again.headers['x-total-count']).toBe(first!.headers['x-total-count']);
      expect(again.headers['content-type']).toBe(first!.headers['content-type']);
      expect(again.headers['content-encoding']).toBe('br');
      expect(again.headers.vary).toMatch(/accept-encoding/i);
      expect(again.rawPayload.equals(first!.rawPayload)).toBe(true);
      // The security headers go out with every answer, a kept one too.
      expect(again.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      // The request id is each request's own (the log line names it), never the kept answer's.
      expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers['x-request-id']).not.toBe(first!.headers['x-request-id']);
    } finally {
      search.mockRestore();
    }
  });

  it('keeps the facets once for any query string: they take no input', async () => {
    const facets = vi.spyOn(ListingSearch.prototype, 'facets');
    try {
      const first = await t.app.inject({ url: '/api/listings/facets?make=Volvo&_=1' });
      const second = await t.app.inject({ url: '/api/listings/facets?fuelType=el&_=2' });
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toMatch(/^".+"$/);
      facets.mockClear();
      const third = await t.app.inject({ url: '/api/listings/facets?priceTo=100000', headers: { 'if-none-match': String(second.headers.etag) } });
      expect(third.statusCode).toBe(304);
      expect(facets).not.toHaveBeenCalled();
    } finally {
      facets.mockRestore();
    }
  });

  it('keeps no per-caller or private answer and gives it no ETag', async () => {
    const mine = await t.app.inject({ url: `/api/listings/${listingId}`, headers: { cookie: user.cookie } });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    const saved = await t.app.inject({ url: '/api/saved-listings', headers: { cookie: user.cookie } });
    expect(saved.headers.etag).toBeUndefined();
    const batch = await t.app.inject({
      url: `/trpc/listings.facets,savedListings.ids?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}`,
      headers: { cookie: user.cookie },
    });
    expect(batch.headers['cache-control']).toBe('private, no-store');
    expect(batch.headers.etag).toBeUndefined();
  });

  it('sends a refused or invalid search as the procedure answers it, never kept', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await t.app.inject({ url: '/api/listings?limit=500' });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers.etag).toBeUndefined();
    }
  });
});
