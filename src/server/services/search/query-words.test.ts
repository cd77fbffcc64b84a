import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client';
import { FILTER_MAKES } from '../../../shared/codes';
import { searchInput, type SearchInput } from '../../../shared/schemas/search';
import { FILTER_WORDS, MAKE_ALIASES, searchKey } from '../../../shared/search-words';
import cars from '../../demo/cars.json';
import { createTestDb, createUser } from '../../testing/harness';
import { insertListing } from '../../testing/listing-factory';
import { ListingSearch } from './listing-search';
import { createSqliteStore } from '../../store';
import { parseQuery, vocabularyOf } from './query-words';

// Free text that understands the words of car ads (docs/decisions/009-search-quality.md): the parser alone, then the
// search over the demo cars a new user sees, where 'tesla 2022', 'Volkswagen id4', 'vw', 'elbil' and 'automat' found
// nothing before.

const vocab = vocabularyOf([
  { make: 'Volkswagen', model: 'ID.4' },
  { make: 'Volkswagen', model: 'Golf' },
  { make: 'Volvo', model: 'XC 60' },
  { make: 'Volvo', model: 'XC60' },
  { make: 'Mercedes-Benz', model: 'C-Klasse' },
  { make: 'Tesla', model: 'Model 3' },
  { make: 'Mazda', model: '6' },
  { make: 'Peugeot', model: '3008' },
  { make: 'Land Rover', model: 'Defender' },
  { make: 'Ford', model: 'Mustang Mach-E' },
]);

describe('parseQuery', () => {
  it.each<[string, Partial<ReturnType<typeof parseQuery>>]>([
    ['tesla 2022', { makes: ['Tesla'], yearFrom: 2022, yearTo: 2022, text: '' }],
    ['2018-2020', { yearFrom: 2018, yearTo: 2020, text: '' }],
    ['volvo 2020 – 2018', { makes: ['Volvo'], yearFrom: 2018, yearTo: 2020 }],
    ['Volkswagen id4', { makes: ['Volkswagen'], models: ['ID.4'], text: '' }],
    ['ID.4', { makes: [], models: ['ID.4'], text: '' }],
    ['id 4', { models: ['ID.4'], text: '' }],
    ['xc60', { models: ['XC 60', 'XC60'] }],
    ['XC 60', { models: ['XC 60', 'XC60'] }],
    ['vw', { makes: ['Volkswagen'], text: '' }],
    ['VW golf', { makes: ['Volkswagen'], models: ['Golf'] }],
    ['merc c-klasse', { makes: ['Mercedes-Benz'], models: ['C-Klasse'] }],
    ['mb', { makes: ['Mercedes-Benz'] }],
    ['mercedes-benz', { makes: ['Mercedes-Benz'], text: '' }],
    ['land rover', { makes: ['Land Rover'], text: '' }],
    ['mustang mach-e', { models: ['Mustang Mach-E'], text: '' }],
    ['tesla model 3', { makes: ['Tesla'], models: ['Model 3'] }],
    ['mazda 6', { makes: ['Mazda'], models: ['6'], text: '' }],
    ['peugeot 3008', { makes: ['Peugeot'], models: ['3008'], text: '' }],
    ['3008', { models: [], text: '3008' }], // a bare number names no model without a make (nor a year: too late)
    ['6', { models: [], text: '6' }],
    ['elbil med hengerfeste', { filters: { fuelType: ['el'] }, text: 'med hengerfeste' }],
    ['diesel automat stasjonsvogn', { filters: { fuelType: ['diesel'], transmission: ['Automat'], bodyType: ['stasjonsvogn'] }, text: '' }],
    ['ladbar hybrid', { filters: { fuelType: ['plugin_hybrid'] }, text: '' }],
    ['plug-in hybrid', { filters: { fuelType: ['plugin_hybrid'] }, text: '' }],
    ['bensin eller diesel', { filters: { fuelType: ['bensin', 'diesel'] }, text: 'eller' }],
    ['suv 4x4', { filters: { bodyType: ['suv'], driveType: ['firehjulsdrift'] } }],
    ['BMW BMW', { makes: ['BMW'] }],
    ['bla bla', { makes: [], models: [], filters: {}, text: 'bla bla' }],
    ['tesl', { makes: [], text: 'tesl' }], // a beginning stays text, found by prefix
    ['blå ærlig', { text: 'blå ærlig' }],
    ['0155 oslo', { text: '0155 oslo' }],
    ['1066', { text: '1066' }],
  ])('%s', (text, expected) => {
    expect(parseQuery(text, vocab)).toMatchObject(expected);
  });

  it('reads only a plausible model year as a year', () => {
    for (const text of ['peugeot 3008', '0155 oslo', '1066', '3008']) expect(parseQuery(text, vocab).yearFrom).toBeUndefined();
    expect(parseQuery('1950 volvo', vocab).yearFrom).toBe(1950);
  });

  it('reads a model only within a make chosen elsewhere', () => {
    expect(parseQuery('id4', vocab, new Set(['volvo']))).toMatchObject({ models: [], text: 'id4' });
    expect(parseQuery('6', vocab, new Set(['mazda']))).toMatchObject({ models: ['6'] });
  });

  it('knows every alias and every filter word, and every key is already a search key', () => {
    for (const [alias, make] of Object.entries(MAKE_ALIASES)) {
      expect(alias).toBe(searchKey(alias));
      expect(parseQuery(alias, vocab).makes).toEqual([make]);
    }
    for (const make of FILTER_MAKES) expect(parseQuery(make.toUpperCase(), vocab).makes).toEqual([make]);
    for (const [word, meaning] of Object.entries(FILTER_WORDS)) {
      expect(word).toBe(searchKey(word));
      expect(parseQuery(word, vocab)).toMatchObject({ filters: { [meaning.key]: [meaning.value] }, text: '' });
    }
  });
});

describe('searching the demo cars as a buyer types', () => {
  let db: Db;
  let search: ListingSearch;
  const found = async (input: SearchInput) => {
    const r = await search.search(searchInput.parse(input));
    expect(r.total).toBe(r.items.length);
    return r.items.map((i) => `${i.make} ${i.model}`).sort();
  };

  beforeAll(async () => {
    db = createTestDb();
    search = new ListingSearch(createSqliteStore(db, false), { forSaleRefreshMs: 0 }); // what is for sale read again after every write
    const uid = (await createUser(db)).user.id;
    for (const c of cars) {
      insertListing(db, uid, {
        make: c.make, model: c.model, year: c.year, fuelType: c.fuelType, transmission: c.transmission, bodyType: c.bodyType,
        drivetrain: c.drivetrain, mileage: c.mileage, color: c.color, description: c.description, place: 'Oslo',
      });
    }
    insertListing(db, uid, { make: 'Skoda', model: 'Enyaq', status: 'pending', fuelType: 'el' });
  });
  afterAll(() => db.$client.close());

  it.each<[string, string[]]>([
    ['tesla 2022', ['Tesla Model Y']],
    ['Volkswagen id4', ['Volkswagen ID.4']],
    ['vw', ['Volkswagen ID.4']],
    ['VW ID.4 2021', ['Volkswagen ID.4']],
    ['elbil', ['Kia EV6', 'Nissan Leaf', 'Tesla Model Y', 'Volkswagen ID.4']],
    ['el', ['Kia EV6', 'Nissan Leaf', 'Tesla Model Y', 'Volkswagen ID.4']],
    ['automat', ['Audi A4', 'BMW 3-serie', 'Kia EV6', 'Mercedes-Benz C-Klasse', 'Nissan Leaf', 'Skoda Octavia', 'Tesla Model Y', 'Toyota RAV4', 'Volkswagen ID.4', 'Volvo V60']],
    ['manuell', ['Ford Transit Custom', 'Peugeot 208']],
    ['diesel', ['Audi A4', 'BMW 3-serie', 'Ford Transit Custom', 'Volvo V60']],
    ['hybrid', ['Mercedes-Benz C-Klasse', 'Toyota RAV4']],
    ['ladbar', ['Mercedes-Benz C-Klasse']],
    ['stasjonsvogn', ['Audi A4', 'Skoda Octavia', 'Volvo V60']],
    ['suv', ['Kia EV6', 'Tesla Model Y', 'Toyota RAV4', 'Volkswagen ID.4']],
    ['varebil', ['Ford Transit Custom']],
    ['2018-2019', ['BMW 3-serie', 'Ford Transit Custom', 'Nissan Leaf', 'Volvo V60']],
    ['merc', ['Mercedes-Benz C-Klasse']],
    ['mercedes c klasse', ['Mercedes-Benz C-Klasse']],
    ['bmw 3 serie', ['BMW 3-serie']],
    ['3-serie', ['BMW 3-serie']],
    ['transit custom', ['Ford Transit Custom']],
    ['ev 6', ['Kia EV6']],
    ['skoda octavia', ['Skoda Octavia']],
    ['skoda enyaq', []], // pending: not for sale
    ['elbil suv 2022', ['Tesla Model Y']],
    ['volvo elbil', []],
    ['tesl', ['Tesla Model Y']],
    ['TESLA', ['Tesla Model Y']],
  ])('%s', async (query, expected) => {
    expect(await found({ query })).toEqual(expected);
  });

  it('lets the words narrow the filters, never widen them', async () => {
    expect(await found({ query: 'elbil', make: 'Kia' })).toEqual(['Kia EV6']);
    expect(await found({ query: 'tesla', make: 'Kia' })).toEqual([]);
    expect(await found({ query: '2022', yearFrom: 2023 })).toEqual([]);
    expect(await found({ query: 'diesel', fuelType: 'el' })).toEqual([]);
  });

  it('reads the make and model filters in any spelling, and keeps an unknown one (it finds nothing)', async () => {
    expect(await found({ make: 'vw' })).toEqual(['Volkswagen ID.4']);
    expect(await found({ make: 'mercedes' })).toEqual(['Mercedes-Benz C-Klasse']);
    expect(await found({ make: 'Volkswagen', model: 'id 4' })).toEqual(['Volkswagen ID.4']);
    expect(await found({ model: 'ev6' })).toEqual(['Kia EV6']);
    expect(await found({ make: 'Skoda' })).toEqual(['Skoda Octavia']);
    expect(await found({ make: 'Lada' })).toEqual([]);
    expect(await found({ make: 'Lada', query: '6' })).toEqual([]);
    expect(await found({ model: 'ID.5' })).toEqual([]);
  });

  it('offers what is for sale with counts: the ten brands first, then the rest by name, models of each make', async () => {
    const f = await search.facets();
    expect(f.makes.slice(0, 10).map((m) => m.name)).toEqual([...FILTER_MAKES]);
    expect(f.makes.find((m) => m.name === 'Renault')).toEqual({ name: 'Renault', count: 0, models: [] });
    expect(f.makes.slice(10)).toEqual([
      { name: 'Kia', count: 1, models: [{ name: 'EV6', count: 1 }] },
      { name: 'Nissan', count: 1, models: [{ name: 'Leaf', count: 1 }] },
      { name: 'Skoda', count: 1, models: [{ name: 'Octavia', count: 1 }] }, // the pending Enyaq is not counted
    ]);
    expect(f.places).toEqual([{ name: 'Oslo', count: cars.length }]);
    insertListing(db, (db.$client.prepare('SELECT id FROM users').pluck().get() as number), { make: 'skoda', model: 'OCTAVIA', place: 'Bergen' });
    const again = await search.facets(); // a new version: counted again, spellings folded
    expect(again.makes.find((m) => m.name === 'Skoda')).toEqual({ name: 'Skoda', count: 2, models: [{ name: 'Octavia', count: 2 }] });
    expect(again.places.map((p) => p.name)).toEqual(['Bergen', 'Oslo']);
  });
});

describe('what is for sale is read at most once per refresh interval', () => {
  it('keeps makes and places until the interval has passed after a write, then counts again', async () => {
    const tdb = createTestDb();
    const uid = (await createUser(tdb)).user.id;
    let clock = 0;
    const s = new ListingSearch(createSqliteStore(tdb, false), { forSaleRefreshMs: 1000, now: () => clock });
    insertListing(tdb, uid, { make: 'Kia', model: 'Niro', place: 'Oslo' });
    expect((await s.facets()).makes.slice(10)).toEqual([{ name: 'Kia', count: 1, models: [{ name: 'Niro', count: 1 }] }]);
    insertListing(tdb, uid, { make: 'Kia', model: 'EV6', place: 'Bergen' });
    clock = 999;
    expect((await s.facets()).makes.slice(10)).toEqual([{ name: 'Kia', count: 1, models: [{ name: 'Niro', count: 1 }] }]);
    // The words chose from the old vocabulary, but results read the live rows: 'kia ev6' still finds the new car.
    expect((await s.search(searchInput.parse({ query: 'kia ev6' }))).total).toBe(1);
    clock = 1000;
    expect((await s.facets()).makes.slice(10)).toEqual([{ name: 'Kia', count: 2, models: [{ name: 'EV6', count: 1 }, { name: 'Niro', count: 1 }] }]);
    expect((await s.facets()).places.map((p) => p.name)).toEqual(['Bergen', 'Oslo']);
    // A model spelled otherwise by the buyer is known at once, before the counts are read again.
    insertListing(tdb, uid, { make: 'Volkswagen', model: 'ID.4', place: 'Oslo' });
    clock = 1500;
    expect((await s.search(searchInput.parse({ query: 'vw id4' }))).total).toBe(1);
    expect((await s.facets()).makes.find((m) => m.name === 'Volkswagen')!.count).toBe(0);
    clock = 2000;
    expect((await s.facets()).makes.find((m) => m.name === 'Volkswagen')!.count).toBe(1);
    tdb.$client.close();
  });
});
