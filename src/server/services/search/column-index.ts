import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../../db/client';
import { visibleWhere } from '../../../../db/schema';
import type { SortKey } from '../../../shared/schemas/search';
import type { SearchWord } from './filters';

// The column index, the search engine (docs/decisions/014-cold-search.md "The column index"): an in-memory read
// model of the visible listings (approved and active), built from the table at start and kept in step from the change
// log. It answers every search with its exact total, for any combination of filters, any sort and any offset, in a
// fraction of a millisecond at 100 000 listings, and counts what is for sale for the facets. Each listing's filter and
// sort columns are held as typed arrays, with one precomputed order per sort, the listings of each value of an
// equality column, and the listings of each word of its text and of its area. A search makes one bitmap:
// - equality filters: the listings of the allowed values OR-ed per column, the columns AND-ed;
// - free text and the area (location): per word, the listings with a word it begins (from two letters; a one-letter
//   word must be whole), AND-ed; the area's words are those of the place, county and shown address;
// - ranges: a binary search in the range column's own order gives the listings within it as one stretch, marked or
//   cleared in the bitmap; no value is compared per listing;
// - the total is the bitmap's population count; the page is the sort's order walked, from whichever end is nearer,
//   until it is collected.
//
// Kept in step without rebuilding: triggers log every changed listing id (db/migrations/0012_search_changes.sql); when
// the listings version moves, the listings logged since the last look are read again and put in place (removed from
// every order and inserted again, a binary search and a shift each). search-property.test.ts holds it to a plain
// filter, sort and page of every row in JavaScript, through random searches and random writes.

/** Columns compared for equality: a listing's value is one of the given values. */
export type EqColumn = 'make' | 'model' | 'color' | 'fuel_type' | 'transmission' | 'drivetrain' | 'body_type';
/** Columns with a range filter. */
export type RangeColumn = 'total_price' | 'year' | 'mileage';

/**
 * One equality filter. `nocase`: compared as SQLite's `COLLATE NOCASE` does (ASCII letters folded, nothing else), as
 * the make, model and colour filters are; else byte for byte, as the coded columns are.
 */
export interface EqFilter {
  column: EqColumn;
  values: readonly string[];
  nocase: boolean;
}
export interface RangeFilter {
  column: RangeColumn;
  from?: number;
  to?: number;
}
/** Every filter must hold (a column may be filtered twice: the make filter and a make in the text). */
export interface ColumnQuery {
  eq: EqFilter[];
  ranges: RangeFilter[];
  /** The area's words: each must begin (or, when not a prefix, be) a word of the place or the shown address. */
  place: SearchWord[];
  /** The free text's words left after reading it (query-words.ts): each must begin (or be) a word of what it looks at. */
  text: SearchWord[];
}

const EQ_COLUMNS: readonly EqColumn[] = ['make', 'model', 'color', 'fuel_type', 'transmission', 'drivetrain', 'body_type'];
const RANGE_COLUMNS: readonly RangeColumn[] = ['total_price', 'year', 'mileage'];
type OrderKey = 'newest' | 'price' | 'year' | 'mileage';
const ORDER_KEYS: readonly OrderKey[] = ['newest', 'price', 'year', 'mileage'];
/**
 * Each sort as an order and a direction. Every order ends with the id so pages are stable when the first key ties;
 * price_desc is price_asc backwards, so both keys flip (the highest id first among equal prices).
 */
const SORT_ORDER: Record<SortKey, { order: OrderKey; backwards: boolean }> = {
  newest: { order: 'newest', backwards: false },
  price_asc: { order: 'price', backwards: false },
  price_desc: { order: 'price', backwards: true },
  year_desc: { order: 'year', backwards: false },
  mileage_asc: { order: 'mileage', backwards: false },
};

/** SQLite's NOCASE: only A-Z fold. */
const asciiLower = (s: string) => s.replace(/[A-Z]+/gu, (m) => m.toLowerCase());

const ROW_SQL = (where: string) =>
  'SELECT id, created_at, total_price, year, mileage, make, model, color, fuel_type, transmission, drivetrain, body_type,' +
  // What the area filter looks at: the place with its county (docs/decisions/015-county-area.md) and the address
  // while it is shown (a hidden address is never searchable). Then what free text looks at: what a buyer reads on the
  // listing. Words never span columns, so a space between them is enough.
  " place || ' ' || county || ' ' || CASE WHEN hide_address THEN '' ELSE address END," +
  " make || ' ' || model || ' ' || color || ' ' || description || ' ' || equipment || ' ' || place || ' ' || county," +
  // The place and county as they are, for the facets.
  ' place, county' +
  // NOT INDEXED: without statistics SQLite would read the visible rows through listings_visible_created_idx, for the
  // first build a row at a time in creation order, and for a few changed ids a walk of every visible listing's index
  // entry. Without an index the build is one pass over the table and the change log's ids are primary-key lookups.
  ` FROM listings l NOT INDEXED WHERE ${where}`;
type Row = [id: number, created: number, price: number, year: number, mileage: number, ...codesThenTexts: string[]];
const PLACE_AT = 5 + 7;
const TEXT_AT = PLACE_AT + 1;
const PLACE_NAME_AT = TEXT_AT + 1;
const COUNTY_NAME_AT = PLACE_NAME_AT + 1;

// A listing's words: letters, numbers and private-use characters make words, anything else separates; lower-cased,
// no diacritics removed (æ, ø, å and é are letters of their own: 'bla' does not find 'blå'). The words FTS5's
// unicode61 tokenizer made (remove_diacritics 0) when it held the text, so searches find what they found then.
const NOT_TOKEN = /[^\p{L}\p{N}\p{Co}]+/u;
const tokensOf = (text: string) => [...new Set(text.split(NOT_TOKEN).filter(Boolean).map((t) => t.toLowerCase()))];

/**
 * Sets of slots by id (a value's or a word's listings): each a list of slots while few have it, a bitmap once more
 * than one slot in 32 does (then smaller, and OR-ed a word at a time). Sellers' models and the words of descriptions
 * run into the thousands, most with a handful of cars.
 */
class SlotSets {
  private readonly lists: (number[] | undefined)[] = [];
  readonly bitmaps: (Uint32Array | undefined)[] = [];
  /** Ids whose set is a bitmap. */
  readonly dense: number[] = [];
  private words = 0;

  /** A new, empty set's id. */
  create(): number {
    this.lists.push([]);
    this.bitmaps.push(undefined);
    return this.lists.length - 1;
  }

  /** Bitmaps hold `words` 32-bit words (the index's capacity ÷ 32). */
  resize(words: number) {
    this.words = words;
    for (const id of this.dense) {
      const b = new Uint32Array(words);
      b.set(this.bitmaps[id]!.subarray(0, Math.min(words, this.bitmaps[id]!.length)));
      this.bitmaps[id] = b;
    }
  }

  /** Adds `slot` to set `id`; answers whether the set is (still) a list. */
  add(id: number, slot: number): boolean {
    const bitmap = this.bitmaps[id];
    if (bitmap) {
      bitmap[slot >>> 5] |= 1 << (slot & 31);
      return false;
    }
    const list = this.lists[id]!;
    list.push(slot);
    if (list.length <= Math.max(64, this.words)) return true;
    const b = new Uint32Array(this.words);
    for (const s of list) b[s >>> 5] |= 1 << (s & 31);
    this.bitmaps[id] = b;
    this.lists[id] = undefined;
    this.dense.push(id);
    return false;
  }

  remove(id: number, slot: number) {
    const bitmap = this.bitmaps[id];
    if (bitmap) {
      bitmap[slot >>> 5] &= ~(1 << (slot & 31));
      return;
    }
    const list = this.lists[id]!;
    const at = list.lastIndexOf(slot);
    list[at] = list[list.length - 1];
    list.pop();
  }

  /** Takes `slot` out of every bitmap (its lists are the caller's to name). */
  removeFromBitmaps(slot: number) {
    const mask = ~(1 << (slot & 31));
    for (const id of this.dense) this.bitmaps[id]![slot >>> 5] &= mask;
  }

  /** Sets the bit of every slot in set `id`. */
  mark(id: number, into: Uint32Array) {
    const bitmap = this.bitmaps[id];
    if (bitmap) return orInto(into, bitmap);
    const list = this.lists[id]!;
    for (let i = 0; i < list.length; i++) into[list[i] >>> 5] |= 1 << (list[i] & 31);
  }
}

/** Words of a text (the place and shown address, or what free text looks at), each with its listings (SlotSets). */
class WordIndex {
  private readonly ids = new Map<string, number>();
  /** Every word seen, sorted (by UTF-16 code units), for prefix ranges. */
  private readonly sorted: string[] = [];
  private readonly sets = new SlotSets();
  /**
   * Per slot, the ids of its words that had a list when it was added: `pool[start[slot] .. + length[slot]]`, for
   * removing it (a bitmap's bit is cleared whatever the slot's words). Appended to; a removed slot's entries stay
   * until the pool fills and is compacted.
   */
  private pool = new Int32Array(1024);
  private used = 0;
  private start = new Int32Array(0);
  private length = new Int32Array(0);

  resize(words: number) {
    this.sets.resize(words);
  }

  add(slot: number, text: string, sortLater = false) {
    const listed: number[] = [];
    for (const t of tokensOf(text)) {
      let id = this.ids.get(t);
      if (id === undefined) {
        id = this.sets.create();
        this.ids.set(t, id);
        if (sortLater) this.sorted.push(t);
        else this.sorted.splice(this.lowerBound(t), 0, t);
      }
      if (this.sets.add(id, slot)) listed.push(id);
    }
    if (slot >= this.start.length) {
      const grown = (a: Int32Array) => {
        const b = new Int32Array(Math.max(64, slot * 2));
        b.set(a);
        return b;
      };
      this.start = grown(this.start);
      this.length = grown(this.length);
    }
    if (this.used + listed.length > this.pool.length) this.compact(listed.length);
    this.start[slot] = this.used;
    this.length[slot] = listed.length;
    this.pool.set(listed, this.used);
    this.used += listed.length;
  }

  /** Drops removed slots' entries from the pool (or grows it), making room for `more`. */
  private compact(more: number) {
    let live = 0;
    for (let slot = 0; slot < this.start.length; slot++) live += this.length[slot];
    const pool = new Int32Array(Math.max(1024, (live + more) * 2));
    let at = 0;
    for (let slot = 0; slot < this.start.length; slot++) {
      const n = this.length[slot];
      if (n === 0) continue;
      pool.set(this.pool.subarray(this.start[slot], this.start[slot] + n), at);
      this.start[slot] = at;
      at += n;
    }
    this.pool = pool;
    this.used = at;
  }

  /** After adding with `sortLater`. */
  sort() {
    this.sorted.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  remove(slot: number) {
    const first = this.start[slot];
    const n = this.length[slot];
    // The words it was listed under (one may have become a bitmap since), then every bitmap.
    for (let i = first; i < first + n; i++) this.sets.remove(this.pool[i], slot);
    this.length[slot] = 0;
    this.sets.removeFromBitmaps(slot);
  }

  private lowerBound(t: string) {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sets the bit of every slot with a word `w` names (the word itself, or every word it begins). */
  mark(w: SearchWord, into: Uint32Array) {
    const mark = (id: number | undefined) => {
      if (id !== undefined) this.sets.mark(id, into);
    };
    if (!w.prefix) return mark(this.ids.get(w.word));
    for (let i = this.lowerBound(w.word); i < this.sorted.length && this.sorted[i].startsWith(w.word); i++) mark(this.ids.get(this.sorted[i]));
  }
}

/** Distinct strings of one column as small integer codes, each with how many visible listings have it. */
class Tally {
  readonly codes = new Map<string, number>();
  /** Per code, its string. */
  readonly names: string[] = [];
  /** Visible listings per code. */
  readonly counts: number[] = [];
  get size() {
    return this.codes.size;
  }
  /** The code of `value`, a new one for a value not seen before. */
  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.names.push(value) - 1;
      this.codes.set(value, c);
      this.counts.push(0);
      this.created(c, value);
    }
    return c;
  }
  /** A new code was given out (a subclass keeps more per code). */
  protected created(_c: number, _value: string) {}
  /** Every non-empty value some visible listing has, with how many have it. */
  entries(): { name: string; count: number }[] {
    return this.names.flatMap((name, c) => (name && this.counts[c] > 0 ? [{ name, count: this.counts[c] }] : []));
  }
}

/**
 * A column that is filtered on: its tally, plus its NOCASE groups and a bitmap of listings per code. The place and the
 * county are only counted (a plain Tally): a bitmap per place would cost memory no filter reads.
 */
class Dictionary extends Tally {
  readonly folded = new Map<string, number[]>();
  /** Per code, its listings. */
  readonly sets = new SlotSets();
  protected override created(c: number, value: string) {
    this.sets.create(); // the same code: both count from 0, one per value
    const key = asciiLower(value);
    const group = this.folded.get(key);
    if (group) group.push(c);
    else this.folded.set(key, [c]);
  }
  add(c: number, slot: number) {
    this.counts[c]++;
    this.sets.add(c, slot);
  }
  remove(c: number, slot: number) {
    this.counts[c]--;
    this.sets.remove(c, slot);
  }
}

type TallyColumn = 'place' | 'county';
const TALLY_COLUMNS: readonly TallyColumn[] = ['place', 'county'];

/** More changed listings than this since the last look: reading everything again is cheaper than patching. */
const REBUILD_AFTER = 20_000;
/** The change log keeps about this many entries (pruned by the index as it applies them). */
const KEEP_CHANGES = 10_000;

/** The order each range column is sorted in, and whether that order runs from high to low. */
const RANGE_ORDER: Record<RangeColumn, { order: OrderKey; descending: boolean }> = {
  total_price: { order: 'price', descending: false },
  year: { order: 'year', descending: true },
  mileage: { order: 'mileage', descending: false },
};

export class ColumnIndex {
  private capacity = 0;
  /** Slots handed out so far (free ones are reused first). */
  private slots = 0;
  private words = 0;
  private readonly free: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private id = new Int32Array(0);
  private created = new Float64Array(0);
  // Prices, years and mileages are whole numbers well within 32 bits (the table's columns are integers).
  private readonly ranges: Record<RangeColumn, Int32Array> = { total_price: new Int32Array(0), year: new Int32Array(0), mileage: new Int32Array(0) };
  /** Bit `slot` set when the slot holds a visible listing. */
  private alive = new Uint32Array(0);
  private readonly eq = {} as Record<EqColumn, Int32Array>;
  private dictionaries = {} as Record<EqColumn, Dictionary>;
  /** Per slot, its place's and county's code in `tallies`. */
  private readonly tallied: Record<TallyColumn, Int32Array> = { place: new Int32Array(0), county: new Int32Array(0) };
  private tallies: Record<TallyColumn, Tally> = { place: new Tally(), county: new Tally() };
  private places = new WordIndex();
  private texts = new WordIndex();
  private readonly orders = {} as Record<OrderKey, Int32Array>;
  /** How many visible listings the orders hold. */
  private count = 0;
  private lastSeq = -1;
  private readonly rowsStatement: Statement;
  private readonly changedRowsStatement: Statement;
  private readonly changesStatement: Statement;
  private readonly seqStatement: Statement;
  private readonly firstSeqStatement: Statement;
  private readonly visibleStatement: Statement;
  private readonly pruneStatement: Statement;
  private readonly compare: Record<OrderKey, (a: number, b: number) => number>;
  /** How many times every visible listing was read (the first sync, or one after falling behind): for tests. */
  rebuilds = 0;

  constructor(private readonly db: Db) {
    const client = db.$client;
    this.rowsStatement = client.prepare(ROW_SQL(visibleWhere('l'))).raw();
    this.changedRowsStatement = client.prepare(ROW_SQL(`${visibleWhere('l')} AND l.id IN (SELECT value FROM json_each(?))`)).raw();
    this.changesStatement = client.prepare('SELECT seq, listing_id FROM listings_search_changes WHERE seq > ? ORDER BY seq LIMIT ?').raw();
    // The last sequence number handed out (the log may have been pruned to empty).
    this.seqStatement = client.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'listings_search_changes'), 0)").pluck();
    this.firstSeqStatement = client.prepare('SELECT min(seq) FROM listings_search_changes').pluck();
    this.visibleStatement = client.prepare('SELECT visible FROM listings_search_state WHERE id = 1').pluck();
    this.pruneStatement = client.prepare('DELETE FROM listings_search_changes WHERE seq <= ?');
    // Read through `this` on each call: the arrays are replaced when they grow.
    this.compare = {
      newest: (a, b) => this.created[b] - this.created[a] || this.id[b] - this.id[a],
      price: (a, b) => this.ranges.total_price[a] - this.ranges.total_price[b] || this.id[a] - this.id[b],
      year: (a, b) => this.ranges.year[b] - this.ranges.year[a] || this.id[b] - this.id[a],
      mileage: (a, b) => this.ranges.mileage[a] - this.ranges.mileage[b] || this.id[a] - this.id[b],
    };
  }

  /** How many visible listings it holds (after `sync`). */
  get size() {
    return this.count;
  }

  /**
   * Visible listings per make and model as spelled (after `sync`): the most listed pair first, then by spelling (the
   * facets name a make or model that is written several ways as the first pair that has it spells it).
   */
  makesAndModels(): { make: string; model: string; n: number }[] {
    const makes = this.dictionaries.make;
    const models = this.dictionaries.model;
    const width = models.size;
    const pairs = new Map<number, number>();
    const order = this.orders.newest;
    for (let j = 0; j < this.count; j++) {
      const slot = order[j];
      const pair = this.eq.make[slot] * width + this.eq.model[slot];
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
    const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return [...pairs]
      .map(([pair, n]) => ({ make: makes.names[Math.floor(pair / width)], model: models.names[pair % width], n }))
      .sort((a, b) => b.n - a.n || byCode(a.make, b.make) || byCode(a.model, b.model));
  }

  /** Visible listings per place and per county (after `sync`; listings without one are not counted), in no order. */
  placesAndCounties(): Record<TallyColumn, { name: string; count: number }[]> {
    return { place: this.tallies.place.entries(), county: this.tallies.county.entries() };
  }

  /**
   * Brings the index up to the database: the first time (or after falling too far behind) by reading every visible
   * listing, else by re-reading the listings logged as changed since the last call. Cheap when nothing changed; the
   * caller calls it when the listings version moved.
   */
  sync() {
    if (this.lastSeq < 0) return this.rebuild();
    const latest = this.seqStatement.get() as number;
    if (latest === this.lastSeq) return;
    const first = this.firstSeqStatement.get() as number | null;
    // Entries this index has not seen were pruned (by another index over the same database that kept reading while
    // this one did not), or there are too many.
    if ((first ?? latest + 1) > this.lastSeq + 1 || latest - this.lastSeq > REBUILD_AFTER) return this.rebuild();
    const changes = this.changesStatement.all(this.lastSeq, REBUILD_AFTER + 1) as [number, number][];
    const ids = [...new Set(changes.map((c) => c[1]))];
    for (const listingId of ids) this.remove(listingId);
    for (const row of this.changedRowsStatement.all(JSON.stringify(ids)) as Row[]) this.insert(row);
    this.lastSeq = changes.length ? changes[changes.length - 1][0] : latest;
    this.prune();
  }

  private prune() {
    const first = this.firstSeqStatement.get() as number | null;
    if (first === null || this.lastSeq - first <= 2 * KEEP_CHANGES) return;
    try {
      this.pruneStatement.run(this.lastSeq - KEEP_CHANGES);
    } catch {
      // Another process holds the write lock (a CLI writing): the log is pruned next time; a search never fails for it.
    }
  }

  private rebuild() {
    // One read transaction, so the rows and the log's position are the same snapshot.
    this.rebuilds++;
    this.slotOf.clear();
    this.free.length = 0;
    this.dictionaries = {} as Record<EqColumn, Dictionary>;
    for (const c of EQ_COLUMNS) this.dictionaries[c] = new Dictionary();
    this.tallies = { place: new Tally(), county: new Tally() };
    this.places = new WordIndex();
    this.texts = new WordIndex();
    this.slots = 0;
    this.capacity = 0;
    this.alive = new Uint32Array(0);
    for (const key of ORDER_KEYS) delete (this.orders as Partial<Record<OrderKey, Int32Array>>)[key];
    // Rows streamed into the arrays (never all held as objects at once: ~100 MB at 100 000 listings).
    const read = this.db.$client.transaction(() => {
      const visible = this.visibleStatement.get() as number;
      this.grow(Math.max(visible + (visible >> 3), 64));
      let n = 0;
      for (const row of this.rowsStatement.iterate() as IterableIterator<Row>) {
        this.place(row, true);
        n++;
      }
      return { seq: this.seqStatement.get() as number, n };
    });
    const { seq, n } = read.deferred();
    this.places.sort();
    this.texts.sort();
    this.count = n;
    const all = Int32Array.from({ length: n }, (_, i) => i);
    for (const key of ORDER_KEYS) {
      const order = new Int32Array(this.capacity);
      order.set(all);
      order.subarray(0, n).sort(this.compare[key]);
      this.orders[key] = order;
    }
    this.lastSeq = seq;
    this.prune();
  }

  private grow(capacity: number) {
    const copy = <A extends Float64Array | Int32Array | Uint32Array>(a: A, make: (n: number) => A, size = capacity) => {
      const b = make(size);
      b.set(a.subarray(0, Math.min(a.length, size)));
      return b;
    };
    const f64 = (n: number) => new Float64Array(n);
    const i32 = (n: number) => new Int32Array(n);
    this.id = copy(this.id, i32);
    this.created = copy(this.created, f64);
    for (const c of RANGE_COLUMNS) this.ranges[c] = copy(this.ranges[c], i32);
    for (const c of EQ_COLUMNS) this.eq[c] = copy(this.eq[c] ?? new Int32Array(0), i32);
    this.tallied.place = copy(this.tallied.place, i32);
    this.tallied.county = copy(this.tallied.county, i32);
    for (const key of ORDER_KEYS) if (this.orders[key]) this.orders[key] = copy(this.orders[key], i32);
    this.words = Math.ceil(capacity / 32);
    this.places.resize(this.words);
    this.texts.resize(this.words);
    this.alive = copy(this.alive, (n) => new Uint32Array(n), this.words);
    for (const c of EQ_COLUMNS) {
      const dict = this.dictionaries[c];
      dict.sets.resize(this.words);
    }
    this.capacity = capacity;
  }

  /** Writes a row's values into a free slot (not yet in any order). */
  private place(row: Row, sortLater = false): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.slots === this.capacity) this.grow(Math.ceil(this.capacity * 1.5) + 64);
      slot = this.slots++;
    }
    this.id[slot] = row[0];
    this.created[slot] = row[1];
    this.ranges.total_price[slot] = row[2];
    this.ranges.year[slot] = row[3];
    this.ranges.mileage[slot] = row[4];
    for (let k = 0; k < EQ_COLUMNS.length; k++) {
      const column = EQ_COLUMNS[k];
      const dict = this.dictionaries[column];
      const code = dict.code(row[5 + k] as string);
      this.eq[column][slot] = code;
      dict.add(code, slot);
    }
    for (const column of TALLY_COLUMNS) {
      const code = this.tallies[column].code(row[column === 'place' ? PLACE_NAME_AT : COUNTY_NAME_AT] as string);
      this.tallied[column][slot] = code;
      this.tallies[column].counts[code]++;
    }
    this.alive[slot >>> 5] |= 1 << (slot & 31);
    this.places.add(slot, row[PLACE_AT] as string, sortLater);
    this.texts.add(slot, row[TEXT_AT] as string, sortLater);
    this.slotOf.set(row[0], slot);
    return slot;
  }

  private insert(row: Row) {
    const slot = this.place(row);
    for (const key of ORDER_KEYS) {
      const order = this.orders[key];
      const at = this.position(key, slot);
      order.copyWithin(at + 1, at, this.count);
      order[at] = slot;
    }
    this.count++;
  }

  private remove(listingId: number) {
    const slot = this.slotOf.get(listingId);
    if (slot === undefined) return;
    for (const key of ORDER_KEYS) {
      const order = this.orders[key];
      const at = this.position(key, slot);
      if (order[at] !== slot) throw new Error(`column index out of order at listing ${listingId}`);
      order.copyWithin(at, at + 1, this.count);
    }
    this.count--;
    for (const column of EQ_COLUMNS) {
      const dict = this.dictionaries[column];
      const code = this.eq[column][slot];
      dict.remove(code, slot);
    }
    for (const column of TALLY_COLUMNS) this.tallies[column].counts[this.tallied[column][slot]]--;
    this.alive[slot >>> 5] &= ~(1 << (slot & 31));
    this.places.remove(slot);
    this.texts.remove(slot);
    this.slotOf.delete(listingId);
    this.free.push(slot);
  }

  /** The first position in `key`'s order not before `slot` (where it is, or where it goes). */
  private position(key: OrderKey, slot: number) {
    const order = this.orders[key];
    const compare = this.compare[key];
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(order[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The stretch [start, end) of `column`'s order whose values lie within [from, to]. */
  private stretch(column: RangeColumn, from = -Infinity, to = Infinity): [number, number] {
    const { order, descending } = RANGE_ORDER[column];
    const slots = this.orders[order];
    const values = this.ranges[column];
    // First position whose value is past `bound` in the order's direction (or at it, unless `inclusive`).
    const past = (bound: number, inclusive: boolean) => {
      let lo = 0;
      let hi = this.count;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const v = values[slots[mid]];
        const before = descending ? (inclusive ? v >= bound : v > bound) : inclusive ? v <= bound : v < bound;
        if (before) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return descending ? [past(to, false), past(from, true)] : [past(from, false), past(to, true)];
  }

  /**
   * The ids of one page in `sort`'s order and the exact number of matches. Call `sync` first (in the same listings
   * version).
   */
  query(q: ColumnQuery, sort: SortKey, offset: number, limit: number): { ids: number[]; total: number } {
    // Equality: per column, the codes allowed by every filter on it (a column may be filtered twice).
    const allowed = new Map<EqColumn, Set<number>>();
    for (const f of q.eq) {
      const dict = this.dictionaries[f.column];
      const codes = new Set<number>();
      for (const v of f.values) {
        if (f.nocase) for (const c of dict.folded.get(asciiLower(v)) ?? []) codes.add(c);
        else if (dict.codes.has(v)) codes.add(dict.codes.get(v)!);
      }
      const before = allowed.get(f.column);
      allowed.set(f.column, before ? new Set([...codes].filter((c) => before.has(c))) : codes);
    }
    // The matches of the equality filters as one bitmap (undefined: no such filter).
    let bits: Uint32Array | undefined;
    let owned = false;
    for (const [column, codes] of allowed) {
      const dict = this.dictionaries[column];
      const present = [...codes].filter((c) => dict.counts[c] > 0);
      if (present.length === 0) return { ids: [], total: 0 };
      // One common value: its own bitmap, read only. Else the values' slots marked in a new one.
      let columnBits = present.length === 1 ? dict.sets.bitmaps[present[0]] : undefined;
      const shared = columnBits !== undefined;
      if (!columnBits) {
        columnBits = new Uint32Array(this.words);
        for (const c of present) dict.sets.mark(c, columnBits);
      }
      if (!bits) {
        bits = columnBits;
        owned = !shared;
      } else {
        if (!owned) {
          bits = bits.slice();
          owned = true;
        }
        andInto(bits, columnBits);
      }
    }
    // Free text and the area: per word, the listings with a word it names; the words and the filters above intersect.
    for (const [index, words] of [[this.texts, q.text], [this.places, q.place]] as const) {
      for (const w of words) {
        const marked = new Uint32Array(this.words);
        index.mark(w, marked);
        if (bits) andInto(marked, bits);
        bits = marked;
        owned = true;
      }
    }
    const { order, backwards } = SORT_ORDER[sort];
    const slots = this.orders[order];
    const n = this.count;
    const id = this.id;
    const ids: number[] = [];
    const end = offset + limit;

    if (q.ranges.length === 0) {
      if (!bits) {
        for (let j = offset; j < Math.min(n, end); j++) ids.push(id[slots[backwards ? n - 1 - j : j]]);
        return { ids, total: n };
      }
      const total = popcount(bits);
      return { ids: this.page(bits, slots, backwards, offset, limit, total), total };
    }

    // Ranges: each one's listings are a stretch of its column's order (binary search).
    const stretches = q.ranges.map((r) => ({ r, at: this.stretch(r.column, r.from, r.to) }));
    stretches.sort((x, y) => x.at[1] - x.at[0] - (y.at[1] - y.at[0]));
    const narrowest = stretches[0];
    const [start, stop] = narrowest.at;
    if (stop <= start) return { ids: [], total: 0 };
    const walkOrder = this.orders[RANGE_ORDER[narrowest.r.column].order];
    // One range alone, sorted by its own column: the stretch is the matches, in the page's order.
    if (!bits && stretches.length === 1 && RANGE_ORDER[narrowest.r.column].order === order) {
      for (let k = offset; k < Math.min(stop - start, end); k++) ids.push(id[walkOrder[backwards ? stop - 1 - k : start + k]]);
      return { ids, total: stop - start };
    }
    // Whole numbers within 32 bits, as the columns are, so the comparisons stay on small integers.
    const lows = stretches.map((x) => Math.max(INT32_MIN, Math.ceil(x.r.from ?? INT32_MIN)));
    const highs = stretches.map((x) => Math.min(INT32_MAX, Math.floor(x.r.to ?? INT32_MAX)));
    const columns = stretches.map((x) => this.ranges[x.r.column]);
    // One range and no equality filter: the total is the stretch's length, and the page is found by walking the
    // sort's order checking that one value (it stops as soon as the page is full).
    if (!bits && stretches.length === 1) {
      const total = stop - start;
      const column = columns[0];
      const low = lows[0];
      const high = highs[0];
      return { ids: this.pageWhere((slot) => column[slot] >= low && column[slot] <= high, slots, backwards, offset, limit, total), total };
    }
    // Else the matches become one bitmap. Each range is applied through its stretch of its own order: a stretch
    // holding less than half the listings is marked and intersected, a longer one clears the bits of the listings
    // outside it (fewer), so no range costs more than half a pass, and no value is compared.
    let found: Uint32Array;
    if (bits) found = owned ? bits : bits.slice();
    else if ((stop - start) * 2 < n) found = new Uint32Array(this.words);
    else found = this.alive.slice();
    stretches.forEach(({ r, at: [from, to] }, k) => {
      const slotsOf = this.orders[RANGE_ORDER[r.column].order];
      if ((to - from) * 2 < n) {
        const marked = k === 0 && !bits ? found : new Uint32Array(this.words);
        for (let j = from; j < to; j++) marked[slotsOf[j] >>> 5] |= 1 << (slotsOf[j] & 31);
        if (marked !== found) andInto(found, marked);
      } else {
        for (let j = 0; j < from; j++) found[slotsOf[j] >>> 5] &= ~(1 << (slotsOf[j] & 31));
        for (let j = to; j < n; j++) found[slotsOf[j] >>> 5] &= ~(1 << (slotsOf[j] & 31));
      }
    });
    const total = popcount(found);
    return { ids: this.page(found, slots, backwards, offset, limit, total), total };
  }

  /** The ids at [offset, offset + limit) among the slots of `bits`, in `slots` order, walked from the nearer end. */
  private page(bits: Uint32Array, slots: Int32Array, backwards: boolean, offset: number, limit: number, total: number): number[] {
    return this.pageWhere((slot) => (bits[slot >>> 5] & (1 << (slot & 31))) !== 0, slots, backwards, offset, limit, total);
  }

  /**
   * The ids at [offset, offset + limit) among the `total` slots that pass `has`, in `slots` order, walked from the
   * nearer end.
   */
  private pageWhere(has: (slot: number) => boolean, slots: Int32Array, backwards: boolean, offset: number, limit: number, total: number): number[] {
    const ids: number[] = [];
    const end = Math.min(offset + limit, total);
    if (end <= offset) return ids;
    const n = this.count;
    // From the start of the sort's order (its end when `backwards`), or from the other end for a page nearer it.
    const fromFront = offset <= total - end;
    const want = fromFront ? end : total - offset;
    const skip = fromFront ? offset : total - end;
    let seen = 0;
    const forward = fromFront !== backwards;
    for (let j = forward ? 0 : n - 1; forward ? j < n : j >= 0; j += forward ? 1 : -1) {
      const slot = slots[j];
      if (!has(slot)) continue;
      if (seen++ >= skip) ids.push(this.id[slot]);
      if (seen >= want) break;
    }
    return fromFront ? ids : ids.reverse();
  }
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function orInto(into: Uint32Array, from: Uint32Array) {
  for (let i = 0; i < into.length; i++) into[i] |= from[i];
}

function andInto(into: Uint32Array, from: Uint32Array) {
  for (let i = 0; i < into.length; i++) into[i] &= from[i];
}

function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i];
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}
