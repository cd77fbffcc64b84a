import { eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listings } from '../../../db/schema';
import { listings as pgListings } from '../../../db/pg/schema';
import { searchInput } from '../../shared/schemas/search';
import { createAddressSearch } from '../integrations/address-search';
import { createTestDb, createUser } from '../testing/harness';
import type { Dialect, Store } from '../store';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { insertListingRow, insertUser, setListingAddress } from '../testing/photos-fixtures';
import { insertListing } from '../testing/listing-factory';
import { addressHandlers } from '../testing/msw/address';
import { lookUpCounties, NO_MUNICIPALITY, startCountyLookup } from './county-lookup';
import { ListingSearch } from './search/listing-search';
import { createSqliteStore } from '../store';

// The area filter's counties (docs/decisions/015-county-area.md): a listing's county is looked up from its address in
// the background, and the area filter and free text find it by its county's name.

/** An address service that knows a few addresses, counts its calls, and can be made to fail. */
function fakeAddressService(known: Record<string, string>) {
  const service = {
    calls: [] as string[],
    failing: false,
    async municipalityOf(address: string) {
      service.calls.push(address);
      if (service.failing) throw new Error('address search answered HTTP 503');
      return known[address] ?? '';
    },
  };
  return service;
}

describeOnEachStore('county look-up', (dialect: Dialect) => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore(dialect);
  });
  afterEach(() => store.close());

  async function row(id: number) {
    const columns = { municipalityNumber: true, county: true } as const;
    return store.dialect === 'sqlite'
      ? store.db.query.listings.findFirst({ where: eq(listings.id, id), columns }).sync()
      : await store.db.query.listings.findFirst({ where: eq(pgListings.id, id), columns });
  }
  const listing = async (userId: number, values: Parameters<typeof insertListingRow>[2]) => ({ id: await insertListingRow(store, userId, values) });

  it("stores the municipality and county of every listing waiting, and '-' for an address the service does not know; each is asked once", async () => {
    const uid = await insertUser(store);
    const bergen = await listing(uid, { address: 'Strandkaien 18, 5013 BERGEN', place: 'BERGEN' });
    const nowhere = await listing(uid, { address: 'Finnesikke 1, 9999 INGENSTED', place: 'INGENSTED' });
    const pending = await listing(uid, { address: 'Kongens gate 5, 7011 TRONDHEIM', place: 'TRONDHEIM', status: 'pending' });
    const address = fakeAddressService({ 'Strandkaien 18, 5013 BERGEN': '4601', 'Kongens gate 5, 7011 TRONDHEIM': '5001' });

    expect(await lookUpCounties(store, address)).toEqual({ found: 2, unknown: 1, failed: false });
    expect(await row(bergen.id)).toEqual({ municipalityNumber: '4601', county: 'Vestland' });
    expect(await row(nowhere.id)).toEqual({ municipalityNumber: NO_MUNICIPALITY, county: '' });
    // A listing waiting for review gets its county too: it is searchable the moment it is approved.
    expect(await row(pending.id)).toEqual({ municipalityNumber: '5001', county: 'Trøndelag' });
    expect(await lookUpCounties(store, address)).toEqual({ found: 0, unknown: 0, failed: false });
    expect(address.calls).toHaveLength(3);
  });

  it('looks a changed address up again, and keeps the county when something else changes', async () => {
    const uid = await insertUser(store);
    const l = await listing(uid, { address: 'Strandkaien 18, 5013 BERGEN', place: 'BERGEN' });
    const address = fakeAddressService({ 'Strandkaien 18, 5013 BERGEN': '4601', 'Kirkegata 3, 4006 STAVANGER': '1103' });
    await lookUpCounties(store, address);
    if (store.dialect === 'sqlite') store.db.update(listings).set({ price: 199_000, hideAddress: true }).where(eq(listings.id, l.id)).run();
    else await store.db.update(pgListings).set({ price: 199_000, hideAddress: true }).where(eq(pgListings.id, l.id));
    expect(await row(l.id)).toEqual({ municipalityNumber: '4601', county: 'Vestland' });

    await setListingAddress(store, l.id, 'Kirkegata 3, 4006 STAVANGER');
    expect(await row(l.id)).toEqual({ municipalityNumber: '', county: '' });
    await lookUpCounties(store, address);
    expect(await row(l.id)).toEqual({ municipalityNumber: '1103', county: 'Rogaland' });
  });

  it('stops at the first failure of the service and leaves the rest waiting for the next round', async () => {
    const uid = await insertUser(store);
    const a = await listing(uid, { address: 'Strandkaien 18, 5013 BERGEN' });
    const b = await listing(uid, { address: 'Kirkegata 3, 4006 STAVANGER' });
    const address = fakeAddressService({ 'Strandkaien 18, 5013 BERGEN': '4601', 'Kirkegata 3, 4006 STAVANGER': '1103' });
    address.failing = true;
    expect(await lookUpCounties(store, address)).toEqual({ found: 0, unknown: 0, failed: true });
    expect(address.calls).toHaveLength(1);
    expect([await row(a.id), await row(b.id)]).toEqual([{ municipalityNumber: '', county: '' }, { municipalityNumber: '', county: '' }]);
    address.failing = false;
    expect(await lookUpCounties(store, address)).toEqual({ found: 2, unknown: 0, failed: false });
  });

  it('does not store a look-up for an address that changed while it was asked', async () => {
    const uid = await insertUser(store);
    const l = await listing(uid, { address: 'Strandkaien 18, 5013 BERGEN' });
    const address = {
      async municipalityOf() {
        // The seller moves the car while the service answers.
        await setListingAddress(store, l.id, 'Kirkegata 3, 4006 STAVANGER');
        return '4601';
      },
    };
    await lookUpCounties(store, address);
    expect(await row(l.id)).toEqual({ municipalityNumber: '', county: '' });
  });

  it('runs in the background against the address service (Geonorge, faked)', async () => {
    const server = setupServer(...addressHandlers);
    server.listen({ onUnhandledRequest: 'error' });
    const uid = await insertUser(store);
    const l = await listing(uid, { address: 'Arendalsgata 12B, 0463 OSLO', place: 'OSLO' });
    const warnings: object[] = [];
    const log = { warn: (o: object) => void warnings.push(o) };
    const address = createAddressSearch({ url: 'http://address.test/adresser/v1/sok', log });
    const stop = startCountyLookup({ store, integrations: { address }, log }, { everyMs: 20 });
    try {
      await expect.poll(() => row(l.id), { timeout: 5000 }).toEqual({ municipalityNumber: '0301', county: 'Oslo' });
      expect(warnings).toEqual([]);
    } finally {
      stop();
      server.close();
      }
  });
});

describe('the area filter by county', () => {
  it("finds a listing by its county's name in the area filter and in free text, also where the county is the place's name, and offers the counties for sale", async () => {
    const db = createTestDb();
    const uid = (await createUser(db)).user.id;
    const bergen = insertListing(db, uid, { address: 'Strandkaien 18, 5013 BERGEN', place: 'BERGEN', municipalityNumber: '4601', county: 'Vestland' });
    const voss = insertListing(db, uid, { address: 'Uttrågata 1, 5700 VOSS', place: 'VOSS', municipalityNumber: '4621', county: 'Vestland', hideAddress: true });
    const oslo = insertListing(db, uid, { address: 'Storgata 12, 0155 OSLO', place: 'OSLO', municipalityNumber: '0301', county: 'Oslo' });
    const molde = insertListing(db, uid, { address: 'Storgata 1, 6413 MOLDE', place: 'MOLDE', municipalityNumber: '1506', county: 'Møre og Romsdal' });
    const unknown = insertListing(db, uid, { address: 'Storgata 1, 9999 INGENSTED', place: 'INGENSTED', municipalityNumber: NO_MUNICIPALITY });
    const search = new ListingSearch(createSqliteStore(db, false));
    const ids = async (input: object) => (await search.search(searchInput.parse(input))).items.map((x) => x.id).sort((a, b) => a - b);
    expect(await ids({ location: 'Vestland' })).toEqual([bergen.id, voss.id]);
    expect(await ids({ location: 'vestl' })).toEqual([bergen.id, voss.id]);
    expect(await ids({ location: 'møre og romsdal' })).toEqual([molde.id]);
    expect(await ids({ location: 'oslo' })).toEqual([oslo.id]);
    expect(await ids({ location: 'storgata' })).toEqual([oslo.id, molde.id, unknown.id]);
    expect(await ids({ query: 'golf vestland' })).toEqual([bergen.id, voss.id]);
    expect(await ids({ location: 'Rogaland' })).toEqual([]);
    expect((await new ListingSearch(createSqliteStore(db, false)).facets()).counties).toEqual([
      { name: 'Møre og Romsdal', count: 1 },
      { name: 'Oslo', count: 1 },
      { name: 'Vestland', count: 2 },
    ]);
    db.$client.close();
  });
});
