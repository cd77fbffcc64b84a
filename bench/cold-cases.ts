// The cold listing cases of `npm run bench`: searches no cache has seen. Every request of a case
// is a different input, drawn from the test factory's seeded PRNG (src/server/testing/listing-factory.ts) out of what
// the seeded database has for sale (bench/seed.ts readForSale) and the words free text understands
// (src/shared/search-words.ts), and written out before the case is measured, so the load generator only hands out
// ready URLs. Within a case no two inputs mean the same search: an input is drawn again when one drawn before means
// the same, read as the server reads it (makes by key or alias, models by key, filter
// labels by the codes they stand for, free text by what the server's own parser makes of it), so that 'vw id4' and
// 'Volkswagen ID.4' count as one search.
import { FILTERS, resolveFilter, type FilterKey } from '../src/shared/codes';
import { COUNTIES as ALL_COUNTIES } from '../src/shared/counties';
import { SORTS, type SortKey } from '../src/shared/schemas/search';
import { FILTER_WORDS, MAKE_ALIASES, searchKey } from '../src/shared/search-words';
import { makeOf, parseQuery, vocabularyOf, type Vocabulary } from '../src/server/services/search/query-words';
import { COLORS, rng, type Rng } from '../src/server/testing/listing-factory';
import type { ForSale } from './seed';

type Params = Record<string, string | number | undefined>;

export interface ColdCase {
  id: string;
  name: string;
  /** The endpoint the drawn parameters go to. */
  path: '/api/listings' | '/api/listings/facets';
  draw: (d: Drawer) => Params;
}

/** Words of car ads that free text matches as text (descriptions, equipment, colours, places), some as a prefix. */
const PLAIN_WORDS = [
  'stasjonsvogn', 'hengerfeste', 'vinterdekk', 'varmepumpe', 'garasjert', 'ærlig', 'blå', 'sølv', 'familiebil', 'servicehistorikk',
  'panoramatak', 'ålesund', 'tromsø', 'bremseklosser', 'takstativ', 'webasto', 'ryggekamera', 'navigasjon', 'skinninteriør',
  'motorvarmer', 'isofix', 'carplay', 'metallic', 'registerreim', 'rekkevidde', 'ikke-røyker', 'merkeverksted', 'prøvekjøring',
  'setevarme', 'head-up', 'dødvinkelvarsler', 'nøkkelfri', 'sommerhjul', 'lakken', 'hytteturer', 'østlandet', 'eu-godkjent',
];
/** Counties (fylker) a buyer may name as the area, besides a postal place or a postcode. */
const COUNTIES = ALL_COUNTIES.map((c) => c.name);
const FILTER_KINDS = ['make', 'makeModel', 'fuel', 'gearbox', 'drive', 'body', 'color', 'year', 'price', 'mileage', 'area'] as const;
type FilterKind = (typeof FILTER_KINDS)[number];
const labels = (key: FilterKey) => FILTERS[key].map((f) => f.label as string);
const currentYear = new Date().getFullYear();

/** The random choices the cases are made of, over what the database has for sale. */
export class Drawer {
  private readonly makes: string[];
  private readonly modelsOf = new Map<string, string[]>();
  private readonly aliasesOf = new Map<string, string[]>();
  private readonly visible: number;
  private readonly vocab: Vocabulary;

  constructor(
    readonly r: Rng,
    private readonly forSale: ForSale,
  ) {
    for (const g of forSale.groups) {
      const models = this.modelsOf.get(g.make) ?? this.modelsOf.set(g.make, []).get(g.make)!;
      if (!models.includes(g.model)) models.push(g.model);
    }
    this.makes = [...this.modelsOf.keys()].sort();
    this.visible = forSale.groups.reduce((n, g) => n + g.n, 0);
    this.vocab = vocabularyOf(forSale.groups);
    for (const [alias, make] of Object.entries(MAKE_ALIASES)) {
      const sold = this.makes.find((m) => searchKey(m) === searchKey(make));
      if (sold) (this.aliasesOf.get(sold) ?? this.aliasesOf.set(sold, []).get(sold)!).push(alias);
    }
  }

  next() {
    return this.r.next();
  }
  pick<T>(list: readonly T[]): T {
    return this.r.pick(list);
  }
  chance(p: number) {
    return this.r.chance(p);
  }
  int(min: number, max: number) {
    return this.r.int(min, max);
  }
  sort(): SortKey {
    return this.r.pick(SORTS);
  }
  make() {
    return this.r.pick(this.makes);
  }
  model(make: string) {
    return this.r.pick(this.modelsOf.get(make)!);
  }
  /** A make as a buyer writes it: its name in any case, or an alias the parser knows ('vw', 'merc'). */
  makeWord(make: string) {
    const aliases = this.aliasesOf.get(make) ?? [];
    if (aliases.length && this.r.chance(0.35)) return this.r.pick(aliases);
    return this.r.chance(0.6) ? make.toLowerCase() : make;
  }
  /** A model spelt as buyers do: as listed, lower case, without spaces, dots and hyphens, or with a space before its digits. */
  modelWord(model: string) {
    const roll = this.r.next();
    if (roll < 0.3) return model;
    if (roll < 0.55) return model.toLowerCase();
    if (roll < 0.8) return searchKey(model);
    return searchKey(model).replace(/(\D)(\d)/u, '$1 $2');
  }
  /**
   * A filter's value as the panel sends it (its label): mostly the value of a listing for sale, drawn by how common it
   * is, else any of the panel's values (some of which nothing for sale has).
   */
  private code(key: FilterKey, column: 'fuel' | 'transmission' | 'drive' | 'body') {
    if (this.r.chance(0.2)) return this.r.pick(labels(key));
    let x = this.r.next() * this.visible;
    const g = this.forSale.groups.find((row) => (x -= row.n) < 0) ?? this.forSale.groups[0];
    return FILTERS[key].find((f) => (f.codes as readonly string[]).includes(g[column]))?.label ?? g[column];
  }
  fuel() {
    return this.code('fuelType', 'fuel');
  }
  gearbox() {
    return this.code('transmission', 'transmission');
  }
  drive() {
    return this.code('driveType', 'drive');
  }
  body() {
    return this.code('bodyType', 'body');
  }
  color() {
    return this.r.pick(COLORS);
  }
  /** A postal place, a postcode or a county, sometimes lower case or cut short as typed. */
  area() {
    const roll = this.r.next();
    const name = roll < 0.55 ? this.r.pick(this.forSale.places) : roll < 0.75 && this.forSale.postcodes.length ? this.r.pick(this.forSale.postcodes) : this.r.pick(COUNTIES);
    if (/^\d+$/u.test(name)) return name;
    const cut = this.r.next();
    return cut < 0.2 && name.length > 5 ? name.slice(0, this.r.int(4, name.length - 1)).toLowerCase() : cut < 0.5 ? name.toLowerCase() : name;
  }
  /** A bound in NOK or km: thousands with an odd tail, as a typed amount may have. */
  private amount(fromK: number, toK: number) {
    return this.r.int(fromK, toK) * 1000 + this.r.int(0, 999);
  }
  /** One- or two-sided ranges (from ≤ to). */
  priceRange(): Params {
    const a = this.amount(20, 1500);
    const b = this.amount(20, 1500);
    const side = this.r.next();
    return side < 0.4 ? { priceTo: a } : side < 0.6 ? { priceFrom: a } : { priceFrom: Math.min(a, b), priceTo: Math.max(a, b) };
  }
  mileageRange(): Params {
    const a = this.amount(0, 350);
    const b = this.amount(0, 350);
    const side = this.r.next();
    return side < 0.6 ? { mileageTo: a } : side < 0.75 ? { mileageFrom: a } : { mileageFrom: Math.min(a, b), mileageTo: Math.max(a, b) };
  }
  yearRange(): Params {
    const a = this.r.int(2005, currentYear);
    const b = this.r.int(2005, currentYear);
    const side = this.r.next();
    return side < 0.45 ? { yearFrom: a } : side < 0.55 ? { yearTo: a } : { yearFrom: Math.min(a, b), yearTo: Math.max(a, b) };
  }
  range(): Params {
    const kind = this.r.next();
    return kind < 0.5 ? this.priceRange() : kind < 0.75 ? this.yearRange() : this.mileageRange();
  }

  /** `n` distinct filters of any kind but `except` (make or make+model, fuel, gearbox, drive, body, colour, ranges, area). */
  filters(n: number, except: readonly FilterKind[] = []): Params {
    const kinds = FILTER_KINDS.filter((k) => !except.includes(k));
    const out: Params = {};
    const chosen = new Set<string>();
    while (chosen.size < n) {
      const k = this.r.pick(kinds);
      if (chosen.has(k) || (k === 'make' && chosen.has('makeModel')) || (k === 'makeModel' && chosen.has('make'))) continue;
      chosen.add(k);
      if (k === 'make') out.make = this.makeWord(this.make());
      else if (k === 'makeModel') {
        const make = this.make();
        Object.assign(out, { make: this.makeWord(make), model: this.modelWord(this.model(make)) });
      } else if (k === 'fuel') out.fuelType = this.fuel();
      else if (k === 'gearbox') out.transmission = this.gearbox();
      else if (k === 'drive') out.driveType = this.drive();
      else if (k === 'body') out.bodyType = this.body();
      else if (k === 'color') out.color = this.color();
      else if (k === 'year') Object.assign(out, this.yearRange());
      else if (k === 'price') Object.assign(out, this.priceRange());
      else if (k === 'mileage') Object.assign(out, this.mileageRange());
      else out.location = this.area();
    }
    return out;
  }

  /**
   * Free text as buyers write it: one to three parts, each a make (name or alias), a make and model ('vw id4',
   * 'volvo xc 60'), a model alone, a fuel/gearbox/drive/body word (src/shared/search-words.ts), a year or a year range,
   * or a word matched as text (a whole word or a prefix of one).
   */
  text(): string {
    const parts: string[] = [];
    const n = this.r.int(1, 3);
    for (let i = 0; i < n; i++) {
      const roll = this.r.next();
      if (roll < 0.15) parts.push(this.makeWord(this.make()));
      else if (roll < 0.35) {
        const make = this.make();
        parts.push(`${this.makeWord(make)} ${this.modelWord(this.model(make))}`);
      } else if (roll < 0.45) parts.push(this.modelWord(this.model(this.make())));
      else if (roll < 0.6) parts.push(this.r.pick(Object.keys(FILTER_WORDS)));
      else if (roll < 0.72) {
        const a = this.r.int(2005, currentYear);
        parts.push(this.r.chance(0.6) ? String(a) : `${a}-${Math.min(currentYear, a + this.r.int(1, 6))}`);
      } else parts.push(this.textWord());
    }
    return parts.join(' ');
  }

  /** A word matched as text: whole, or its first letters (three or more) as typed so far. */
  textWord() {
    const w = this.r.pick(PLAIN_WORDS);
    return this.r.chance(0.3) && w.length > 4 ? w.slice(0, this.r.int(3, w.length - 1)) : w;
  }

  /** What the server's caches tell an input by: its filters as the server reads them, its sort and its page. */
  cacheKey(p: Params): string {
    const norm: Record<string, unknown> = { sort: p.sort ?? 'newest' };
    for (const [k, v] of Object.entries(p)) {
      if (v === undefined || v === '' || k === 'limit' || k === 'offset' || k === 'sort') continue;
      const text = String(v);
      if (k === 'query') norm.query = this.meaning(text);
      else if (k === 'make') norm.make = makeOf(searchKey(text), this.vocab)?.key ?? searchKey(text);
      else if (k === 'model') norm.model = searchKey(text);
      else if (k === 'location' || k === 'color') norm[k] = text.toLowerCase();
      else if (k === 'fuelType' || k === 'transmission' || k === 'driveType' || k === 'bodyType') norm[k] = resolveFilter(k, text).sort().join(',');
      else norm[k] = Number(v);
    }
    const offset = Number(p.offset ?? 0);
    const limit = Number(p.limit ?? 24);
    return JSON.stringify([Object.entries(norm).sort(([a], [b]) => a.localeCompare(b)), `${offset}/${limit}`]);
  }

  /** Free text as the server's parser reads it (src/server/services/search/query-words.ts), in a stable order. */
  private meaning(text: string) {
    const q = parseQuery(text, this.vocab);
    const sorted = (list: readonly string[]) => [...new Set(list.map(searchKey))].sort();
    return [
      sorted(q.makes),
      sorted(q.models),
      Object.entries(q.filters).map(([k, v]) => [k, [...v].sort()]).sort(),
      q.yearFrom ?? null,
      q.yearTo ?? null,
      q.text.toLowerCase().split(/\s+/u).filter(Boolean).sort(),
    ];
  }

  /** Visible listings matching make/fuel/gearbox/drive/body (labels as the API takes them): the exact total. */
  total(p: Params): number {
    const codes = (key: FilterKey, v: string | number | undefined) => (v === undefined ? undefined : resolveFilter(key, String(v)));
    const fuel = codes('fuelType', p.fuelType);
    const gearbox = codes('transmission', p.transmission);
    const drive = codes('driveType', p.driveType);
    const body = codes('bodyType', p.bodyType);
    let n = 0;
    for (const g of this.forSale.groups) {
      if (p.make !== undefined && g.make !== p.make) continue;
      if ((fuel && !fuel.includes(g.fuel)) || (gearbox && !gearbox.includes(g.transmission)) || (drive && !drive.includes(g.drive)) || (body && !body.includes(g.body))) continue;
      n += g.n;
    }
    return n;
  }
}

// The lists the first cold-search measurements drew from (docs/benchmarks.md#history).
const LEGACY_MAKES = ['Volvo', 'Toyota', 'Volkswagen', 'Tesla', 'BMW', 'Audi', 'Skoda', 'Ford', 'Kia', 'Hyundai'];
const LEGACY_FUELS = ['Diesel', 'Bensin', 'Elektrisk', 'Hybrid', 'Plug-in Hybrid'];
const LEGACY_WORDS = ['stasjonsvogn', 'hengerfeste', 'vinterdekk', 'tesl', 'varmepumpe', 'garasjert', 'ærlig', 'blå', 'sølv', 'familiebil', 'servicehist', 'panorama', 'ålesund', 'tromsø', 'bremse'];

/** Page sizes the deep-page case asks for (24 is the site's). */
const LIMITS = [24, 24, 24, 12, 48, 100];
/** The API's highest offset (src/shared/schemas/search.ts). */
const MAX_OFFSET = 1_000_000;

/**
 * A deep page: no filters, or a few whose exact total the database tells (make, fuel, gearbox, drive, body), any
 * sort, and a page anywhere up to the end: the last pages, one just past the end, or any page in between.
 */
function deepPage(d: Drawer): Params {
  const p: Params = {};
  if (d.chance(0.75)) {
    if (d.chance(0.4)) p.make = d.make();
    if (d.chance(0.5)) p.fuelType = d.fuel();
    if (d.chance(0.3)) p.transmission = d.gearbox();
    if (d.chance(0.2)) p.driveType = d.drive();
    if (d.chance(0.3)) p.bodyType = d.body();
  }
  p.sort = d.sort();
  const limit = d.pick(LIMITS);
  const last = Math.max(1, Math.ceil(d.total(p) / limit));
  const roll = d.next();
  const page = roll < 0.35 ? Math.max(1, last - d.int(0, 2)) : roll < 0.55 ? last + d.int(1, 5) : d.int(Math.min(2, last), last);
  p.limit = limit;
  p.offset = Math.min(MAX_OFFSET, (page - 1) * limit);
  return p;
}

export const COLD_CASES: ColdCase[] = [
  // The three cold shapes of those first measurements, drawn from the same lists as then.
  {
    id: 'cold-search',
    name: 'cold search: random make+fuel+priceTo',
    path: '/api/listings',
    draw: (d) => ({ make: d.pick(LEGACY_MAKES), fuelType: d.pick(LEGACY_FUELS), priceTo: d.int(100, 900) * 1000 + d.int(1, 999) }),
  },
  {
    id: 'cold-free-text',
    name: 'cold free text: random word+priceTo',
    path: '/api/listings',
    draw: (d) => ({ query: d.pick(LEGACY_WORDS), priceTo: d.int(100, 900) * 1000 + d.int(1, 999) }),
  },
  {
    id: 'cold-sort',
    name: 'cold sort: price_asc + random range',
    path: '/api/listings',
    draw: (d) => ({ sort: 'price_asc', priceFrom: d.int(0, 200) * 1000, priceTo: d.int(250, 900) * 1000 + d.int(1, 999) }),
  },
  // Every other shape a buyer's new search takes (docs/decisions/014-cold-search.md).
  { id: 'cold-filters', name: 'cold filters: any 1-5 filters combined', path: '/api/listings', draw: (d) => d.filters(d.int(1, 5)) },
  {
    id: 'cold-make-model',
    name: 'cold make+model (any spelling) + a range',
    path: '/api/listings',
    draw: (d) => {
      const make = d.make();
      return { make: d.makeWord(make), model: d.modelWord(d.model(make)), ...d.range() };
    },
  },
  {
    id: 'cold-coarse',
    name: 'cold fuel/gearbox/drive/body + a range',
    path: '/api/listings',
    draw: (d) => {
      const p: Params = {};
      while (Object.keys(p).length === 0) {
        if (d.chance(0.6)) p.fuelType = d.fuel();
        if (d.chance(0.5)) p.transmission = d.gearbox();
        if (d.chance(0.3)) p.driveType = d.drive();
        if (d.chance(0.5)) p.bodyType = d.body();
      }
      return { ...p, ...d.range() };
    },
  },
  {
    id: 'cold-ranges',
    name: 'cold year/price/mileage ranges',
    path: '/api/listings',
    draw: (d) => {
      const n = d.int(1, 3);
      const kinds = [() => d.yearRange(), () => d.priceRange(), () => d.mileageRange()];
      const start = d.int(0, 2);
      return Object.assign({}, ...Array.from({ length: n }, (_, i) => kinds[(start + i) % 3]()));
    },
  },
  { id: 'cold-area', name: 'cold area (place, postcode, county) + 1-3 filters', path: '/api/listings', draw: (d) => ({ location: d.area(), ...d.filters(d.int(1, 3), ['area']) }) },
  { id: 'cold-text', name: 'cold free text alone (makes, aliases, models, years, words)', path: '/api/listings', draw: (d) => ({ query: d.text() }) },
  {
    id: 'cold-text-filters',
    name: 'cold free text + filters, any sort',
    path: '/api/listings',
    draw: (d) => ({ query: d.text(), ...d.filters(d.int(1, 3)), sort: d.sort() }),
  },
  {
    id: 'cold-sorts',
    name: 'cold every sort + random ranges',
    path: '/api/listings',
    draw: (d) => ({ sort: d.sort(), ...d.filters(d.int(1, 2), ['make', 'makeModel', 'fuel', 'gearbox', 'drive', 'body', 'color', 'area']), ...(d.chance(0.3) ? d.filters(1, ['year', 'price', 'mileage']) : {}) }),
  },
  { id: 'cold-deep', name: 'cold deep pages (to and past the end), any sort', path: '/api/listings', draw: deepPage },
  {
    id: 'cold-facets',
    name: 'cold facets with random filters',
    path: '/api/listings/facets',
    draw: (d) => ({ ...(d.chance(0.3) ? { query: d.text() } : {}), ...d.filters(d.int(1, 4)) }),
  },
];

function urlOf(path: string, p: Params): string {
  const q = Object.entries(p)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return q ? `${path}?${q}` : path;
}

/**
 * A case's URLs, drawn ahead: `prepare(n)` writes them before the measurement so handing one out costs an array read;
 * should a run outpace it, more are drawn (`refills`). Inputs whose cache key was drawn before are drawn again, up to
 * 50 tries (`repeats` counts the ones taken anyway), so every URL handed out (`sent`) is a new input but for those.
 */
export class InputStream {
  private urls: string[] = [];
  private at = 0;
  private readonly seen = new Set<string>();
  repeats = 0;
  refills = 0;
  /** How many were handed out. */
  sent = 0;

  constructor(
    private readonly c: ColdCase,
    private readonly d: Drawer,
  ) {}

  private drawOne(): string {
    for (let tries = 0; ; tries++) {
      const p = this.c.draw(this.d);
      const key = this.d.cacheKey(p);
      if (!this.seen.has(key) || tries >= 50) {
        if (this.seen.has(key)) this.repeats++;
        this.seen.add(key);
        return urlOf(this.c.path, p);
      }
    }
  }

  /** Draws until `n` URLs wait to be handed out. */
  prepare(n: number) {
    this.urls = this.urls.slice(this.at);
    this.at = 0;
    while (this.urls.length < n) this.urls.push(this.drawOne());
  }

  next(): string {
    if (this.at >= this.urls.length) {
      this.refills++;
      this.prepare(5_000);
    }
    this.sent++;
    return this.urls[this.at++];
  }

}

/** The cold case's drawer, seeded per case (and by --rng), so a run draws the same inputs as the last with the same seed. */
export function drawerFor(caseId: string, forSale: ForSale, seed: number): Drawer {
  let h = seed >>> 0;
  for (const ch of caseId) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return new Drawer(rng(h), forSale);
}
