import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { callerFor, createTestApp, createTestDb, json, type TestApp } from '../testing/harness';
import { addressHandlers, geonorgeEmpty, geonorgeFailing, geonorgeSlow } from '../testing/msw/address';
import { createAddressSearch, mapGeonorgeAnswer, municipalityInAnswer, normaliseAddressQuery, splitStoredAddress } from './address-search';

const URL_UNDER_TEST = 'http://address.test/adresser/v1/sok';
const server = setupServer(...addressHandlers);
const upstreamCalls: URL[] = [];
const warnings: unknown[] = [];
const log = { warn: (obj: object) => void warnings.push(obj) };

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => void upstreamCalls.push(new URL(request.url)));
});
beforeEach(() => {
  upstreamCalls.length = 0;
  warnings.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ARENDALSGATA = [
  { adressetekst: 'Arendalsgata 12B', postnummer: '0463', poststed: 'OSLO' },
  { adressetekst: 'Arendalsgata 12A', postnummer: '0463', poststed: 'OSLO' },
];

describe('address search client', () => {
  it('maps Geonorge hits to {adressetekst, postnummer, poststed} and asks for 10 ASCII-compatible hits', async () => {
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    expect(await search.search('Arendalsgata 12')).toEqual(ARENDALSGATA);
    expect(upstreamCalls).toHaveLength(1);
    const params = upstreamCalls[0].searchParams;
    expect(params.get('sok')).toBe('arendalsgata 12*');
    expect(params.get('treffPerSide')).toBe('10');
    expect(params.get('asciiKompatibel')).toBe('true');
  });

  it('makes no upstream call for fewer than 3 characters', async () => {
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    expect(await search.search('ar')).toEqual([]);
    expect(await search.search('  a  ')).toEqual([]);
    expect(upstreamCalls).toHaveLength(0);
  });

  it('answers a repeated query from the cache, also with other case and spacing', async () => {
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    await search.search('Arendalsgata 12');
    expect(await search.search('  arendalsgata   12 ')).toEqual(ARENDALSGATA);
    expect(upstreamCalls).toHaveLength(1);
  });

  it('shares one upstream call between identical concurrent queries', async () => {
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    const [a, b] = await Promise.all([search.search('Arendalsgata'), search.search('arendalsgata')]);
    expect(a).toEqual(b);
    expect(upstreamCalls).toHaveLength(1);
  });

  it('asks again once the cached answer has expired', async () => {
    let now = 1_000_000;
    const search = createAddressSearch({ url: URL_UNDER_TEST, log, cacheTtlMs: 60_000, now: () => now });
    await search.search('Arendalsgata');
    now += 59_000;
    await search.search('Arendalsgata');
    expect(upstreamCalls).toHaveLength(1);
    now += 2_000;
    await search.search('Arendalsgata');
    expect(upstreamCalls).toHaveLength(2);
  });

  it('keeps the cache bounded, dropping the least recently used query', async () => {
    const search = createAddressSearch({ url: URL_UNDER_TEST, log, cacheMaxEntries: 2 });
    await search.search('Arendalsgata 1');
    await search.search('Arendalsgata 2');
    await search.search('Arendalsgata 1'); // touch: now "2" is the oldest
    await search.search('Arendalsgata 3'); // evicts "2"
    const before = upstreamCalls.length;
    await search.search('Arendalsgata 1');
    expect(upstreamCalls.length).toBe(before);
    await search.search('Arendalsgata 2');
    expect(upstreamCalls.length).toBe(before + 1);
  });

  it('tries a fuzzy search when the prefix search finds nothing (typos), and answers [] when that finds nothing too', async () => {
    server.use(geonorgeEmpty);
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    expect(await search.search('Arendalgata 12')).toEqual([]);
    expect(upstreamCalls.map((u) => [u.searchParams.get('sok'), u.searchParams.get('fuzzy')])).toEqual([
      ['arendalgata 12*', null],
      ['arendalgata 12', 'true'],
    ]);
  });

  it('answers [] and logs when the service fails, and does not cache the failure', async () => {
    server.use(geonorgeFailing(500));
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    expect(await search.search('Arendalsgata 12')).toEqual([]);
    expect(warnings).toHaveLength(1);
    server.resetHandlers();
    expect(await search.search('Arendalsgata 12')).toEqual(ARENDALSGATA);
  });

  it('gives up after the timeout and answers []', async () => {
    server.use(geonorgeSlow(1000));
    const search = createAddressSearch({ url: URL_UNDER_TEST, log, timeoutMs: 50 });
    const started = Date.now();
    expect(await search.search('Arendalsgata 12')).toEqual([]);
    expect(Date.now() - started).toBeLessThan(900);
    expect(warnings).toHaveLength(1);
  });

  it('answers [] when the service is unreachable', async () => {
    const search = createAddressSearch({ url: 'http://127.0.0.1:9/adresser/v1/sok', log, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect(await search.search('Arendalsgata 12')).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('ignores malformed entries and answers at most 10', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ adressetekst: `Storgata ${i + 1}`, postnummer: '0155', poststed: 'OSLO' }));
    expect(mapGeonorgeAnswer({ adresser: [null, { postnummer: '1' }, { adressetekst: 'Kirkeveien 1', postnummer: 1234 }, ...many] })).toEqual([
      { adressetekst: 'Kirkeveien 1', postnummer: '1234', poststed: '' },
      ...many.slice(0, 9),
    ]);
    expect(mapGeonorgeAnswer({ feil: 'x' })).toEqual([]);
    expect(mapGeonorgeAnswer(null)).toEqual([]);
    expect(normaliseAddressQuery(' Storgata*  1 ')).toBe('storgata 1');
  });
});

describe('address.search procedure', () => {
  it('answers suggestions to a visitor and [] for short input without asking upstream', async () => {
    const db = createTestDb();
    const address = createAddressSearch({ url: URL_UNDER_TEST, log });
    const caller = callerFor(db, null, { integrations: { address } });
    expect(await caller.address.search({ q: 'Arendalsgata 12' })).toEqual(ARENDALSGATA);
    expect(await caller.address.search({ q: 'ar' })).toEqual([]);
    expect(await caller.address.search({ q: '' })).toEqual([]);
    expect(upstreamCalls).toHaveLength(1);
    db.$client.close();
  });
});

describe('GET /api/address-search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('proxies the address service and answers [{adressetekst, postnummer, poststed}]', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/address-search?q=Arendalsgata%2012&_cb=123&_r=abc' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(ARENDALSGATA);
  });

  it('answers [] for input under 3 characters, a missing q and a repeated q, without calling upstream', async () => {
    for (const url of ['/api/address-search?q=ab', '/api/address-search', '/api/address-search?q=abc&q=def']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual([]);
    }
    expect(upstreamCalls).toHaveLength(0);
  });

  it('answers 200 [] when the service fails: never a 5xx to the client', async () => {
    server.use(geonorgeFailing(503));
    const res = await t.app.inject({ method: 'GET', url: '/api/address-search?q=Kirkeveien%201' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([]);
  });

  it('answers 200 [] when the service times out', async () => {
    server.use(geonorgeSlow(1000));
    const slowApp = await createTestApp({}, { integrations: { address: createAddressSearch({ url: URL_UNDER_TEST, log, timeoutMs: 50 }) } });
    try {
      const res = await slowApp.app.inject({ method: 'GET', url: '/api/address-search?q=Kirkeveien%202' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual([]);
    } finally {
      await slowApp.close();
    }
  });

  it('is also served over tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ q: 'Arendalsgata 12' }));
    const res = await t.app.inject({ method: 'GET', url: `/trpc/address.search?input=${input}` });
    expect(res.statusCode).toBe(200);
    expect(json(res).result.data).toEqual(ARENDALSGATA);
  });
});

describe("an address's municipality (the county look-up, services/county-lookup.ts)", () => {
  it('asks for the street text within the postal code and answers the kommunenummer of the hit that is the address', async () => {
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    expect(await search.municipalityOf('Arendalsgata 12A, 0463 OSLO')).toBe('0301');
    expect(upstreamCalls).toHaveLength(1);
    const params = upstreamCalls[0].searchParams;
    expect(params.get('sok')).toBe('Arendalsgata 12A');
    expect(params.get('postnummer')).toBe('0463');
    // Another number in the same street, or the right street in another postal code, is not the address.
    expect(await search.municipalityOf('Arendalsgata 12C, 0463 OSLO')).toBe('');
    expect(await search.municipalityOf('Arendalsgata 12A, 5013 BERGEN')).toBe('');
  });

  it("answers '' without asking for an address not written as 'street, postcode place', and for one the service does not know", async () => {
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    expect(await search.municipalityOf('et sted i Norge')).toBe('');
    expect(upstreamCalls).toHaveLength(0);
    server.use(geonorgeEmpty);
    expect(await search.municipalityOf('Storgata 1, 0155 OSLO')).toBe('');
    expect(upstreamCalls).toHaveLength(1);
  });

  it('throws when the service fails, so the look-up tries again later', async () => {
    server.use(geonorgeFailing(503));
    const search = createAddressSearch({ url: URL_UNDER_TEST, log });
    await expect(search.municipalityOf('Arendalsgata 12A, 0463 OSLO')).rejects.toThrow(/503/);
  });

  it('reads the street and postal code as the suggestion list wrote them, case and spacing aside', () => {
    expect(splitStoredAddress('Øvre Langgate 5, 3126 TØNSBERG')).toEqual({ street: 'Øvre Langgate 5', postcode: '3126' });
    expect(splitStoredAddress('Gnr 12 bnr 3, Hovin, 2315 HAMAR')).toEqual({ street: 'Gnr 12 bnr 3, Hovin', postcode: '2315' });
    expect(splitStoredAddress('Storgata 1')).toBeUndefined();
    const answer = { adresser: [{ adressetekst: 'Øvre  Langgate 5', postnummer: '3126', kommunenummer: '3905' }] };
    expect(municipalityInAnswer(answer, 'øvre langgate 5', '3126')).toBe('3905');
    expect(municipalityInAnswer({ adresser: [{ adressetekst: 'Øvre Langgate 5', postnummer: '3126', kommunenummer: 'x' }] }, 'Øvre Langgate 5', '3126')).toBe('');
    expect(municipalityInAnswer(null, 'a', '0001')).toBe('');
  });
});
