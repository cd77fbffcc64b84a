// Cold-search latency in process (docs/decisions/014-cold-search.md): N random searches per shape against a database of
// listings, each with the search's kept pages dropped first, so every answer (page and total) is computed as for an
// input no cache has seen. Prints p50/p99/max per shape.
//
//   node --import tsx scripts/search-latency.ts --db /path/to/100k.db [--n 200] [--seed 1] [--shape NAME] [--json]
//
// The database is opened read-only in spirit (searches only) but through openDatabase, so pending migrations apply:
// point it at a copy. Timings are of one thread on whatever else the machine is doing: run it several times.
import { openDatabase } from '../db/client';
import { searchInput, SORTS, type SearchInput } from '../src/shared/schemas/search';
import { ListingSearch } from '../src/server/services/search/listing-search';
import { createSqliteStore } from '../src/server/store';
import { rng as seeded } from '../src/server/testing/listing-factory';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const dbPath = arg('db');
if (!dbPath) throw new Error('usage: search-latency.ts --db FILE [--n 200] [--seed 1] [--shape NAME] [--json]');
const N = Number(arg('n') ?? 200);
const JSON_OUT = argv.includes('--json');

// The test factory's PRNG (mulberry32): the same inputs on every run with the same seed.
const base = seeded(Number(arg('seed') ?? 1));
const maybe = <T>(p: number, v: () => T): T | undefined => (base.chance(p) ? v() : undefined);
const r = { ...base, maybe };


const WORDS = ['stasjonsvogn', 'hengerfeste', 'vinterdekk', 'tesl', 'varmepumpe', 'garasjert', 'ærlig', 'blå', 'sølv', 'familiebil', 'servicehist', 'panorama', 'ålesund', 'tromsø', 'bremse'];
const MAKES = ['Volvo', 'Toyota', 'Volkswagen', 'Tesla', 'BMW', 'Audi', 'Skoda', 'Ford', 'Kia', 'Hyundai', 'Polestar', 'Mazda'];
const FUELS = ['Diesel', 'Bensin', 'Elektrisk', 'Hybrid', 'Plug-in Hybrid'];
const GEARS = ['Automat', 'Manuell'];
const DRIVES = ['Forhjulsdrift', 'Bakhjulsdrift', 'Firehjulsdrift'];
const BODIES = ['SUV', 'Stasjonsvogn', 'Sedan', 'Kombi', 'Varebil', 'Cabriolet'];
const COLORS = ['Blå', 'Hvit', 'Svart', 'Sølv', 'Rød', 'Grå'];
const PLACES = ['Oslo', 'Bergen', 'Tromsø', 'Trondheim', 'Bodø', 'Hamar'];
const PHRASES = [
  'tesla 2022', 'vw id4', 'volkswagen id.4', 'volvo xc60 hengerfeste', 'elbil automat', 'bmw 3 serie diesel', 'toyota hybrid stasjonsvogn',
  'golf', 'skoda octavia 2018-2021', 'merc e-klasse', 'suv 4x4 hengerfeste', 'elbil varmepumpe', 'diesel manuell', 'ladbar suv', 'audi a4 vinterdekk',
  'polestar 2', 'kia niro', 'varebil diesel', 'automat garasjert', 'familiebil',
];
const price = () => r.int(100, 900) * 1000 + r.int(1, 999);
const sort = () => r.pick(SORTS);
const deep = () => r.int(0, 200) * 24;

const SHAPES: Record<string, () => SearchInput> = {
  'make+fuel+priceTo': () => ({ make: r.pick(MAKES), fuelType: r.pick(FUELS), priceTo: price() }),
  'price_asc+range': () => ({ sort: 'price_asc', priceFrom: r.int(0, 200) * 1000, priceTo: price() }),
  'word+priceTo': () => ({ query: r.pick(WORDS), priceTo: price() }),
  'phrase+priceTo': () => ({ query: r.pick(PHRASES), priceTo: price() }),
  'word, any sort': () => ({ query: r.pick(WORDS), sort: sort() }),
  'word+coarse, any sort': () => ({ query: r.pick(WORDS), fuelType: r.pick(FUELS), bodyType: r.maybe(0.5, () => r.pick(BODIES)), sort: sort() }),
  'coarse filters, any sort': () => ({
    fuelType: r.maybe(0.7, () => r.pick(FUELS)),
    transmission: r.maybe(0.5, () => r.pick(GEARS)),
    driveType: r.maybe(0.5, () => r.pick(DRIVES)),
    bodyType: r.maybe(0.5, () => r.pick(BODIES)),
    sort: sort(),
  }),
  'year+mileage ranges, any sort': () => ({ yearFrom: r.int(2008, 2022), mileageTo: r.int(10, 300) * 1000, priceFrom: r.maybe(0.5, () => r.int(0, 300) * 1000), sort: sort() }),
  'make/colour/place mix, any sort': () => ({
    make: r.maybe(0.5, () => r.pick(MAKES)),
    color: r.maybe(0.5, () => r.pick(COLORS)),
    location: r.maybe(0.6, () => r.pick(PLACES)),
    yearFrom: r.maybe(0.4, () => r.int(2010, 2022)),
    sort: sort(),
  }),
  'deep page, any filters': () => ({
    fuelType: r.maybe(0.5, () => r.pick(FUELS)),
    make: r.maybe(0.3, () => r.pick(MAKES)),
    query: r.maybe(0.3, () => r.pick(WORDS)),
    priceTo: r.maybe(0.5, price),
    sort: sort(),
    offset: deep(),
  }),
};

const db = openDatabase(dbPath);
const search = new ListingSearch(createSqliteStore(db, false));
await search.search(searchInput.parse({ query: 'volvo' })); // the index and the vocabulary, as on a running server

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const wanted = arg('shape');
for (const [name, make] of Object.entries(SHAPES)) {
  if (wanted && name !== wanted) continue;
  const times: number[] = [];
  const slowest: [number, SearchInput][] = [];
  for (let i = 0; i < N; i++) {
    const raw = make();
    const input = searchInput.parse(raw);
    const started = performance.now();
    await search.search(input);
    const ms = performance.now() - started;
    times.push(ms);
    slowest.push([ms, raw]);
  }
  times.sort((a, b) => a - b);
  const out = { shape: name, n: N, p50: +pct(times, 0.5).toFixed(2), p99: +pct(times, 0.99).toFixed(2), max: +times[times.length - 1].toFixed(2) };
  if (JSON_OUT) console.log(JSON.stringify(out));
  if (argv.includes('--slowest')) {
    for (const [ms, raw] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`    ${ms.toFixed(1)} ms ${JSON.stringify(raw)}`);
  }
  if (!JSON_OUT) console.log(`${name.padEnd(34)} p50 ${out.p50.toFixed(2).padStart(7)} ms  p99 ${out.p99.toFixed(2).padStart(7)} ms  max ${out.max.toFixed(1).padStart(7)} ms`);
}
db.$client.close();
