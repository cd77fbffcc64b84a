import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client';
import { listings, type Listing } from '../../../../db/schema';
import { resolveFilter, type FilterKey } from '../../../shared/codes';
import { SORTS, searchInput, type SearchInput } from '../../../shared/schemas/search';
import { searchKey } from '../../../shared/search-words';
import { createTestDb, createUser } from '../../testing/harness';
import { CATALOGUE, generateListing, PLACES, rng } from '../../testing/listing-factory';
import { ListingSearch } from './listing-search';
import * as pgSchema from '../../../../db/pg/schema';
import type { Store } from '../../store';
import { createTestStore } from '../../testing/stores';
import { createSqliteStore } from '../../store';
import { parseQuery, vocabularyOf } from './query-words';

// The search (the column index, kept in step from the change log, its pages read by id, the caches) against an
// obviously correct one: every row in memory, filtered, sorted and paged in plain JavaScript. Free text is read by the
// parser (its own tests: query-words.test.ts); here the words it leaves must each begin a word of the listing, as
// docs/decisions/004-listing-search.md says. Same ids, same order, same exact total, for random filters and writes.

const N = 3000;
const NON_TOKEN = /[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]+/u;
const words = (text: string) => text.normalize('NFC').toLowerCase().split(NON_TOKEN).filter(Boolean);

let db: Db;
let search: ListingSearch;
let rows: Listing[];
let visible: Listing[];

/** The random market every store is filled with. */
function market(uid: number) {
  const r = rng(2024);
  // Ids follow creation time, as on a live site.
  const generated = Array.from({ length: N }, (_, i) => generateListing(r, uid, i, Date.UTC(2025, 5, 1)))
    .sort((a, b) => +a.createdAt! - +b.createdAt!)
    .map((l, i) => ({
      ...l,
      status: i % 17 === 0 ? ('pending' as const) : i % 23 === 0 ? ('rejected' as const) : ('approved' as const),
      rejectionReason: i % 23 === 0 && i % 17 !== 0 ? 'Uklart' : null,
      active: i % 19 !== 0,
    }));
  // A few equal creation times, so the id tiebreak matters (prices and years tie often anyway).
  generated.forEach((l, i) => i % 50 === 1 && (l.createdAt = generated[i - 1].createdAt));
  return generated;
}

beforeAll(async () => {
  db = createTestDb();
  search = new ListingSearch(createSqliteStore(db, false));
  const uid = (await createUser(db)).user.id;
  const generated = market(uid);
  db.$client.transaction(() => {
    for (const l of generated) db.insert(listings).values(l).run();
  })();
  rows = db.select().from(listings).all();
  visible = rows.filter((l) => l.status === 'approved' && l.active);
});
afterAll(() => db.$client.close());

const MAKES = CATALOGUE.map((m) => m.make);
const MODELS = CATALOGUE.flatMap((m) => m.models.map((s) => s.model));
const TEXT_WORDS = [
  'hengerfeste', 'romslig', 'vinterdekk', 'vinter', 'bil', 'ærlig', 'stasjonsv', 'pent', 'garasjert', 'østlandet', 'røyker',
  'sølv', 'blå', 'oslo', 'tromsø', 'bergen', 'metallic', 'eu', 'xyzzy', 'service', 'ca', 'a',
  // words read as filters
  'elbil', 'el', 'automat', 'manuell', 'diesel', 'hybrid', 'ladbar', 'suv', 'stasjonsvogn', 'varebil', '4x4', 'vw', 'merc',
  'bmw', 'tesla', 'volvo', 'xc60', 'xc 60', 'id4', 'model 3', '3-serie', 'mazda 6', '2019', '2015-2018', '2021-2020',
];

const randomCase = (s: string, flips: number) => [...s].map((c, i) => ((flips >> i % 16) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');
// Each filter in about one search of six, so most searches combine a few and find something.
const optional = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: arb, weight: 1 });
const filterValue = (key: FilterKey, extra: string[]) => fc.constantFrom(...resolveFilter(key, 'x').concat(extra));

const inputArb: fc.Arbitrary<SearchInput> = fc.record(
  {
    query: optional(fc.array(fc.constantFrom(...TEXT_WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '))),
    make: optional(fc.tuple(fc.constantFrom(...MAKES, 'Lada'), fc.nat()).map(([m, f]) => randomCase(m, f))),
    model: optional(fc.constantFrom(...MODELS)),
    color: optional(fc.constantFrom('Svart', 'sølv', 'BLÅ', 'Rosa')),
    location: optional(fc.constantFrom(...PLACES.map((p) => p.place), 'storgata', '0155', 'kongens gate', 'Vestland', 'møre og romsdal', 'Trønd', 'oslo')),
    yearFrom: optional(fc.integer({ min: 2006, max: 2026 })),
    yearTo: optional(fc.integer({ min: 2006, max: 2026 })),
    priceFrom: optional(fc.integer({ min: 0, max: 600_000 })),
    priceTo: optional(fc.integer({ min: 0, max: 900_000 })),
    mileageFrom: optional(fc.integer({ min: 0, max: 200_000 })),
    mileageTo: optional(fc.integer({ min: 0, max: 300_000 })),
    fuelType: optional(filterValue('fuelType', ['Elektrisk', 'Diesel', 'Hybrid', 'el', 'bensin', 'plugin_hybrid'])),
    transmission: optional(filterValue('transmission', ['Automat', 'Manuell'])),
    driveType: optional(filterValue('driveType', ['Firehjulsdrift', 'forhjulsdrift'])),
    bodyType: optional(filterValue('bodyType', ['Personbil', 'SUV', 'Stasjonsvogn', 'Varebil', 'kombi'])),
    sort: fc.constantFrom(...SORTS),
    limit: fc.constantFrom(1, 3, 24, 100),
    offset: fc.constantFrom(0, 0, 2, 24, 250, 2500),
  },
  { requiredKeys: ['sort', 'limit', 'offset'] },
);

const visibleNow = () => visible;

/** Every visible row in memory, filtered in the plainest way there is. */
function reference(input: SearchInput, visible = visibleNow()) {
  const p = searchInput.parse(input);
  const lower = (s: string) => s.normalize('NFC').toLocaleLowerCase('nb-NO');
  const vocab = vocabularyOf(visible);
  const parsed = p.query ? parseQuery(p.query, vocab, new Set(p.make ? [searchKey(p.make)] : [])) : undefined;
  const codes = (key: FilterKey, v: string | undefined) => (v === undefined ? undefined : new Set(resolveFilter(key, v)));
  const wanted = {
    fuelType: [codes('fuelType', p.fuelType), codes('fuelType', parsed?.filters.fuelType?.join(','))],
    transmission: [codes('transmission', p.transmission), codes('transmission', parsed?.filters.transmission?.join(','))],
    driveType: [codes('driveType', p.driveType), codes('driveType', parsed?.filters.driveType?.join(','))],
    bodyType: [codes('bodyType', p.bodyType), codes('bodyType', parsed?.filters.bodyType?.join(','))],
  };
  const column = { fuelType: 'fuelType', transmission: 'transmission', driveType: 'drivetrain', bodyType: 'bodyType' } as const;
  const textWords = parsed ? words(parsed.text) : [];
  const locationWords = p.location ? words(p.location) : [];
  const prefixOf = (ws: string[], have: string[]) => ws.every((w) => have.some((h) => (w.length >= 2 ? h.startsWith(w) : h === w)));
  if ((p.query && !textWords.length && !parsed?.makes.length && !parsed?.models.length && !Object.keys(parsed?.filters ?? {}).length && parsed?.yearFrom === undefined) || (p.location && !locationWords.length))
    return { ids: [], total: 0, text: true };
  const yearFrom = Math.max(p.yearFrom ?? -Infinity, parsed?.yearFrom ?? -Infinity);
  const yearTo = Math.min(p.yearTo ?? Infinity, parsed?.yearTo ?? Infinity);
  const matches = visible.filter((l) => {
    if (p.make && lower(l.make) !== lower(p.make)) return false;
    if (p.model && lower(l.model) !== lower(p.model)) return false;
    if (p.color && lower(l.color ?? '') !== lower(p.color)) return false;
    if (parsed?.makes.length && !parsed.makes.some((m) => lower(m) === lower(l.make))) return false;
    if (parsed?.models.length && !parsed.models.some((m) => lower(m) === lower(l.model))) return false;
    for (const key of Object.keys(wanted) as (keyof typeof wanted)[]) {
      for (const set of wanted[key]) if (set && !set.has(l[column[key]] as string)) return false;
    }
    if (!(l.year! >= yearFrom && l.year! <= yearTo)) return false;
    if (p.priceFrom !== undefined && l.totalPrice < p.priceFrom) return false;
    if (p.priceTo !== undefined && l.totalPrice > p.priceTo) return false;
    if (p.mileageFrom !== undefined && l.mileage! < p.mileageFrom) return false;
    if (p.mileageTo !== undefined && l.mileage! > p.mileageTo) return false;
    // The place is searched with its county (db/migrations/0013_county_area.sql).
    const text = [l.make, l.model, l.color ?? '', l.description ?? '', (l.equipment ?? []).join(' '), l.place, l.county].join(' ');
    if (!prefixOf(textWords, words(text))) return false;
    if (!prefixOf(locationWords, words(`${l.place} ${l.county} ${l.hideAddress ? '' : l.address}`))) return false;
    return true;
  });
  const key: Record<(typeof SORTS)[number], [(l: Listing) => number, 1 | -1]> = {
    newest: [(l) => +l.createdAt, -1],
    price_asc: [(l) => l.totalPrice, 1],
    price_desc: [(l) => l.totalPrice, -1],
    year_desc: [(l) => l.year!, -1],
    mileage_asc: [(l) => l.mileage!, 1],
  };
  const [by, dir] = key[p.sort];
  matches.sort((a, b) => dir * (by(a) - by(b) || a.id - b.id));
  const text = textWords.length > 0;
  return { ids: matches.slice(p.offset, p.offset + p.limit).map((l) => l.id), total: matches.length, text };
}

describe('the search agrees with a plain one', () => {
  it(`over ${N} random listings and random filters: same ids, order and exact total, cards and full listings`, async () => {
    expect(visible.length).toBeGreaterThan(N * 0.8);
    let large = 0;
    let textFound = 0;
    await fc.assert(
      fc.asyncProperty(inputArb, async (input) => {
        const p = searchInput.parse(input);
        const got = await search.search(p);
        const want = reference(input);
        expect({ ids: got.items.map((i) => i.id), total: got.total }).toEqual({ ids: want.ids, total: want.total });
        // Large totals are exact too, free text included.
        if (want.total > Math.max(1000, p.offset + p.limit)) large++;
        if (want.text && want.total > 0) textFound++;
        // The REST list (full listings) reads the same page.
        expect((await search.searchFull(p)).items.map((i) => i.id)).toEqual(want.ids);
      }),
      { numRuns: 400, seed: 7 },
    );
    expect(large).toBeGreaterThan(10);
    // Free text found something often enough to be compared.
    expect(textFound).toBeGreaterThan(5);
  });

  it('free text, always given: same ids, order and exact total', async () => {
    const withText = fc
      .tuple(inputArb, fc.array(fc.constantFrom(...TEXT_WORDS), { minLength: 1, maxLength: 2 }))
      .map(([input, w]) => ({ ...input, query: w.join(' ') }));
    let found = 0;
    await fc.assert(
      fc.asyncProperty(withText, async (input) => {
        const got = await search.search(searchInput.parse(input));
        const want = reference(input);
        expect({ ids: got.items.map((i) => i.id), total: got.total }).toEqual({ ids: want.ids, total: want.total });
        if (want.text && want.total > 0) found++;
      }),
      { numRuns: 400, seed: 9 },
    );
    expect(found).toBeGreaterThan(60);
  });

  it('finds something for most generated searches (the property is not vacuous)', () => {
    const samples = fc.sample(inputArb, { numRuns: 200, seed: 8 });
    const nonEmpty = samples.filter((s) => reference({ ...s, offset: 0 }).total > 0).length;
    expect(nonEmpty).toBeGreaterThan(100);
  });
});

// The same market on PostgreSQL: its rows as the index reads them (creation times in ms, equipment as text, booleans)
// must make the same searches find the same pages. Writes are followed on PostgreSQL in several-instances.test.ts.
describe('the search on PostgreSQL agrees with a plain one', () => {
  let store: Store;
  let pgSearch: ListingSearch;
  let pgVisible: Listing[];
  beforeAll(async () => {
    store = await createTestStore('pg');
    if (store.dialect !== 'pg') throw new Error('not PostgreSQL');
    const pgDb = store.db;
    const uid = (await pgDb.execute<{ id: number }>(sql`INSERT INTO users (username, password_hash, name, email, unique_id) VALUES ('selger', 'x', 'Kari', 'k@example.no', 'BP-S') RETURNING id`)).rows[0].id;
    const generated = market(uid);
    for (let i = 0; i < generated.length; i += 500) await pgDb.insert(pgSchema.listings).values(generated.slice(i, i + 500));
    pgSearch = new ListingSearch(store);
    pgVisible = ((await pgDb.select().from(pgSchema.listings)) as Listing[]).filter((l) => l.status === 'approved' && l.active);
  });
  afterAll(() => store?.close());

  it(`over ${N} random listings and random filters: same ids, order and exact total, cards and full listings`, async () => {
    expect(pgVisible.length).toBeGreaterThan(N * 0.8);
    let found = 0;
    await fc.assert(
      fc.asyncProperty(inputArb, async (input) => {
        const p = searchInput.parse(input);
        const got = await pgSearch.search(p);
        const want = reference(input, pgVisible);
        expect({ ids: got.items.map((i) => i.id), total: got.total }).toEqual({ ids: want.ids, total: want.total });
        if (want.total > 0) found++;
        expect((await pgSearch.searchFull(p)).items.map((i) => i.id)).toEqual(want.ids);
      }),
      { numRuns: 200, seed: 7 },
    );
    expect(found).toBeGreaterThan(100);
  });
});

describe('the column index follows every write', () => {
  const anyInput = inputArb;
  const check = async (runs: number, seed: number) => {
    rows = db.select().from(listings).all();
    visible = rows.filter((l) => l.status === 'approved' && l.active);
    await fc.assert(
      fc.asyncProperty(anyInput, async (input) => {
        const got = await search.search(searchInput.parse(input));
        const want = reference(input);
        expect({ ids: got.items.map((i) => i.id), total: got.total }).toEqual({ ids: want.ids, total: want.total });
      }),
      { numRuns: runs, seed },
    );
  };

  it('inserts, edits, hides, approves and deletes are in the next search, without reading everything again', async () => {
    await check(50, 11);
    const before = await search.columnIndexState();
    const r = rng(77);
    const uid = (await createUser(db)).user.id;
    const ids = () => db.$client.prepare('SELECT id FROM listings').pluck().all() as number[];
    const pick = () => r.pick(ids());
    for (let round = 0; round < 6; round++) {
      db.$client.transaction(() => {
        for (let k = 0; k < 40; k++) {
          const id = pick();
          switch (k % 10) {
            case 0: db.$client.prepare('UPDATE listings SET total_price = ?, price = ? WHERE id = ?').run(r.int(10_000, 900_000), 1, id); break;
            case 1: db.$client.prepare('UPDATE listings SET active = 1 - active WHERE id = ?').run(id); break;
            case 2: db.$client.prepare("UPDATE listings SET status = CASE status WHEN 'approved' THEN 'pending' ELSE 'approved' END WHERE id = ?").run(id); break;
            case 3: db.$client.prepare('UPDATE listings SET created_at = ?, year = ?, mileage = ? WHERE id = ?').run(Date.UTC(2025, r.int(0, 11), r.int(1, 28)), r.int(2008, 2025), r.int(0, 300_000), id); break;
            case 4: db.$client.prepare('UPDATE listings SET make = ?, model = ?, color = ? WHERE id = ?').run(r.pick(['Skoda', 'SKODA', 'Lada', 'Volvo']), r.pick(['Octavia', 'XC60', 'Niva']), r.pick(['Sølv', 'SØLV', 'svart']), id); break;
            case 5: db.$client.prepare('DELETE FROM listings WHERE id = ?').run(id); break;
            case 7:
              if (round % 2) db.$client.prepare('UPDATE listings SET hide_address = 1 - hide_address WHERE id = ?').run(id);
              else db.$client.prepare('UPDATE listings SET place = ?, address = ? WHERE id = ?').run(r.pick(['Tromsø', 'Oslo', 'Kongsberg']), r.pick(['Kongens gate 3, 9008 Tromsø', 'Storgata 1, 0155 Oslo']), id);
              break;
            case 8:
              db.$client.prepare('UPDATE listings SET description = ?, equipment = ? WHERE id = ?').run(r.pick(['Pent brukt, garasjert', 'Røyker, vinterdekk', '']), r.pick(['["Hengerfeste"]', '[]', '["Panorama","Vinterdekk"]']), id);
              break;
            case 6: db.$client.prepare('UPDATE listings SET fuel_type = ?, body_type = ?, transmission = ?, drivetrain = ? WHERE id = ?').run(...(['fuel_type', 'body_type', 'transmission', 'drivetrain'] as const).map((c) => db.$client.prepare(`SELECT ${c} FROM listings WHERE id = ?`).pluck().get(pick())), id); break;
            default: db.insert(listings).values({ ...generateListing(r, uid, 10_000 + round * 40 + k, Date.UTC(2025, 5, 1)), status: 'approved' }).run();
          }
        }
      })();
      await check(40, 100 + round);
    }
    expect(await search.columnIndexState()).toEqual({ size: visible.length, rebuilds: before.rebuilds });
  });

  it('the change log is pruned to its last 10 000 entries as the index applies it', async () => {
    const log = () => db.$client.prepare('SELECT count(*) FROM listings_search_changes').pluck().get() as number;
    const before = await search.columnIndexState();
    // About 3 000 entries per statement, a search after each: applied in steps, no rebuild.
    for (let i = 0; i < 8; i++) {
      db.$client.prepare('UPDATE listings SET mileage = mileage + 1').run();
      await search.search(searchInput.parse({ sort: 'mileage_asc' }));
    }
    expect(log()).toBeLessThanOrEqual(2 * 10_000);
    expect(log()).toBeGreaterThanOrEqual(10_000);
    await check(40, 200);
    expect((await search.columnIndexState()).rebuilds).toBe(before.rebuilds);
  });

  it('a reader whose place in the change log was pruned reads everything again', async () => {
    const before = await search.columnIndexState();
    db.$client.prepare('UPDATE listings SET total_price = total_price + 1000 WHERE id % 7 = 0').run();
    db.$client.prepare('DELETE FROM listings_search_changes').run();
    await check(40, 300);
    expect((await search.columnIndexState()).rebuilds).toBe(before.rebuilds + 1);
  });
});
