import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client';
import { listings, type Listing } from '../../../../db/schema';
import { resolveFilter, type FilterKey } from '../../../shared/codes';
import { SORTS, searchInput, type SearchInput } from '../../../shared/schemas/search';
import { searchKey } from '../../../shared/search-words';
import { createTestDb, createUser } from '../../testing/harness';
import { CATALOGUE, generateListing, PLACES, rng } from '../../testing/listing-factory';
import { ListingSearch, type DeepStrategy } from './listing-search';
import { parseQuery, vocabularyOf } from './query-words';

// The optimised search (plans chosen with INDEXED BY, the text index read in id order, deferred joins, caches)
// against an obviously correct one: every row in memory, filtered, sorted and paged in plain JavaScript. Free text is
// read by the parser (its own tests: query-words.test.ts); here the words it leaves must each begin a word of the
// listing, as docs/decisions/004-listing-search.md says. Same ids, same order, same total, for random filters.

const N = 3000;
const NON_TOKEN = /[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]+/u;
const words = (text: string) => text.normalize('NFC').toLowerCase().split(NON_TOKEN).filter(Boolean);

let db: Db;
let search: ListingSearch;
/** The same search counting at most 40 matches, so the bounded total and the page walked in sort order are exercised. */
let boundedSearch: ListingSearch;
const SMALL_CAP = 40;
/** The same bound with each way of reading a deep page forced (listing-search.ts deepPage), whatever it would cost. */
const DEEP_STRATEGIES = ['walk', 'fromEnd', 'sort'] as const satisfies readonly DeepStrategy[];
const deepSearch = {} as Record<DeepStrategy, ListingSearch>;
let rows: Listing[];
let visible: Listing[];

beforeAll(async () => {
  db = createTestDb();
  search = new ListingSearch(db);
  boundedSearch = new ListingSearch(db, undefined, undefined, SMALL_CAP);
  for (const how of DEEP_STRATEGIES) deepSearch[how] = new ListingSearch(db, undefined, undefined, SMALL_CAP, how);
  const uid = (await createUser(db)).user.id;
  const r = rng(2024);
  // Ids follow creation time (as on a live site), so the newest-first text plan is exercised too.
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
    location: optional(fc.constantFrom(...PLACES.map((p) => p.place), 'storgata', '0155', 'kongens gate')),
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

/** Every visible row in memory, filtered in the plainest way there is. */
function reference(input: SearchInput) {
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
    return { ids: [], total: 0 };
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
    const text = [l.make, l.model, l.color ?? '', l.description ?? '', (l.equipment ?? []).join(' '), l.place].join(' ');
    if (!prefixOf(textWords, words(text))) return false;
    if (!prefixOf(locationWords, words(`${l.place} ${l.hideAddress ? '' : l.address}`))) return false;
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
  return { ids: matches.slice(p.offset, p.offset + p.limit).map((l) => l.id), total: matches.length };
}

const FILTERS = ['query', 'make', 'model', 'color', 'location', 'yearFrom', 'yearTo', 'priceFrom', 'priceTo', 'mileageFrom', 'mileageTo', 'fuelType', 'transmission', 'driveType', 'bodyType'] as const;

/**
 * The total a search reports: exact up to the count's bound (the cap, or the end of the page when further), else the
 * bound itself, flagged (docs/decisions/009-search-quality.md "Speed"). Without any filter it is always exact.
 */
const reported = (exact: number, cap: number, input: SearchInput) => {
  const p = searchInput.parse(input);
  const bound = Math.max(cap, p.offset + p.limit);
  const filtered = FILTERS.some((k) => p[k] !== undefined);
  return filtered && exact > bound ? { total: bound, totalBounded: true } : { total: exact, totalBounded: undefined };
};

describe('the optimised search agrees with a plain one', () => {
  it.each([
    ['the product bound (1 000)', () => search, 1000],
    [`a bound of ${SMALL_CAP}`, () => boundedSearch, SMALL_CAP],
    ...DEEP_STRATEGIES.map((how) => [`a bound of ${SMALL_CAP}, deep pages read by '${how}'`, () => deepSearch[how], SMALL_CAP] as const),
  ] as const)(`over ${N} random listings and random filters, counting to %s: same ids, order and total`, (_name, searchWith, cap) => {
    expect(visible.length).toBeGreaterThan(N * 0.8);
    let bounded = 0;
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = searchInput.parse(input);
        const got = searchWith().search(p);
        const want = reference(input);
        expect({ ids: got.items.map((i) => i.id), total: got.total, totalBounded: got.totalBounded }).toEqual({
          ids: want.ids,
          ...reported(want.total, cap, input),
        });
        if (got.totalBounded) bounded++;
        // The REST list (full listings) reads the same page.
        expect(searchWith().searchFull(p).items.map((i) => i.id)).toEqual(want.ids);
      }),
      { numRuns: 400, seed: 7 },
    );
    // Both ways of reading a page (a slice of every match, or a walk in sort order) were taken.
    expect(bounded).toBeGreaterThan(cap === SMALL_CAP ? 100 : 10);
    expect(bounded).toBeLessThan(380);
  });

  it('finds something for most generated searches (the property is not vacuous)', () => {
    const samples = fc.sample(inputArb, { numRuns: 200, seed: 8 });
    const nonEmpty = samples.filter((s) => reference({ ...s, offset: 0 }).total > 0).length;
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
