import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../db/client';
import { asc, eq, sql } from 'drizzle-orm';
import { listingImages, listings, users, type Listing } from '../../../db/schema';
import { resolveFilter, type FilterKey } from '../../shared/codes';
import type { SearchParams, SortKey } from '../../shared/schemas/search';
import type { ListingCardShape, ListingShape } from '../../shared/types/listing';
import { AppError } from '../errors';
import { toListingShape } from './listing-shape';

// The buyer side of listings (issue 4, SPEC §2 /annonser and /listing/{id}, api-contract.md): the public search and
// the listing as a viewer may see it. The search is hand-written SQL on better-sqlite3 prepared statements: its shape
// varies with the filters, and this path is hot enough that building SQL through the ORM per request would dominate
// it. Why the indexes and the plan choice look as they do: docs/decisions/004-listing-search.md.

export const LISTING_NOT_FOUND = 'Annonse ikke funnet';

/** Exactly the terms of the partial search indexes' WHERE, so SQLite may use them (it matches terms, not values). */
export const VISIBLE_SQL = `l.status = 'approved' AND l.active = 1`;

export interface SearchResult {
  items: ListingCardShape[];
  total: number;
}

const CARD_COLUMNS =
  'l.id, l.make, l.model, l.year, l.mileage, l.fuel_type, l.transmission, l.total_price, l.place, l.cover_image, l.created_at';

export interface CardRow {
  id: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  fuel_type: string;
  transmission: string;
  total_price: number;
  place: string;
  cover_image: string | null;
  created_at: number;
}

export function cardColumns(alias = 'l') {
  return CARD_COLUMNS.replaceAll('l.', `${alias}.`);
}

export function toCard(r: CardRow): ListingCardShape {
  return {
    id: r.id,
    make: r.make,
    model: r.model,
    year: r.year,
    mileage: r.mileage,
    fuelType: r.fuel_type,
    transmission: r.transmission,
    totalPrice: r.total_price,
    place: r.place,
    coverImage: r.cover_image,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

// Every sort ends with id so pages are stable when the first key ties; descending sorts tie-break descending so one
// index walk (backwards) serves both keys.
const ORDER_BY: Record<SortKey, string> = {
  newest: 'l.created_at DESC, l.id DESC',
  price_asc: 'l.total_price ASC, l.id ASC',
  price_desc: 'l.total_price DESC, l.id DESC',
  year_desc: 'l.year DESC, l.id DESC',
  mileage_asc: 'l.mileage ASC, l.id ASC',
};

// The partial indexes of db/schema/listings.ts. The "wide" four lead with a sort key and carry every column a
// non-text filter reads; make/model/colour lead with their (case-insensitive) value.
const INDEX = {
  newest: 'listings_search_newest_idx',
  price: 'listings_search_price_idx',
  year: 'listings_search_year_idx',
  mileage: 'listings_search_mileage_idx',
  make: 'listings_search_make_idx',
  model: 'listings_search_model_idx',
  color: 'listings_search_color_idx',
} as const;
type IndexKey = keyof typeof INDEX;
/**
 * How rows are found: walking one of the indexes; from the text index's matches by id ('fts'); or, for newest first
 * while ids follow creation time, from the text index in descending id order, stopping after the page ('ftsNewest').
 */
export type Driver = IndexKey | 'fts' | 'ftsNewest';

const SORT_INDEX: Record<SortKey, IndexKey> = {
  newest: 'newest',
  price_asc: 'price',
  price_desc: 'price',
  year_desc: 'year',
  mileage_asc: 'mileage',
};

// ---------------------------------------------------------------------------------------------------------------
// Free text (FTS5)

// Characters that are certainly token characters for FTS5's unicode61 tokenizer: ASCII letters and digits and the
// Latin-1/Latin Extended letters (æ ø å é ü ...). Everything else separates words. Being stricter than the tokenizer
// only ever splits a word the index kept whole (more, shorter prefix terms), never the reverse, so each quoted term
// below is a single token and no input can produce an FTS5 syntax error.
const NON_TOKEN = /[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]+/u;
const MAX_TERMS = 8;

/** User text → FTS5 terms: each word quoted (so no operator survives), a prefix query ("tesl"*) from two letters. */
export function ftsTerms(text: string): string[] {
  const words = text
    .normalize('NFC')
    .toLowerCase()
    .split(NON_TOKEN)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  // One letter as a prefix would expand to most of the vocabulary; it matches as a whole word instead (the "e" of "e-tron").
  return words.map((w) => (w.length >= 2 ? `"${w}"*` : `"${w}"`));
}

/** The MATCH expression for the free-text query and the location filter together, or undefined when neither has a word. */
export function ftsMatch(query?: string, location?: string): string | undefined {
  const parts: string[] = [];
  const q = query ? ftsTerms(query) : [];
  const loc = location ? ftsTerms(location) : [];
  // Free text looks at what a buyer reads on the listing; location at the place and the (shown) address.
  if (q.length) parts.push(`{make model color description equipment place} : (${q.join(' AND ')})`);
  if (loc.length) parts.push(`{place address} : (${loc.join(' AND ')})`);
  return parts.length ? parts.join(' AND ') : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// WHERE

/**
 * Case-insensitive equality that can use a `COLLATE NOCASE` index. NOCASE folds only ASCII, so the value is also
 * tried lower-cased, upper-cased and capitalised: "CITROËN" finds "Citroën", "sølv" finds "Sølv" and "SØLV".
 */
function caseVariants(value: string): string[] {
  const v = value.normalize('NFC');
  const lower = v.toLocaleLowerCase('nb-NO');
  const capital = lower.charAt(0).toLocaleUpperCase('nb-NO') + lower.slice(1);
  return [...new Set([v, lower, v.toLocaleUpperCase('nb-NO'), capital])];
}

export interface SearchPlanInput {
  /** Terms besides visibility and free text, each on `l`. */
  terms: string[];
  params: unknown[];
  /** FTS5 MATCH expression for query + location. */
  match?: string;
  /** Which filters are present, for choosing an index. */
  has: Set<'make' | 'model' | 'color' | 'price' | 'year' | 'mileage'>;
}

/** The filters of a search as SQL terms, or null when a value can match nothing (an unknown fuel type, say). */
export function buildFilters(p: SearchParams): SearchPlanInput | null {
  const terms: string[] = [];
  const params: unknown[] = [];
  const has: SearchPlanInput['has'] = new Set();
  const eqNoCase = (column: 'make' | 'model' | 'color', value: string | undefined) => {
    if (!value) return;
    const vs = caseVariants(value);
    terms.push(vs.length === 1 ? `l.${column} = ? COLLATE NOCASE` : `l.${column} COLLATE NOCASE IN (${vs.map(() => '?').join(', ')})`);
    params.push(...vs);
    has.add(column);
  };
  eqNoCase('make', p.make);
  eqNoCase('model', p.model);
  eqNoCase('color', p.color);

  const codes: [FilterKey, string, string | undefined][] = [
    ['fuelType', 'fuel_type', p.fuelType],
    ['transmission', 'transmission', p.transmission],
    ['driveType', 'drivetrain', p.driveType],
    ['bodyType', 'body_type', p.bodyType],
  ];
  for (const [key, column, value] of codes) {
    if (!value) continue;
    const list = resolveFilter(key, value);
    if (list.length === 0) return null;
    terms.push(list.length === 1 ? `l.${column} = ?` : `l.${column} IN (${list.map(() => '?').join(', ')})`);
    params.push(...list);
  }

  const range = (key: 'price' | 'year' | 'mileage', column: string, from: number | undefined, to: number | undefined) => {
    if (from !== undefined && to !== undefined && from > to) return false;
    if (from !== undefined) {
      terms.push(`l.${column} >= ?`);
      params.push(from);
    }
    if (to !== undefined) {
      terms.push(`l.${column} <= ?`);
      params.push(to);
    }
    if (from !== undefined || to !== undefined) has.add(key);
    return true;
  };
  if (!range('year', 'year', p.yearFrom, p.yearTo)) return null;
  if (!range('price', 'total_price', p.priceFrom, p.priceTo)) return null;
  if (!range('mileage', 'mileage', p.mileageFrom, p.mileageTo)) return null;

  const match = ftsMatch(p.query, p.location);
  // Text that holds no word at all ("!!!", "—") cannot match a listing.
  if (!match && (p.query || p.location)) return null;
  return { terms, params, match, has };
}

// ---------------------------------------------------------------------------------------------------------------
// Plans

/** Below this many text matches, reading the matching rows by id beats walking an index and probing the matches. */
const FTS_DRIVE_MAX = 2000;

/** The index that narrows the filters the most, judged by what each filter typically leaves of the listings. */
export function countDriver(f: SearchPlanInput, ftsCount: number | undefined): Driver {
  if (f.has.has('model')) return 'model'; // a model is a few per cent of the listings at most
  if (f.has.has('make')) return 'make';
  if (f.has.has('color')) return 'color';
  if (f.match && ftsCount !== undefined && ftsCount <= FTS_DRIVE_MAX) return 'fts';
  if (f.has.has('price')) return 'price';
  if (f.has.has('year')) return 'year';
  if (f.has.has('mileage')) return 'mileage';
  // Only coarse filters (fuel, gearbox, drive, body) or common words: one pass over the narrow newest index.
  return 'newest';
}

function whereSql(f: SearchPlanInput, withMatch: boolean) {
  const terms = [VISIBLE_SQL, ...f.terms];
  if (withMatch && f.match) terms.push('l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ?)');
  return terms.join(' AND ');
}

function whereParams(f: SearchPlanInput, withMatch: boolean) {
  return withMatch && f.match ? [...f.params, f.match] : f.params;
}

/** SQL and parameters that find the matching rows' ids using `driver`, with an optional ORDER BY/LIMIT tail. */
function idsQuery(f: SearchPlanInput, driver: Driver, select: string, tail = '') {
  if (driver === 'fts' || driver === 'ftsNewest') {
    return {
      sql: `SELECT ${select} FROM listings_fts f CROSS JOIN listings l ON l.id = f.rowid WHERE f.listings_fts MATCH ? AND ${whereSql(f, false)}${tail}`,
      params: [f.match, ...whereParams(f, false)],
    };
  }
  return {
    sql: `SELECT ${select} FROM listings l INDEXED BY ${INDEX[driver]} WHERE ${whereSql(f, true)}${tail}`,
    params: whereParams(f, true),
  };
}

export function countQuery(f: SearchPlanInput, driver: Driver) {
  return idsQuery(f, driver, 'count(*) AS n');
}

/**
 * One page in `sort` order. Walking the sort's index reads entries in page order and stops after the page: best when
 * many rows match. When few match, the narrowing index (or the text matches) finds them all and sorts them. Either way
 * the inner query reads only index entries; the outer reads the page's rows (a deferred join).
 */
export function pageQuery(f: SearchPlanInput, driver: Driver, sort: SortKey) {
  // FTS5 itself returns rows by descending rowid (no sort); that is newest first while ids follow creation time.
  const order = driver === 'ftsNewest' ? 'f.rowid DESC' : ORDER_BY[sort];
  const inner = idsQuery(f, driver, 'l.id', ` ORDER BY ${order} LIMIT ? OFFSET ?`);
  return {
    sql: `SELECT ${CARD_COLUMNS} FROM (${inner.sql}) AS p CROSS JOIN listings l ON l.id = p.id ORDER BY ${ORDER_BY[sort]}`,
    params: inner.params,
  };
}

/** A row read by id costs about as much as this many index entries walked in order (measured on 100k listings). */
const ROW_COST = 15;

/**
 * Walk the sort index when the expected entries walked before the page is full stay below the matches to sort. For
 * newest first with text, while ids follow creation time (`idOrdered`), the text index can be walked in descending id
 * order instead, reading rows until the page is full; the other plans first collect every text match (about one
 * index entry each). A pure text search then reads exactly the page.
 */
export function pageDriver(
  f: SearchPlanInput,
  count: Driver,
  sort: SortKey,
  totals: { total: number; visible: number; ftsCount?: number; idOrdered: boolean },
  end: number,
): Driver {
  const { total, visible, ftsCount, idOrdered } = totals;
  const walked = total > 0 ? (end * visible) / total : Infinity;
  if (sort === 'newest' && idOrdered && f.match && ftsCount !== undefined && total > 0) {
    const rowsRead = Math.min(ftsCount, (end * ftsCount) / total);
    if (rowsRead * ROW_COST <= ftsCount + Math.min(walked, total)) return 'ftsNewest';
  }
  const sortIndex = SORT_INDEX[sort];
  if (count === sortIndex) return count;
  return walked <= total ? sortIndex : count;
}

// ---------------------------------------------------------------------------------------------------------------
// Statements and caches

const MAX_STATEMENTS = 400;
const MAX_COUNTS = 2000;
const MAX_RESULTS = 500;

/** A small least-recently-used map (Map keeps insertion order; a hit moves the key to the end). */
class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V) {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
  }
  clear() {
    this.map.clear();
  }
}

interface DbState {
  statements: Lru<Statement>;
  version: number;
  visible: number;
  idOrdered: boolean;
  counts: Lru<number>;
  results: Lru<SearchResult>;
  state: Statement;
  ftsCount: Statement;
}
const perDb = new WeakMap<Db, DbState>();

function stateOf(db: Db): DbState {
  let s = perDb.get(db);
  if (!s) {
    s = {
      statements: new Lru(MAX_STATEMENTS),
      version: -1,
      visible: 0,
      idOrdered: false,
      counts: new Lru(MAX_COUNTS),
      results: new Lru(MAX_RESULTS),
      state: db.$client.prepare('SELECT version, visible, id_ordered FROM listings_search_state WHERE id = 1'),
      ftsCount: db.$client.prepare('SELECT count(*) AS n FROM listings_fts WHERE listings_fts MATCH ?'),
    };
    perDb.set(db, s);
  }
  return s;
}

/** Prepared statements per database, keyed by SQL text; the query shapes are few, so the map stays small. */
function prepared(s: DbState, db: Db, sql: string): Statement {
  let st = s.statements.get(sql);
  if (!st) s.statements.set(sql, (st = db.$client.prepare(sql)));
  return st;
}

/**
 * Counts and result pages are memoised per listings version: a trigger bumps the version on every insert, update
 * and delete of a listing (db/migrations/0003_fts.sql), whoever writes it, so nothing cached is ever stale. The
 * client polls an open search every 10 s (SPEC §9) and the home page asks for the same three listings, so identical
 * searches are the common case. Reading the version costs one primary-key lookup.
 */
function readState(db: Db): DbState {
  const s = stateOf(db);
  const row = s.state.get() as { version: number; visible: number; id_ordered: number };
  if (row.version !== s.version) {
    s.version = row.version;
    s.counts.clear();
    s.results.clear();
  }
  s.visible = row.visible;
  s.idOrdered = row.id_ordered === 1;
  return s;
}

function cachedCount(s: DbState, key: string, compute: () => number): number {
  let n = s.counts.get(key);
  if (n === undefined) s.counts.set(key, (n = compute()));
  return n;
}

function isFtsError(err: unknown) {
  return String((err as Error)?.message ?? '').startsWith('fts5:');
}

function planWith(s: DbState, db: Db, p: SearchParams) {
  const f = buildFilters(p);
  if (!f) return null;
  const onlyText = f.terms.length === 0 && f.match !== undefined;
  const ftsCount = f.match ? cachedCount(s, `fts\u0000${f.match}`, () => (s.ftsCount.get(f.match) as { n: number }).n) : undefined;
  const driver = countDriver(f, ftsCount);
  const count = countQuery(f, driver);
  let total: number;
  if (f.terms.length === 0 && !f.match) total = s.visible;
  else if (onlyText) total = ftsCount!;
  else total = cachedCount(s, `${count.sql}\u0000${JSON.stringify(count.params)}`, () => (prepared(s, db, count.sql).get(...count.params) as { n: number }).n);
  const totals = { total, visible: s.visible, ftsCount, idOrdered: s.idOrdered };
  const page = pageQuery(f, pageDriver(f, driver, p.sort, totals, p.offset + p.limit), p.sort);
  return { filters: f, total, count, page };
}

/** The plan a search would run, for tests and EXPLAIN QUERY PLAN. */
export function planSearch(db: Db, p: SearchParams) {
  return planWith(readState(db), db, p);
}

const KEY_ORDER = [
  'query', 'make', 'model', 'color', 'location', 'yearFrom', 'yearTo', 'priceFrom', 'priceTo', 'mileageFrom', 'mileageTo',
  'fuelType', 'transmission', 'driveType', 'bodyType', 'sort', 'limit', 'offset',
] as const satisfies readonly (keyof SearchParams)[];

/**
 * The public search: approved and active listings matching every given filter, one page of cards in the chosen order,
 * and the number of all matches (X-Total-Count). The answer is shared between identical searches: do not mutate it.
 */
export function searchListings(db: Db, p: SearchParams): SearchResult {
  const s = readState(db);
  const key = JSON.stringify(KEY_ORDER.map((k) => p[k] ?? null));
  const hit = s.results.get(key);
  if (hit) return hit;
  let result: SearchResult;
  try {
    const plan = planWith(s, db, p);
    if (!plan || plan.total === 0 || p.offset >= plan.total) result = { items: [], total: plan?.total ?? 0 };
    else {
      const rows = prepared(s, db, plan.page.sql).all(...plan.page.params, p.limit, p.offset) as CardRow[];
      result = { items: rows.map(toCard), total: plan.total };
    }
  } catch (err) {
    // Terms are built so FTS5 cannot reject them; should a tokenizer edge case slip through anyway, the search finds
    // nothing rather than failing the page.
    if (!isFtsError(err)) throw err;
    result = { items: [], total: 0 };
  }
  Object.freeze(result.items);
  s.results.set(key, Object.freeze(result));
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// One listing

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

export interface SellerShape {
  id: number;
  name: string;
  displayName: string | null;
  /** Only when the listing does not hide contact info. */
  phone?: string;
  /** Only when the listing does not hide its address. */
  address?: string;
}

export interface ListingDetailShape extends ListingShape {
  /** The place name of the address (shown even when the address is hidden). */
  place: string;
  seller: SellerShape;
  isSaved: boolean;
  isOwner: boolean;
}

export function isVisible(row: Pick<Listing, 'status' | 'active'>) {
  return row.status === 'approved' && row.active;
}

function prepareDetail(db: Db) {
  const id = sql.placeholder('id');
  // Drizzle prepared queries: the SQL is built once; rows come back typed (dates, booleans, JSON) for toListingShape.
  return {
    listing: db.select().from(listings).where(eq(listings.id, id)).prepare(),
    images: db.select().from(listingImages).where(eq(listingImages.listingId, id)).orderBy(asc(listingImages.position), asc(listingImages.id)).prepare(),
    seller: db
      .select({ name: users.name, displayName: users.displayName, phone: users.phone, address: users.address })
      .from(users)
      .where(eq(users.id, id))
      .prepare(),
    saved: db.$client.prepare('SELECT 1 FROM saved_listings WHERE user_id = ? AND listing_id = ?').pluck(),
  };
}
const detailStatements = new WeakMap<Db, ReturnType<typeof prepareDetail>>();

function detailOf(db: Db) {
  let s = detailStatements.get(db);
  if (!s) detailStatements.set(db, (s = prepareDetail(db)));
  return s;
}

/**
 * A listing as `viewer` may see it (api-contract.md "Who sees what"): anyone sees an approved, active listing; only its
 * owner and admins see it otherwise, everyone else gets the same 404 as for a listing that does not exist. Hidden
 * address and contact details are blanked for everyone but the owner and admins.
 */
export function getListingForViewer(db: Db, id: number, viewer: Viewer | null): ListingDetailShape {
  const s = detailOf(db);
  const row = s.listing.get({ id });
  if (!row) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
  const isOwner = viewer?.id === row.userId;
  const privileged = isOwner || viewer?.isAdmin === true;
  if (!isVisible(row) && !privileged) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);

  const images = s.images.all({ id });
  const user = s.seller.get({ id: row.userId });
  const shape = toListingShape(row, images);
  if (!privileged) {
    if (row.hideAddress) shape.address = '';
    if (row.hideContactInfo) shape.contactPhone = '';
  }
  const seller: SellerShape = { id: row.userId, name: user?.name ?? '', displayName: user?.displayName ?? null };
  if (!row.hideContactInfo) seller.phone = row.contactPhone || user?.phone || '';
  if (!row.hideAddress) seller.address = row.address || user?.address || '';
  return {
    ...shape,
    place: row.place,
    seller,
    isSaved: viewer ? s.saved.get(viewer.id, id) === 1 : false,
    isOwner,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A seller's public profile

export const USER_NOT_FOUND = 'Bruker ikke funnet';

export interface PublicProfileShape {
  id: number;
  name: string;
  displayName: string | null;
  /** Only when the user shows it on a visible listing (one without hideContactInfo). */
  phone?: string;
  /** Only when the user shows it on a visible listing (one without hideAddress). */
  address?: string;
}

const profileStatements = new WeakMap<Db, Statement>();

/**
 * GET /api/users/:id (api-contract.md "Shapes"): id, name and display name, plus phone and address only where the user
 * already shows them to buyers on a visible listing. 404 for an unknown user.
 */
export function getPublicProfile(db: Db, id: number): PublicProfileShape {
  let st = profileStatements.get(db);
  if (!st) {
    st = db.$client.prepare(
      `SELECT u.id, u.name, u.display_name AS displayName, u.phone, u.address,
         EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND ${VISIBLE_SQL} AND l.hide_contact_info = 0) AS showsPhone,
         EXISTS (SELECT 1 FROM listings l WHERE l.user_id = u.id AND ${VISIBLE_SQL} AND l.hide_address = 0) AS showsAddress
       FROM users u WHERE u.id = ?`,
    );
    profileStatements.set(db, st);
  }
  const row = st.get(id) as
    | { id: number; name: string; displayName: string | null; phone: string; address: string; showsPhone: number; showsAddress: number }
    | undefined;
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const profile: PublicProfileShape = { id: row.id, name: row.name, displayName: row.displayName };
  if (row.showsPhone) profile.phone = row.phone;
  if (row.showsAddress) profile.address = row.address;
  return profile;
}
