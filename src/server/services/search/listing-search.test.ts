import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client';
import { listings, type NewListing } from '../../../../db/schema';
import { searchInput, type SearchInput } from '../../../shared/schemas/search';
import { createTestDb, createUser } from '../../testing/harness';
import { generateListing, insertListing, rng } from '../../testing/listing-factory';
import { ftsMatch, ftsTerms } from './fts';
import { ListingSearch } from './listing-search';

// One ListingSearch per database, as buildApp makes one per app.
const searches = new Map<Db, ListingSearch>();
const searchOf = (d: Db) => searches.get(d) ?? searches.set(d, new ListingSearch(d)).get(d)!;
const searchListings = (d: Db, p: Parameters<ListingSearch['search']>[0]) => searchOf(d).search(p);
const planSearch = (d: Db, p: Parameters<ListingSearch['plan']>[0]) => searchOf(d).plan(p);

// The public search (issue 4) against a real migrated SQLite: each filter alone and combined, free text with æøå and
// partial words, sorts, paging and totals, hidden listings, the FTS index following every write, and the query plans.

let db: Db;
let sellerId: number;
const search = (input: SearchInput = {}) => searchListings(db, searchInput.parse(input));
const makes = (input: SearchInput = {}) => search(input).items.map((i) => `${i.make} ${i.model}`);
const ids = (input: SearchInput = {}) => search(input).items.map((i) => i.id);

const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));
const add = (o: Partial<NewListing>) => insertListing(db, sellerId, o);

// A small market with one distinguishing trait per car, so every filter has a known answer.
let car: Record<string, number> = {};
beforeAll(async () => {
  db = createTestDb();
  sellerId = (await createUser(db)).user.id;
  car = {
    tesla: add({ make: 'Tesla', model: 'Model 3', year: 2021, price: 329_000, mileage: 45_000, fuelType: 'el', transmission: 'automat', drivetrain: 'bakhjulsdrift', bodyType: 'sedan', color: 'Blå', description: 'Pent brukt elbil med hengerfeste.', equipment: ['Varmepumpe', 'Hengerfeste'], place: 'Tromsø', address: 'Storgata 5, 9008 Tromsø', createdAt: day(10) }).id,
    volvo: add({ make: 'Volvo', model: 'V60', year: 2017, price: 219_000, registrationFee: 6_700, mileage: 140_000, fuelType: 'diesel', transmission: 'manuell', drivetrain: 'forhjulsdrift', bodyType: 'stasjonsvogn', color: 'Sølv', description: 'Romslig stasjonsvogn, nye vinterdekk.', place: 'Bergen', address: 'Strandkaien 18, 5013 Bergen', createdAt: day(9) }).id,
    volvo4x4: add({ make: 'Volvo', model: 'XC60', year: 2019, price: 399_000, mileage: 90_000, fuelType: 'plugin_hybrid', transmission: 'automat', drivetrain: 'firehjulsdrift', bodyType: 'suv', color: 'Svart', description: 'Ærlig bil, én eier.', place: 'Ålesund', address: 'Kongens gate 3, 6002 Ålesund', hideAddress: true, createdAt: day(8) }).id,
    golf: add({ make: 'Volkswagen', model: 'Golf', year: 2015, price: 89_000, mileage: 180_000, fuelType: 'bensin', transmission: 'manuell', drivetrain: 'forhjulsdrift', bodyType: 'kombi', color: 'Rød', description: 'Billig og grei bybil.', place: 'Oslo', address: 'Sandakerveien 10, 0468 Oslo', createdAt: day(7) }).id,
    citroen: add({ make: 'Citroën', model: 'Berlingo', year: 2020, price: 189_000, mileage: 60_000, fuelType: 'diesel', transmission: 'cvt', drivetrain: 'forhjulsdrift', bodyType: 'flerbruksbil', color: 'Hvit', description: 'Praktisk familiebil.', place: 'Drammen', address: 'Bragernes torg 2, 3015 Drammen', createdAt: day(6) }).id,
    mirai: add({ make: 'Toyota', model: 'Mirai', year: 2022, price: 450_000, mileage: 20_000, fuelType: 'hydrogen', transmission: 'automat', drivetrain: 'bakhjulsdrift', bodyType: 'sedan', color: 'Blå', description: 'Hydrogenbil, blå metallic.', place: 'Oslo', address: 'Storgata 12, 0155 Oslo', createdAt: day(5) }).id,
  };
  // Never visible to buyers, whatever they search for.
  add({ make: 'Tesla', model: 'Model Y', status: 'pending', description: 'Ventende stasjonsvogn', place: 'Oslo' });
  add({ make: 'Tesla', model: 'Model S', status: 'rejected', rejectionReason: 'Mangler bilder', place: 'Oslo' });
  add({ make: 'Tesla', model: 'Model X', active: false, place: 'Oslo' });
});
afterAll(() => db.$client.close());

describe('visibility', () => {
  it('lists only approved and active listings, newest first, with the slim card shape', () => {
    const r = search();
    expect(r.total).toBe(6);
    expect(r.items.map((i) => i.id)).toEqual([car.tesla, car.volvo, car.volvo4x4, car.golf, car.citroen, car.mirai]);
    expect(Object.keys(r.items[0]).sort()).toEqual(
      ['coverImage', 'coverPhoto', 'createdAt', 'fuelType', 'id', 'make', 'mileage', 'model', 'place', 'totalPrice', 'transmission', 'year'].sort(),
    );
    expect(r.items[1]).toMatchObject({ make: 'Volvo', totalPrice: 225_700, place: 'Bergen', createdAt: day(9).toISOString() });
  });

  it('never shows pending, rejected or inactive listings, not even to a search naming them', () => {
    for (const q of ['Model Y', 'Model S', 'Model X', 'ventende']) expect(makes({ query: q })).toEqual([]);
    expect(makes({ make: 'tesla' })).toEqual(['Tesla Model 3']);
    expect(search({ model: 'Model Y' }).total).toBe(0);
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
  ])('%s', (_name, input, expected) => {
    const r = search(input);
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
  ])('%j', (input, expected) => {
    expect(makes(input)).toEqual(expected);
    expect(search(input).total).toBe(expected.length);
  });
});

describe('free text (FTS5)', () => {
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
  ])('%s', (query, expected) => {
    expect(makes({ query })).toEqual(expected);
  });

  it('keeps æ, ø and å distinct letters', () => {
    expect(makes({ query: 'bla' })).toEqual([]);
    expect(makes({ query: 'sol' })).toEqual([]);
  });

  it.each([
    '"', '""', "'", 'tesla"', '"tesla', 'tesla OR volvo', 'NOT tesla', 'tesla AND', 'NEAR(tesla volvo)', '*', 'tes*', '^tesla',
    'make:tesla', '{make}: tesla', '(tesla', 'tesla)', '-', '+', '\\', '%', '_', 'e-tron', '🚗', 'テスラ', '\u0000', 'a'.repeat(100),
    'x '.repeat(50), 'ß', 'Ǆ', '\u0301', 'a\u030A', 'å'.normalize('NFD'),
  ])('never fails on %j', (query) => {
    expect(() => search({ query })).not.toThrow();
    expect(() => search({ location: query })).not.toThrow();
  });

  it('treats operators as words and quotes as separators', () => {
    expect(makes({ query: '"Tesla' })).toEqual(['Tesla Model 3']);
    expect(makes({ query: 'tesla OR volvo' })).toEqual([]); // three words, all required; "or" is in no listing
    expect(makes({ query: 'volvo*' })).toEqual(['Volvo V60', 'Volvo XC60']);
    expect(makes({ query: 'å'.normalize('NFD') + 'lesund' })).toEqual(['Volvo XC60']);
  });

  it('quotes every word, prefixes words of two letters or more', () => {
    expect(ftsTerms('Tesla "Model" 3 OR*')).toEqual(['"tesla"*', '"model"*', '"3"', '"or"*']);
    expect(ftsMatch('tesl', 'oslo')).toBe('{make model color description equipment place} : ("tesl"*) AND {place address} : ("oslo"*)');
    expect(ftsMatch('!!!', undefined)).toBeUndefined();
  });

  it('finds nothing for text without a single word', () => {
    expect(search({ query: '!!! ---' })).toEqual({ items: [], total: 0 });
  });
});

describe('sorting and paging', () => {
  it.each<[SearchInput['sort'], number[]]>([
    ['newest', [10, 9, 8, 7, 6, 5]],
  ])('%s', (sort, days) => {
    expect(search({ sort }).items.map((i) => i.createdAt)).toEqual(days.map((d) => day(d).toISOString()));
  });

  it('sorts by price (total), year and mileage', () => {
    expect(search({ sort: 'price_asc' }).items.map((i) => i.totalPrice)).toEqual([89_000, 189_000, 225_700, 329_000, 399_000, 450_000]);
    expect(search({ sort: 'price_desc' }).items.map((i) => i.totalPrice)).toEqual([450_000, 399_000, 329_000, 225_700, 189_000, 89_000]);
    expect(search({ sort: 'year_desc' }).items.map((i) => i.year)).toEqual([2022, 2021, 2020, 2019, 2017, 2015]);
    expect(search({ sort: 'mileage_asc' }).items.map((i) => i.mileage)).toEqual([20_000, 45_000, 60_000, 90_000, 140_000, 180_000]);
  });

  it('pages with limit and offset and reports the total of all matches', () => {
    const all = ids({ sort: 'price_asc' });
    expect(search({ sort: 'price_asc', limit: 2 })).toMatchObject({ total: 6, items: [{ id: all[0] }, { id: all[1] }] });
    expect(search({ sort: 'price_asc', limit: 2, offset: 2 }).items.map((i) => i.id)).toEqual(all.slice(2, 4));
    expect(search({ sort: 'price_asc', limit: 2, offset: 4 })).toMatchObject({ total: 6, items: [{ id: all[4] }, { id: all[5] }] });
    expect(search({ sort: 'price_asc', limit: 2, offset: 6 })).toEqual({ items: [], total: 6 });
    expect(search({ limit: 3 }).items).toHaveLength(3); // the home page's "latest three"
    expect(search({ limit: 24 }).items).toHaveLength(6);
  });
});

describe('full listings (the REST list)', () => {
  it('answers the same page in the same order as the cards, each listing whole, for every sort', () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const) {
      for (const input of [{ sort }, { sort, query: 'bil' }, { sort, limit: 2, offset: 1 }]) {
        const p = searchInput.parse(input);
        const full = searchOf(db).searchFull(p);
        const cards = searchOf(db).search(p);
        expect(full.total).toBe(cards.total);
        expect(full.items.map((l) => l.id)).toEqual(cards.items.map((c) => c.id));
      }
    }
    const [volvo] = searchOf(db).searchFull(searchInput.parse({ model: 'V60' })).items;
    expect(volvo).toMatchObject({ make: 'Volvo', bodyType: 'stasjonsvogn', drivetrain: 'forhjulsdrift', price: 219_000, registrationFee: 6_700, totalPrice: 225_700, color: 'Sølv', place: 'Bergen' });
  });

  it('blanks the hidden address of a listing that hides it (the list is the same for every viewer)', () => {
    const [xc60] = searchOf(db).searchFull(searchInput.parse({ model: 'XC60' })).items;
    expect(xc60).toMatchObject({ hideAddress: true, address: '', place: 'Ålesund' });
  });
});

describe('ties and the stable order', () => {
  let tdb: Db;
  beforeAll(async () => {
    tdb = createTestDb();
    const uid = (await createUser(tdb)).user.id;
    const same = day(1);
    for (let i = 0; i < 7; i++) insertListing(tdb, uid, { make: 'Skoda', model: 'Octavia', price: 150_000, year: 2018, mileage: 100_000, createdAt: same });
  });
  afterAll(() => tdb.$client.close());

  it('breaks ties by id so pages neither repeat nor skip a listing', () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const) {
      const page = (offset: number) => searchListings(tdb, searchInput.parse({ sort, limit: 3, offset })).items.map((i) => i.id);
      const seen = [...page(0), ...page(3), ...page(6)];
      expect(new Set(seen).size).toBe(7);
      const asc = sort === 'price_asc' || sort === 'mileage_asc';
      expect(seen).toEqual([...seen].sort((a, b) => (asc ? a - b : b - a)));
    }
  });
});

describe('the index follows every write (triggers)', () => {
  let tdb: Db;
  let uid: number;
  const find = (input: SearchInput) => searchListings(tdb, searchInput.parse(input)).items.map((i) => i.id);
  beforeAll(async () => {
    tdb = createTestDb();
    uid = (await createUser(tdb)).user.id;
  });
  afterAll(() => tdb.$client.close());

  it('indexes a new listing, re-indexes an edit and forgets a deleted one', () => {
    const id = insertListing(tdb, uid, { make: 'Peugeot', model: '208', description: 'Sparsommelig bybil' }).id;
    expect(find({ query: 'sparsom' })).toEqual([id]);

    tdb.update(listings).set({ description: 'Nye sommerhjul', model: 'e-208' }).where(eq(listings.id, id)).run();
    expect(find({ query: 'sparsom' })).toEqual([]);
    expect(find({ query: 'sommerhj' })).toEqual([id]);
    expect(find({ query: 'e-208' })).toEqual([id]);

    tdb.delete(listings).where(eq(listings.id, id)).run();
    expect(find({ query: 'sommerhj' })).toEqual([]);
    expect(searchListings(tdb, searchInput.parse({})).total).toBe(0);
  });

  it('follows approval, rejection and the active toggle', () => {
    const id = insertListing(tdb, uid, { make: 'Renault', model: 'Zoe', status: 'pending', description: 'Elbil med varmepumpe' }).id;
    const count = () => searchListings(tdb, searchInput.parse({})).total;
    const before = count();
    expect(find({ query: 'zoe' })).toEqual([]);

    tdb.update(listings).set({ status: 'approved' }).where(eq(listings.id, id)).run();
    expect(find({ query: 'zoe' })).toEqual([id]);
    expect(find({ make: 'renault' })).toEqual([id]);
    expect(count()).toBe(before + 1);

    tdb.update(listings).set({ active: false }).where(eq(listings.id, id)).run();
    expect(find({ query: 'zoe' })).toEqual([]);
    expect(find({ make: 'renault' })).toEqual([]);
    expect(count()).toBe(before);

    tdb.update(listings).set({ active: true }).where(eq(listings.id, id)).run();
    expect(find({ query: 'varmep' })).toEqual([id]);
    tdb.update(listings).set({ status: 'rejected', rejectionReason: 'Feil pris' }).where(eq(listings.id, id)).run();
    expect(find({ query: 'varmep' })).toEqual([]);
    expect(count()).toBe(before);
  });

  it('indexes the address only while it is shown', () => {
    const id = insertListing(tdb, uid, { address: 'Fjordveien 7, 5003 Bergen', place: 'Bergen', hideAddress: true }).id;
    expect(find({ location: 'fjordveien' })).toEqual([]);
    expect(find({ location: 'bergen' })).toEqual([id]);
    tdb.update(listings).set({ hideAddress: false }).where(eq(listings.id, id)).run();
    expect(find({ location: 'fjordveien' })).toEqual([id]);
  });

  it('keeps cached totals exact after any write, including raw SQL', () => {
    const total = () => searchListings(tdb, searchInput.parse({ fuelType: 'diesel', make: 'Ford' })).total;
    expect(total()).toBe(0);
    insertListing(tdb, uid, { make: 'Ford', model: 'Focus', fuelType: 'diesel' });
    expect(total()).toBe(1);
    tdb.run(sql`UPDATE listings SET fuel_type = 'bensin' WHERE make = 'Ford'`);
    expect(total()).toBe(0);
  });
});

describe('query plans (EXPLAIN QUERY PLAN)', () => {
  // A realistic market so the plan choices that depend on the number of matches take their common branch.
  let pdb: Db;
  beforeAll(async () => {
    pdb = createTestDb();
    const uid = (await createUser(pdb)).user.id;
    const r = rng(3);
    const insert = pdb.$client.transaction(() => {
      for (let i = 0; i < 600; i++) pdb.insert(listings).values(generateListing(r, uid, i)).run();
    });
    insert();
  });
  afterAll(() => pdb.$client.close());

  const plan = (sqlText: string, params: unknown[]) =>
    (pdb.$client.prepare(`EXPLAIN QUERY PLAN ${sqlText}`).all(...params) as { detail: string }[]).map((r) => r.detail);

  // A full scan of the listings table reads every row, descriptions and all. A scan of a (covering) index is allowed:
  // it is how the coarse filters (gearbox: two values) are counted, reading narrow entries only.
  const tableScan = (lines: string[]) => lines.filter((l) => /^SCAN (l|listings)\b/.test(l) && !/USING (COVERING )?INDEX/.test(l));

  it.each<[string, SearchInput]>([
    ['no filter', {}],
    ['query', { query: 'stasjonsvogn' }],
    ['make', { make: 'Volvo' }],
    ['model', { model: 'V60' }],
    ['color', { color: 'Blå' }],
    ['location', { location: 'Oslo' }],
    ['yearFrom', { yearFrom: 2020 }],
    ['yearTo', { yearTo: 2012 }],
    ['priceFrom', { priceFrom: 500_000 }],
    ['priceTo', { priceTo: 100_000 }],
    ['mileageFrom', { mileageFrom: 200_000 }],
    ['mileageTo', { mileageTo: 20_000 }],
    ['fuelType', { fuelType: 'Diesel' }],
    ['transmission', { transmission: 'Manuell' }],
    ['driveType', { driveType: 'Firehjulsdrift' }],
    ['bodyType', { bodyType: 'SUV' }],
    ['make + fuelType', { make: 'Volvo', fuelType: 'Diesel' }],
    ['text + make', { query: 'hengerfeste', make: 'Volvo' }],
    ['price sort + priceTo', { sort: 'price_asc', priceTo: 300_000 }],
    ['make + year sort', { make: 'Tesla', sort: 'year_desc' }],
    ['rare filter + mileage sort', { fuelType: 'hydrogen', sort: 'mileage_asc' }],
  ])('%s: no table scan, count and page', (_name, input) => {
    const p = searchInput.parse(input);
    const planned = planSearch(pdb, p)!;
    const pagePlan = plan(planned.page.sql, [...planned.page.params, p.limit, p.offset]);
    const countPlan = plan(planned.count.sql, planned.count.params);
    expect(tableScan(pagePlan)).toEqual([]);
    expect(tableScan(countPlan)).toEqual([]);
    // The page's rows are read by id only (the deferred join), never while searching.
    expect(pagePlan).toContain('SEARCH l USING INTEGER PRIMARY KEY (rowid=?)');
    expect(searchListings(pdb, p).total).toBe(planned.total);
  });

  it('counts a narrowing filter inside its index without reading the table', () => {
    for (const [input, index] of [
      [{ make: 'Volvo', fuelType: 'Diesel' }, 'listings_search_make_idx'],
      [{ priceTo: 300_000, transmission: 'Automat' }, 'listings_search_price_idx'],
      [{ yearFrom: 2020, bodyType: 'SUV' }, 'listings_search_year_idx'],
      [{ fuelType: 'el' }, 'listings_search_fuel_idx'], // a seek on the fuel, by what is for sale (SearchStats)
      [{ bodyType: 'Cabriolet', transmission: 'Manuell' }, 'listings_search_body_idx'],
      [{ transmission: 'Manuell' }, 'listings_search_newest_idx'], // gearbox leads no index: half the cars
      [{ fuelType: 'el', priceFrom: 200_000, priceTo: 201_000 }, 'listings_search_price_idx'], // a narrow range beats a common fuel
      [{ fuelType: 'Hydrogen', priceTo: 900_000 }, 'listings_search_fuel_idx'], // a rare fuel beats a wide range
    ] as const) {
      const planned = planSearch(pdb, searchInput.parse(input))!;
      expect(plan(planned.count.sql, planned.count.params).join(' | ')).toContain(`USING COVERING INDEX ${index}`);
    }
  });

  it('walks the sort index in order when many listings match (no sorting step)', () => {
    for (const input of [{}, { fuelType: 'diesel' }, { sort: 'price_asc', priceTo: 300_000 }, { sort: 'mileage_asc' }] as SearchInput[]) {
      const p = searchInput.parse(input);
      const planned = planSearch(pdb, p)!;
      const lines = plan(planned.page.sql, [...planned.page.params, p.limit, p.offset]);
      // One sort of the 24-row page remains (the outer query); none inside the search.
      expect(lines.filter((l) => l.includes('TEMP B-TREE'))).toHaveLength(1);
    }
  });
});

describe('bounded counts (docs/decisions/009-search-quality.md "Speed")', () => {
  // 600 listings with a count bound of 50, so the bound is reached as it is with 1 000 on a large market.
  let bdb: Db;
  let exact: ListingSearch;
  let bounded: ListingSearch;
  beforeAll(async () => {
    bdb = createTestDb();
    const uid = (await createUser(bdb)).user.id;
    const r = rng(9);
    bdb.$client.transaction(() => {
      for (let i = 0; i < 600; i++) bdb.insert(listings).values(generateListing(r, uid, i)).run();
    })();
    exact = new ListingSearch(bdb);
    bounded = new ListingSearch(bdb, { countCap: 50, columnIndex: false });
  });
  afterAll(() => bdb.$client.close());
  const plan = (sqlText: string, params: unknown[]) =>
    (bdb.$client.prepare(`EXPLAIN QUERY PLAN ${sqlText}`).all(...params) as { detail: string }[]).map((r) => r.detail);

  it('stops counting at the bound and says so; the same page either way; exact below the bound and unfiltered', () => {
    for (const input of [{ fuelType: 'el' }, { query: 'hengerfeste', sort: 'price_asc' }, { transmission: 'Automat', sort: 'mileage_asc', offset: 24 }] as SearchInput[]) {
      const p = searchInput.parse(input);
      const all = exact.search(p);
      expect(all.total).toBeGreaterThan(50);
      const got = bounded.search(p);
      expect({ total: got.total, totalBounded: got.totalBounded }).toEqual({ total: 50, totalBounded: true });
      expect(got.items.map((i) => i.id)).toEqual(all.items.map((i) => i.id));
      expect(JSON.parse(JSON.stringify(got))).toMatchObject({ total: 50, totalBounded: true });
    }
    const few = searchInput.parse({ fuelType: 'hydrogen' });
    expect(exact.search(few).total).toBeLessThanOrEqual(50);
    expect(bounded.search(few)).toEqual(exact.search(few));
    expect(JSON.parse(JSON.stringify(bounded.search(few)))).not.toHaveProperty('totalBounded');
    expect(bounded.search(searchInput.parse({})).total).toBe(exact.search(searchInput.parse({})).total); // kept by triggers
  });

  it('counts past a deep page, so a page beyond the bound is found and the next one known to exist', () => {
    const p = searchInput.parse({ fuelType: 'el', offset: 96, limit: 24 });
    const got = bounded.search(p);
    expect(got.total).toBeGreaterThanOrEqual(120);
    expect(got.items.map((i) => i.id)).toEqual(exact.search(p).items.map((i) => i.id));
  });

  it('reads at most the bound + 1 matches, streaming from the narrowest index or the text index', () => {
    const p = searchInput.parse({ query: 'hengerfeste', make: 'Volvo', fuelType: 'Diesel' });
    const planned = bounded.plan(p)!;
    expect(planned.count.sql).toMatch(/ LIMIT \?$/);
    expect(planned.count.params.at(-1)).toBe(51);
    // The make narrows the text index's match (posting lists intersected by FTS5), the SQL term still decides.
    expect(planned.filters.match).toContain('{make} : (("volvo"))');
    // Each text match is checked against the other filters in the id index, never in the table's wide rows.
    expect(plan(planned.count.sql, planned.count.params)).toEqual(['SCAN f VIRTUAL TABLE INDEX 0:M7', 'SEARCH l USING COVERING INDEX listings_search_id_idx (id=?)']);
    const noText = bounded.plan(searchInput.parse({ make: 'Volvo', fuelType: 'Diesel' }))!;
    expect(plan(noText.count.sql, noText.count.params)).toEqual(['SEARCH l USING COVERING INDEX listings_search_make_idx (make=?)']);
  });

  // Deep pages (docs/decisions/014-cold-search.md "Deep pages"): counted inside SQLite, then read the cheapest way.
  it('counts a deep page inside its index, without handing the matches to JavaScript', () => {
    const p = searchInput.parse({ make: 'Volvo', fuelType: 'Diesel', offset: 60, limit: 24 });
    const planned = bounded.plan(p)!;
    expect(planned.count.sql).toMatch(/^SELECT count\(\*\) FROM \(SELECT 1 FROM /u);
    expect(planned.count.params.at(-1)).toBe(85);
    expect(plan(planned.count.sql, planned.count.params)).toEqual(['CO-ROUTINE (subquery-1)', 'SEARCH l USING COVERING INDEX listings_search_make_idx (make=?)', 'SCAN (subquery-1)']);
  });

  it('reads the last page of a deep search backwards from the end of the sort index', () => {
    const total = exact.search(searchInput.parse({ fuelType: 'el' })).total;
    expect(total).toBeGreaterThan(60);
    const p = searchInput.parse({ fuelType: 'el', sort: 'price_asc', limit: 10, offset: total - 3 });
    const planned = bounded.plan(p)!;
    expect({ total: planned.total, bounded: planned.bounded, pageArgs: planned.pageArgs }).toEqual({ total, bounded: false, pageArgs: [3, 0] });
    expect(planned.page.sql).toContain('ORDER BY l.total_price DESC, l.id DESC LIMIT ? OFFSET ?');
    const lines = plan(planned.page.sql, [...planned.page.params, ...planned.pageArgs]);
    expect(lines.join(' | ')).toContain('USING COVERING INDEX listings_search_price_idx');
    // No sort inside the search: only the outer one of the page's own rows.
    expect(lines.filter((l) => l.includes('TEMP B-TREE'))).toHaveLength(1);
    const got = bounded.search(p);
    expect(got.items.map((i) => i.id)).toEqual(exact.search(p).items.map((i) => i.id));
    expect(got.items).toHaveLength(3);
  });

  it('sorts the text matches for the last page of a text search in another order than newest', () => {
    const total = exact.search(searchInput.parse({ query: 'hengerfeste' })).total;
    expect(total).toBeGreaterThan(60);
    const p = searchInput.parse({ query: 'hengerfeste', sort: 'year_desc', limit: 24, offset: total - 10 });
    const planned = bounded.plan(p)!;
    expect(planned.pageArgs).toEqual([10, total - 10]);
    const lines = plan(planned.page.sql, [...planned.page.params, ...planned.pageArgs]);
    expect(lines).toContain('SCAN f VIRTUAL TABLE INDEX 0:M7');
    expect(lines).toContain('SEARCH l USING COVERING INDEX listings_search_id_idx (id=?)');
    expect(bounded.search(p).items.map((i) => i.id)).toEqual(exact.search(p).items.map((i) => i.id));
  });

  it('answers a page past the end with no items and the exact total', () => {
    const total = exact.search(searchInput.parse({ fuelType: 'diesel' })).total;
    const got = bounded.search(searchInput.parse({ fuelType: 'diesel', offset: total + 50 }));
    expect({ items: got.items, total: got.total, totalBounded: got.totalBounded }).toEqual({ items: [], total, totalBounded: undefined });
  });
});

describe('newest first straight from the text index', () => {
  // While ids follow creation time, a text search's newest-first page is read from FTS5 in descending rowid order.
  let tdb: Db;
  let uid: number;
  const state = () => tdb.$client.prepare('SELECT id_ordered, max_created FROM listings_search_state').get() as { id_ordered: number; max_created: number };
  const newest = (input: SearchInput) => searchListings(tdb, searchInput.parse(input)).items.map((i) => i.id);
  beforeAll(async () => {
    tdb = createTestDb();
    uid = (await createUser(tdb)).user.id;
    const many = tdb.$client.transaction(() => {
      for (let i = 0; i < 300; i++) {
        insertListing(tdb, uid, {
          make: i % 2 ? 'Volvo' : 'Audi',
          description: i % 3 ? 'Romslig stasjonsvogn' : 'Liten bybil',
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
          status: i % 10 === 9 ? 'pending' : 'approved',
        });
      }
    });
    many();
  });
  afterAll(() => tdb.$client.close());

  it('reads the page from the text index and agrees with the sorted order', () => {
    expect(state().id_ordered).toBe(1);
    const p = searchInput.parse({ query: 'stasjonsv', limit: 5 });
    const planned = planSearch(tdb, p)!;
    const lines = (tdb.$client.prepare(`EXPLAIN QUERY PLAN ${planned.page.sql}`).all(...planned.page.params, 5, 0) as { detail: string }[]).map((r) => r.detail);
    expect(lines.join(' | ')).toMatch(/SCAN f VIRTUAL TABLE INDEX \d+:/);
    expect(lines.filter((l) => l.includes('TEMP B-TREE'))).toHaveLength(1); // only the outer sort of the page itself

    const all = searchListings(tdb, searchInput.parse({ query: 'stasjonsv', limit: 100 })).items;
    const expected = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id).map((i) => i.id);
    expect(all.map((i) => i.id)).toEqual(expected);
    expect(newest({ query: 'stasjonsv', limit: 5, offset: 5 })).toEqual(expected.slice(5, 10));
    expect(newest({ query: 'stasjonsv', make: 'volvo', limit: 3 })).toEqual(
      all.filter((i) => i.make === 'Volvo').slice(0, 3).map((i) => i.id),
    );
  });

  it('falls back to sorting once a listing is inserted with an older date, and stays right', () => {
    const old = insertListing(tdb, uid, { description: 'Eldre stasjonsvogn', createdAt: new Date(Date.UTC(2020, 0, 1)) }).id;
    expect(state().id_ordered).toBe(0);
    const total = searchListings(tdb, searchInput.parse({ query: 'stasjonsv' })).total;
    expect(newest({ query: 'stasjonsv', limit: 1, offset: total - 1 })).toEqual([old]); // highest id, oldest date: last
    const moved = insertListing(tdb, uid, { description: 'Flyttet stasjonsvogn', createdAt: new Date(Date.UTC(2030, 0, 1)) }).id;
    expect(newest({ query: 'stasjonsv', limit: 1 })).toEqual([moved]);
  });

  it('notices a changed creation date', async () => {
    const db2 = createTestDb();
    const u = (await createUser(db2)).user.id;
    const a = insertListing(db2, u, { createdAt: new Date(Date.UTC(2025, 0, 1)) }).id;
    insertListing(db2, u, { createdAt: new Date(Date.UTC(2025, 0, 2)) });
    const ordered = () => db2.$client.prepare('SELECT id_ordered FROM listings_search_state').pluck().get();
    expect(ordered()).toBe(1);
    db2.update(listings).set({ description: 'Pent og pyntet' }).where(eq(listings.id, a)).run();
    expect(ordered()).toBe(1);
    db2.update(listings).set({ createdAt: new Date(Date.UTC(2026, 0, 1)) }).where(eq(listings.id, a)).run();
    expect(ordered()).toBe(0);
    expect(searchListings(db2, searchInput.parse({ query: 'pent' })).items[0].id).toBe(a);
    db2.$client.close();
  });
});

describe('schema guard', () => {
  // A later migration that rebuilds the listings table (drizzle-kit's way of changing a column in SQLite) drops its
  // triggers with it; it must create them again (copy them from db/migrations/0003_fts.sql). This test notices.
  it('has the search triggers after all migrations, and the text index agrees with the listings', async () => {
    const gdb = createTestDb();
    const triggers = gdb.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'listings' ORDER BY name").pluck().all();
    expect(triggers).toEqual([
      'listings_county_reset_au', 'listings_search_ad', 'listings_search_ai', 'listings_search_changes_ad', 'listings_search_changes_ai', 'listings_search_changes_au',
      'listings_search_created_au', 'listings_search_fts_au', 'listings_search_state_au',
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
    expect(gdb.$client.prepare('SELECT count(*) FROM listings_fts').pluck().get()).toBe(visible);
    expect(gdb.$client.prepare('SELECT visible FROM listings_search_state').pluck().get()).toBe(visible);
    gdb.$client.close();
  });
});

describe('which pages are kept (cache.ts Doorkeeper)', () => {
  it('keeps a filtered page from its second request on, and the unfiltered first page from its first', () => {
    const s = new ListingSearch(db);
    const filtered = searchInput.parse({ make: 'Volvo', sort: 'price_asc' });
    const once = s.search(filtered);
    const twice = s.search(filtered);
    // Asked once: computed again, the same answer.
    expect(twice).not.toBe(once);
    expect(twice).toEqual(once);
    expect(s.search(filtered)).toBe(twice);
    const home = searchInput.parse({ limit: 6 });
    const first = s.search(home);
    expect(s.search(home)).toBe(first);
  });
});
