import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../../db/client';
import { listings, type NewListing } from '../../../../db/schema';
import { searchInput, type SearchInput } from '../../../shared/schemas/search';
import { createTestDb, createUser } from '../../testing/harness';
import { generateListing, insertListing, rng } from '../../testing/listing-factory';
import { searchWords } from './words';
import { ListingSearch } from './listing-search';
import { createSqliteStore } from '../../store';

// One ListingSearch per database, as buildApp makes one per app.
const searches = new Map<Db, ListingSearch>();
const searchOf = (d: Db) => searches.get(d) ?? searches.set(d, new ListingSearch(createSqliteStore(d, false))).get(d)!;
const searchListings = (d: Db, p: Parameters<ListingSearch['search']>[0]) => searchOf(d).search(p);

// The public search (docs/decisions/014-cold-search.md) against a real migrated SQLite: each filter alone and combined,
// free text with æøå and partial words, sorts, paging and totals, hidden listings, and the index following every write.

let db: Db;
let sellerId: number;
const search = (input: SearchInput = {}) => searchListings(db, searchInput.parse(input));
const makes = async (input: SearchInput = {}) => (await search(input)).items.map((i) => `${i.make} ${i.model}`);
const ids = async (input: SearchInput = {}) => (await search(input)).items.map((i) => i.id);

const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));
const add = async (o: Partial<NewListing>) => (await insertListing(db, sellerId, o));

// A small market with one distinguishing trait per car, so every filter has a known answer.
let car: Record<string, number> = {};
beforeAll(async () => {
  db = createTestDb();
  sellerId = (await createUser(db)).user.id;
  car = {
    tesla: (await add({ make: 'Tesla', model: 'Model 3', year: 2021, price: 329_000, mileage: 45_000, fuelType: 'el', transmission: 'automat', drivetrain: 'bakhjulsdrift', bodyType: 'sedan', color: 'Blå', description: 'Pent brukt elbil med hengerfeste.', equipment: ['Varmepumpe', 'Hengerfeste'], place: 'Tromsø', address: 'Storgata 5, 9008 Tromsø', createdAt: day(10) })).id,
    volvo: (await add({ make: 'Volvo', model: 'V60', year: 2017, price: 219_000, registrationFee: 6_700, mileage: 140_000, fuelType: 'diesel', transmission: 'manuell', drivetrain: 'forhjulsdrift', bodyType: 'stasjonsvogn', color: 'Sølv', description: 'Romslig stasjonsvogn, nye vinterdekk.', place: 'Bergen', address: 'Strandkaien 18, 5013 Bergen', createdAt: day(9) })).id,
    volvo4x4: (await add({ make: 'Volvo', model: 'XC60', year: 2019, price: 399_000, mileage: 90_000, fuelType: 'plugin_hybrid', transmission: 'automat', drivetrain: 'firehjulsdrift', bodyType: 'suv', color: 'Svart', description: 'Ærlig bil, én eier.', place: 'Ålesund', address: 'Kongens gate 3, 6002 Ålesund', hideAddress: true, createdAt: day(8) })).id,
    golf: (await add({ make: 'Volkswagen', model: 'Golf', year: 2015, price: 89_000, mileage: 180_000, fuelType: 'bensin', transmission: 'manuell', drivetrain: 'forhjulsdrift', bodyType: 'kombi', color: 'Rød', description: 'Billig og grei bybil.', place: 'Oslo', address: 'Sandakerveien 10, 0468 Oslo', createdAt: day(7) })).id,
    citroen: (await add({ make: 'Citroën', model: 'Berlingo', year: 2020, price: 189_000, mileage: 60_000, fuelType: 'diesel', transmission: 'cvt', drivetrain: 'forhjulsdrift', bodyType: 'flerbruksbil', color: 'Hvit', description: 'Praktisk familiebil.', place: 'Drammen', address: 'Bragernes torg 2, 3015 Drammen', createdAt: day(6) })).id,
    mirai: (await add({ make: 'Toyota', model: 'Mirai', year: 2022, price: 450_000, mileage: 20_000, fuelType: 'hydrogen', transmission: 'automat', drivetrain: 'bakhjulsdrift', bodyType: 'sedan', color: 'Blå', description: 'Hydrogenbil, blå metallic.', place: 'Oslo', address: 'Storgata 12, 0155 Oslo', createdAt: day(5) })).id,
  };
  // Never visible to buyers, whatever they search for.
  await add({ make: 'Tesla', model: 'Model Y', status: 'pending', description: 'Ventende stasjonsvogn', place: 'Oslo' });
  await add({ make: 'Tesla', model: 'Model S', status: 'rejected', rejectionReason: 'Mangler bilder', place: 'Oslo' });
  await add({ make: 'Tesla', model: 'Model X', active: false, place: 'Oslo' });
});
afterAll(() => db.$client.close());

describe('visibility', () => {
  it('lists only approved and active listings, newest first, with the slim card shape', async () => {
    const r = await search();
    expect(r.total).toBe(6);
    expect(r.items.map((i) => i.id)).toEqual([car.tesla, car.volvo, car.volvo4x4, car.golf, car.citroen, car.mirai]);
    expect(Object.keys(r.items[0]).sort()).toEqual(
      ['coverImage', 'coverPhoto', 'createdAt', 'fuelType', 'id', 'make', 'mileage', 'model', 'place', 'priceRating', 'priceReducedBy', 'totalPrice', 'transmission', 'year'].sort(),
    );
    expect(r.items[1]).toMatchObject({ make: 'Volvo', totalPrice: 225_700, place: 'Bergen', createdAt: day(9).toISOString() });
  });

  it('never shows pending, rejected or inactive listings, not even to a search naming them', async () => {
    for (const q of ['Model Y', 'Model S', 'Model X', 'ventende']) expect(await makes({ query: q })).toEqual([]);
    expect(await makes({ make: 'tesla' })).toEqual(['Tesla Model 3']);
    expect((await search({ model: 'Model Y' })).total).toBe(0);
  });
});

describe('each filter alone', () => {
  it.each<[string, SearchInput, string[]]>([
    ['make, any case', { make: 'vOLVO' }, ['Volvo V60', 'Volvo XC60']],
    ['make with a non-ASCII letter in another case', { make: 'CITROËN' }, ['Citroën Berlingo']],
    ['model', { model: 'xc60' }, ['Volvo XC60']],
    ['color, any case, æøå', { color: 'SØLV' }, ['Volvo V60']],
    ['color blå', { color: 'blå' }, ['Tesla Model 3', 'Toyota Mirai']],
    ['location by place', { location: 'tromsø' }, ['Tesla Model 3']],
    ['location by place in capitals', { location: 'ÅLESUND' }, ['Volvo XC60']],
    ['location by street of a shown address', { location: 'Sandakerveien' }, ['Volkswagen Golf']],
    ['location by postal code', { location: '0155' }, ['Toyota Mirai']],
    ['location never by a hidden address', { location: 'Kongens gate' }, []],
    ['yearFrom', { yearFrom: 2021 }, ['Tesla Model 3', 'Toyota Mirai']],
    ['yearTo', { yearTo: 2015 }, ['Volkswagen Golf']],
    ['yearMin/yearMax (home quick search)', { yearMin: 2017, yearMax: 2017 }, ['Volvo V60']],
    ['priceFrom on the total price', { priceFrom: 400_000 }, ['Toyota Mirai']],
    ['priceTo on the total price (price + fee)', { priceTo: 219_000 }, ['Volkswagen Golf', 'Citroën Berlingo']],
    ['priceMin/priceMax (home quick search)', { priceMin: 100_000, priceMax: 300_000 }, ['Volvo V60', 'Citroën Berlingo']],
    ['mileageFrom', { mileageFrom: 150_000 }, ['Volkswagen Golf']],
    ['mileageTo', { mileageTo: 45_000 }, ['Tesla Model 3', 'Toyota Mirai']],
    ['fuelType label', { fuelType: 'Elektrisk' }, ['Tesla Model 3']],
    ['fuelType code', { fuelType: 'el' }, ['Tesla Model 3']],
    ['fuelType Plug-in Hybrid', { fuelType: 'Plug-in Hybrid' }, ['Volvo XC60']],
    ['fuelType Hydrogen', { fuelType: 'hydrogen' }, ['Toyota Mirai']],
    ['transmission Automat includes CVT', { transmission: 'Automat' }, ['Tesla Model 3', 'Volvo XC60', 'Citroën Berlingo', 'Toyota Mirai']],
    ['transmission Manuell', { transmission: 'Manuell' }, ['Volvo V60', 'Volkswagen Golf']],
    ['driveType → drivetrain', { driveType: 'Firehjulsdrift' }, ['Volvo XC60']],
    ['driveType code', { driveType: 'bakhjulsdrift' }, ['Tesla Model 3', 'Toyota Mirai']],
    ['bodyType Personbil (sedan, kombi, flerbruksbil)', { bodyType: 'Personbil' }, ['Tesla Model 3', 'Volkswagen Golf', 'Citroën Berlingo', 'Toyota Mirai']],
    ['bodyType Stasjonsvogn', { bodyType: 'Stasjonsvogn' }, ['Volvo V60']],
    ['bodyType code suv', { bodyType: 'suv' }, ['Volvo XC60']],
    ['an unknown fuel type matches nothing', { fuelType: 'Atomkraft' }, []],
    ['an unknown body type matches nothing', { bodyType: 'Traktor' }, []],
    ['an unknown make matches nothing', { make: 'Lada' }, []],
    ['an empty value is no filter', { make: '', fuelType: '' }, ['Tesla Model 3', 'Volvo V60', 'Volvo XC60', 'Volkswagen Golf', 'Citroën Berlingo', 'Toyota Mirai']],
  ])('%s', async (_name, input, expected) => {
    const r = await search(input);
    expect(r.items.map((i) => `${i.make} ${i.model}`)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });
});

describe('filters combined', () => {
  it.each<[SearchInput, string[]]>([
    [{ make: 'Volvo', fuelType: 'Diesel' }, ['Volvo V60']],
    [{ make: 'Volvo', transmission: 'Automat', driveType: 'Firehjulsdrift' }, ['Volvo XC60']],
    [{ fuelType: 'diesel', priceTo: 200_000 }, ['Citroën Berlingo']],
    [{ bodyType: 'Personbil', transmission: 'Automat', yearFrom: 2021, sort: 'price_asc' }, ['Tesla Model 3', 'Toyota Mirai']],
    [{ color: 'blå', location: 'oslo' }, ['Toyota Mirai']],
    [{ query: 'hengerfeste', make: 'Tesla', priceTo: 400_000, mileageTo: 50_000 }, ['Tesla Model 3']],
    [{ location: 'Oslo', sort: 'year_desc' }, ['Toyota Mirai', 'Volkswagen Golf']],
    [{ query: 'metallic', location: 'Oslo', transmission: 'Automat' }, ['Toyota Mirai']],
    [{ make: 'Volvo', model: 'V60', color: 'sølv', yearFrom: 2017, yearTo: 2017, fuelType: 'Diesel', bodyType: 'Stasjonsvogn' }, ['Volvo V60']],
    [{ make: 'Volvo', fuelType: 'el' }, []],
    [{ priceFrom: 300_000, priceTo: 200_000 }, []],
  ])('%j', async (input, expected) => {
    expect(await makes(input)).toEqual(expected);
    expect((await search(input)).total).toBe(expected.length);
  });
});

describe('free text', () => {
  it.each<[string, string[]]>([
    ['tesl', ['Tesla Model 3']],
    ['TESLA', ['Tesla Model 3']],
    ['stasjonsv', ['Volvo V60']],
    ['blå', ['Tesla Model 3', 'Toyota Mirai']], // colour of one, description of the other
    ['ærlig', ['Volvo XC60']],
    ['ÉN EIER', ['Volvo XC60']],
    ['ålesund', ['Volvo XC60']], // the place is searchable even where the address is hidden
    ['hengerf', ['Tesla Model 3']], // equipment and description
    ['varmepumpe', ['Tesla Model 3']], // equipment only
    ['citroën berl', ['Citroën Berlingo']],
    ['volvo dekk', []], // every word must match: "vinterdekk" does not start with "dekk"
    ['volvo vinter', ['Volvo V60']],
    // Words match from their start: "bil" finds "bil" and "billig", not the end of "elbil", "familiebil", "hydrogenbil".
    ['bil', ['Volvo XC60', 'Volkswagen Golf']],
  ])('%s', async (query, expected) => {
    expect(await makes({ query })).toEqual(expected);
  });

  it('keeps æ, ø and å distinct letters', async () => {
    expect(await makes({ query: 'bla' })).toEqual([]);
    expect(await makes({ query: 'sol' })).toEqual([]);
  });

  it.each([
    '"', '""', "'", 'tesla"', '"tesla', 'tesla OR volvo', 'NOT tesla', 'tesla AND', 'NEAR(tesla volvo)', '*', 'tes*', '^tesla',
    'make:tesla', '{make}: tesla', '(tesla', 'tesla)', '-', '+', '\\', '%', '_', 'e-tron', '🚗', 'テスラ', '\u0000', 'a'.repeat(100),
    'x '.repeat(50), 'ß', 'Ǆ', '\u0301', 'a\u030A', 'å'.normalize('NFD'),
  ])('never fails on %j', async (query) => {
    await expect(search({ query })).resolves.toMatchObject({ total: expect.any(Number) });
    await expect(search({ location: query })).resolves.toMatchObject({ total: expect.any(Number) });
  });

  it('treats operators as words and quotes as separators', async () => {
    expect(await makes({ query: '"Tesla' })).toEqual(['Tesla Model 3']);
    expect(await makes({ query: 'tesla OR volvo' })).toEqual([]); // three words, all required; "or" is in no listing
    expect(await makes({ query: 'volvo*' })).toEqual(['Volvo V60', 'Volvo XC60']);
    expect(await makes({ query: 'å'.normalize('NFD') + 'lesund' })).toEqual(['Volvo XC60']);
  });

  it('reads user text as lower-cased words, each a prefix from two letters on', () => {
    expect(searchWords('Tesla "Model" 3 OR*')).toEqual([
      { word: 'tesla', prefix: true },
      { word: 'model', prefix: true },
      { word: '3', prefix: false },
      { word: 'or', prefix: true },
    ]);
    expect(searchWords('!!!')).toEqual([]);
  });

  it('finds nothing for text without a single word', async () => {
    expect(await search({ query: '!!! ---' })).toEqual({ items: [], total: 0 });
  });
});

describe('sorting and paging', () => {
  it.each<[SearchInput['sort'], number[]]>([
    ['newest', [10, 9, 8, 7, 6, 5]],
  ])('%s', async (sort, days) => {
    expect((await search({ sort })).items.map((i) => i.createdAt)).toEqual(days.map((d) => day(d).toISOString()));
  });

  it('sorts by price (total), year and mileage', async () => {
    expect((await search({ sort: 'price_asc' })).items.map((i) => i.totalPrice)).toEqual([89_000, 189_000, 225_700, 329_000, 399_000, 450_000]);
    expect((await search({ sort: 'price_desc' })).items.map((i) => i.totalPrice)).toEqual([450_000, 399_000, 329_000, 225_700, 189_000, 89_000]);
    expect((await search({ sort: 'year_desc' })).items.map((i) => i.year)).toEqual([2022, 2021, 2020, 2019, 2017, 2015]);
    expect((await search({ sort: 'mileage_asc' })).items.map((i) => i.mileage)).toEqual([20_000, 45_000, 60_000, 90_000, 140_000, 180_000]);
  });

  it('pages with limit and offset and reports the total of all matches', async () => {
    const all = await ids({ sort: 'price_asc' });
    expect(await search({ sort: 'price_asc', limit: 2 })).toMatchObject({ total: 6, items: [{ id: all[0] }, { id: all[1] }] });
    expect((await search({ sort: 'price_asc', limit: 2, offset: 2 })).items.map((i) => i.id)).toEqual(all.slice(2, 4));
    expect(await search({ sort: 'price_asc', limit: 2, offset: 4 })).toMatchObject({ total: 6, items: [{ id: all[4] }, { id: all[5] }] });
    expect(await search({ sort: 'price_asc', limit: 2, offset: 6 })).toEqual({ items: [], total: 6 });
    expect((await search({ limit: 3 })).items).toHaveLength(3); // the home page's "latest three"
    expect((await search({ limit: 24 })).items).toHaveLength(6);
  });

  it('orders newest first by creation date, not by id: a backdated listing and a changed date included', async () => {
    const tdb = createTestDb();
    const uid = (await createUser(tdb)).user.id;
    const newest = async (input: SearchInput = {}) => (await searchListings(tdb, searchInput.parse(input))).items.map((i) => i.id);
    const a = (await insertListing(tdb, uid, { description: 'Pent og pyntet', createdAt: day(1) })).id;
    const b = (await insertListing(tdb, uid, { description: 'Pent brukt', createdAt: day(2) })).id;
    const old = (await insertListing(tdb, uid, { description: 'Pent eldre', createdAt: day(-30) })).id;
    expect(await newest({ query: 'pent' })).toEqual([b, a, old]);
    tdb.update(listings).set({ createdAt: day(3) }).where(eq(listings.id, a)).run();
    expect(await newest({ query: 'pent' })).toEqual([a, b, old]);
    expect(await newest()).toEqual([a, b, old]);
    tdb.$client.close();
  });
});

describe('full listings (the REST list)', () => {
  it('answers the same page in the same order as the cards, each listing whole, for every sort', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const) {
      for (const input of [{ sort }, { sort, query: 'bil' }, { sort, limit: 2, offset: 1 }]) {
        const p = searchInput.parse(input);
        const full = await searchOf(db).searchFull(p);
        const cards = await searchOf(db).search(p);
        expect(full.total).toBe(cards.total);
        expect(full.items.map((l) => l.id)).toEqual(cards.items.map((c) => c.id));
      }
    }
    const [volvo] = (await searchOf(db).searchFull(searchInput.parse({ model: 'V60' }))).items;
    expect(volvo).toMatchObject({ make: 'Volvo', bodyType: 'stasjonsvogn', drivetrain: 'forhjulsdrift', price: 219_000, registrationFee: 6_700, totalPrice: 225_700, color: 'Sølv', place: 'Bergen' });
  });

  it('blanks the hidden address of a listing that hides it (the list is the same for every viewer)', async () => {
    const [xc60] = (await searchOf(db).searchFull(searchInput.parse({ model: 'XC60' }))).items;
    expect(xc60).toMatchObject({ hideAddress: true, address: '', place: 'Ålesund' });
  });
});

describe('ties and the stable order', () => {
  let tdb: Db;
  beforeAll(async () => {
    tdb = createTestDb();
    const uid = (await createUser(tdb)).user.id;
    const same = day(1);
    for (let i = 0; i < 7; i++) await insertListing(tdb, uid, { make: 'Skoda', model: 'Octavia', price: 150_000, year: 2018, mileage: 100_000, createdAt: same });
  });
  afterAll(() => tdb.$client.close());

  it('breaks ties by id so pages neither repeat nor skip a listing', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const) {
      const page = async (offset: number) => (await searchListings(tdb, searchInput.parse({ sort, limit: 3, offset }))).items.map((i) => i.id);
      const seen = [...(await page(0)), ...(await page(3)), ...(await page(6))];
      expect(new Set(seen).size).toBe(7);
      const asc = sort === 'price_asc' || sort === 'mileage_asc';
      expect(seen).toEqual([...seen].sort((a, b) => (asc ? a - b : b - a)));
    }
  });
});

describe('the index follows every write (triggers)', () => {
  let tdb: Db;
  let uid: number;
  const find = async (input: SearchInput) => (await searchListings(tdb, searchInput.parse(input))).items.map((i) => i.id);
  beforeAll(async () => {
    tdb = createTestDb();
    uid = (await createUser(tdb)).user.id;
  });
  afterAll(() => tdb.$client.close());

  it('indexes a new listing, re-indexes an edit and forgets a deleted one', async () => {
    const id = (await insertListing(tdb, uid, { make: 'Peugeot', model: '208', description: 'Sparsommelig bybil' })).id;
    expect(await find({ query: 'sparsom' })).toEqual([id]);

    tdb.update(listings).set({ description: 'Nye sommerhjul', model: 'e-208' }).where(eq(listings.id, id)).run();
    expect(await find({ query: 'sparsom' })).toEqual([]);
    expect(await find({ query: 'sommerhj' })).toEqual([id]);
    expect(await find({ query: 'e-208' })).toEqual([id]);

    tdb.delete(listings).where(eq(listings.id, id)).run();
    expect(await find({ query: 'sommerhj' })).toEqual([]);
    expect((await searchListings(tdb, searchInput.parse({}))).total).toBe(0);
  });

  it('follows approval, rejection and the active toggle', async () => {
    const id = (await insertListing(tdb, uid, { make: 'Renault', model: 'Zoe', status: 'pending', description: 'Elbil med varmepumpe' })).id;
    const count = async () => (await searchListings(tdb, searchInput.parse({}))).total;
    const before = await count();
    expect(await find({ query: 'zoe' })).toEqual([]);

    tdb.update(listings).set({ status: 'approved' }).where(eq(listings.id, id)).run();
    expect(await find({ query: 'zoe' })).toEqual([id]);
    expect(await find({ make: 'renault' })).toEqual([id]);
    expect(await count()).toBe(before + 1);

    tdb.update(listings).set({ active: false }).where(eq(listings.id, id)).run();
    expect(await find({ query: 'zoe' })).toEqual([]);
    expect(await find({ make: 'renault' })).toEqual([]);
    expect(await count()).toBe(before);

    tdb.update(listings).set({ active: true }).where(eq(listings.id, id)).run();
    expect(await find({ query: 'varmep' })).toEqual([id]);
    tdb.update(listings).set({ status: 'rejected', rejectionReason: 'Feil pris' }).where(eq(listings.id, id)).run();
    expect(await find({ query: 'varmep' })).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('indexes the address only while it is shown', async () => {
    const id = (await insertListing(tdb, uid, { address: 'Fjordveien 7, 5003 Bergen', place: 'Bergen', hideAddress: true })).id;
    expect(await find({ location: 'fjordveien' })).toEqual([]);
    expect(await find({ location: 'bergen' })).toEqual([id]);
    tdb.update(listings).set({ hideAddress: false }).where(eq(listings.id, id)).run();
    expect(await find({ location: 'fjordveien' })).toEqual([id]);
  });

  it('counts what is for sale as the index holds it: hides, deletes and raw SQL leave the facets', async () => {
    const fdb = createTestDb();
    const u = (await createUser(fdb)).user.id;
    const s = new ListingSearch(createSqliteStore(fdb, false), { forSaleRefreshMs: 0 });
    const a = (await insertListing(fdb, u, { make: 'Kia', model: 'Niro', place: 'Bergen', county: 'Vestland' })).id;
    const b = (await insertListing(fdb, u, { make: 'Kia', model: 'EV6', place: 'Oslo', county: 'Oslo' })).id;
    await insertListing(fdb, u, { make: 'Kia', model: 'Niro', place: 'Oslo', county: 'Oslo', status: 'pending' });
    const kia = async () => (await s.facets()).makes.find((m) => m.name === 'Kia');
    expect(await kia()).toEqual({ name: 'Kia', count: 2, models: [{ name: 'EV6', count: 1 }, { name: 'Niro', count: 1 }] });
    expect((await s.facets()).places).toEqual([{ name: 'Bergen', count: 1 }, { name: 'Oslo', count: 1 }]);
    fdb.update(listings).set({ active: false }).where(eq(listings.id, a)).run();
    expect(await kia()).toEqual({ name: 'Kia', count: 1, models: [{ name: 'EV6', count: 1 }] });
    expect((await s.facets()).counties).toEqual([{ name: 'Oslo', count: 1 }]);
    fdb.run(sql`UPDATE listings SET place = 'Drammen', county = 'Buskerud' WHERE id = ${b}`);
    expect((await s.facets()).places).toEqual([{ name: 'Drammen', count: 1 }]);
    fdb.delete(listings).where(eq(listings.id, b)).run();
    expect(await s.facets()).toMatchObject({ places: [], counties: [] });
    expect(await kia()).toBeUndefined(); // not one of the ten brands always listed
    fdb.$client.close();
  });

  it('reads every visible listing in one pass over the table, and then only the changed ones, by id', async () => {
    const rdb = createTestDb();
    const u = (await createUser(rdb)).user.id;
    await insertListing(rdb, u, { make: 'Mazda' });
    const proto = Object.getPrototypeOf(rdb.$client.prepare('SELECT 1')) as { all: () => unknown; iterate: () => unknown };
    const spies = [vi.spyOn(proto, 'all'), vi.spyOn(proto, 'iterate')];
    try {
      const s = new ListingSearch(createSqliteStore(rdb, false));
      expect((await s.search(searchInput.parse({}))).total).toBe(1);
      await insertListing(rdb, u, { make: 'Mazda' });
      expect((await s.search(searchInput.parse({ make: 'mazda' }))).total).toBe(2);
      const reads = [...new Set(spies.flatMap((spy) => spy.mock.contexts.map((st) => (st as { source: string }).source)))].filter((q) => q.includes('hide_address'));
      const plans = reads.map((q) =>
        (rdb.$client.prepare(`EXPLAIN QUERY PLAN ${q}`).all(...(q.includes('?') ? ['[1]'] : [])) as { detail: string }[]).map((r) => r.detail)[0],
      );
      expect(plans.sort()).toEqual(['SCAN l', 'SEARCH l USING INTEGER PRIMARY KEY (rowid=?)']);
    } finally {
      for (const spy of spies) spy.mockRestore();
      rdb.$client.close();
    }
  });

  it('keeps cached totals exact after any write, including raw SQL', async () => {
    const total = async () => (await searchListings(tdb, searchInput.parse({ fuelType: 'diesel', make: 'Ford' }))).total;
    expect(await total()).toBe(0);
    await insertListing(tdb, uid, { make: 'Ford', model: 'Focus', fuelType: 'diesel' });
    expect(await total()).toBe(1);
    tdb.run(sql`UPDATE listings SET fuel_type = 'bensin' WHERE make = 'Ford'`);
    expect(await total()).toBe(0);
  });
});

describe('schema guard', () => {
  // A later migration that rebuilds the listings table (drizzle-kit's way of changing a column in SQLite) drops its
  // triggers with it; it must create them again (copy them from db/migrations/0016_one_search_engine.sql and
  // 0013_county_area.sql). This test notices.
  it('has the search triggers after all migrations, and the count of visible listings agrees with the listings', async () => {
    const gdb = createTestDb();
    const triggers = gdb.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'listings' ORDER BY name").pluck().all();
    expect(triggers).toEqual([
      'listings_county_reset_au', 'listings_search_ad', 'listings_search_ai', 'listings_search_changes_ad', 'listings_search_changes_ai', 'listings_search_changes_au',
      'listings_search_state_au',
    ]);
    const uid = (await createUser(gdb)).user.id;
    const r = rng(11);
    for (let i = 0; i < 50; i++) {
      const l = generateListing(r, uid, i);
      gdb.insert(listings).values({ ...l, status: i % 5 === 0 ? 'pending' : 'approved', active: i % 7 !== 0 }).run();
    }
    gdb.update(listings).set({ active: false }).where(eq(listings.id, 2)).run();
    gdb.delete(listings).where(eq(listings.id, 3)).run();
    const visible = gdb.$client.prepare("SELECT count(*) FROM listings WHERE status = 'approved' AND active = 1").pluck().get();
    expect((await new ListingSearch(createSqliteStore(gdb, false)).search(searchInput.parse({}))).total).toBe(visible);
    expect(gdb.$client.prepare('SELECT visible FROM listings_search_state').pluck().get()).toBe(visible);
    gdb.$client.close();
  });
});
