import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFacets } from '../../../shared/schemas/search';
import { callerFor, createTestApp, createUser, json, type TestApp } from '../../testing/harness';
import { insertListing } from '../../testing/listing-factory';

// GET /api/listings/facets and listings.facets: the search panel's choices from what is for sale
// (docs/decisions/009-search-quality.md), and GET /api/listings keeping a make nobody sells (it finds nothing).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const uid = (await createUser(t.store)).user.id;
  await insertListing(t.store, uid, { make: 'Nissan', model: 'Leaf', place: 'Bergen' });
  await insertListing(t.store, uid, { make: 'Nissan', model: 'Qashqai', place: 'Oslo' });
  await insertListing(t.store, uid, { make: 'Volvo', model: 'XC60', place: 'Oslo' });
  await insertListing(t.store, uid, { make: 'Kia', model: 'EV6', place: 'Oslo', status: 'pending' });
});
afterAll(() => t.close());

describe('GET /api/listings/facets', () => {
  it('answers makes (the filter list first) with models and places, counting only what buyers can see', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/listings/facets' });
    expect(res.statusCode).toBe(200);
    const body = json<SearchFacets>(res);
    expect(body.makes[6]).toEqual({ name: 'Volvo', count: 1, models: [{ name: 'XC60', count: 1 }] });
    expect(body.makes.slice(10)).toEqual([{ name: 'Nissan', count: 2, models: [{ name: 'Leaf', count: 1 }, { name: 'Qashqai', count: 1 }] }]);
    expect(body.places).toEqual([{ name: 'Bergen', count: 1 }, { name: 'Oslo', count: 2 }]);
    expect(await callerFor(t.store, null).listings.facets()).toEqual(body);
  });

  it('does not take the path of a listing id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/listings/99999' })).statusCode).toBe(404);
  });
});

describe('GET /api/listings with words and unknown values', () => {
  it('filters by a make nobody sells (nothing found) instead of dropping it, and reads words of car ads', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/listings?make=Skoda' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['x-total-count']).toBe('0');
    const leaf = await t.app.inject({ method: 'GET', url: `/api/listings?query=${encodeURIComponent('nissan leaf')}` });
    expect(json<{ model: string }[]>(leaf).map((l) => l.model)).toEqual(['Leaf']);
    const xc = await t.app.inject({ method: 'GET', url: `/api/listings?query=${encodeURIComponent('XC 60')}` });
    expect(xc.headers['x-total-count']).toBe('1');
  });
});
