import { SEARCH_CODED, type SearchRow } from '../../store/search-source';
import { Orders, type SortColumns } from './orders';
import { clear, resized, set } from './posting-lists';
import { Values } from './values';
import { WordIndex } from './word-index';

// The column index (docs/decisions/014-cold-search.md "The column index"): each visible listing in a slot of typed
// arrays, with its sort and range values, a code per column value (with each value's listings), its words and its
// place in every sort order. Fed rows by engine.ts; searched by query.ts.

/** Columns compared for equality: a listing's value is one of the given values. */
export type EqColumn = 'make' | 'model' | 'color' | 'fuel_type' | 'transmission' | 'drivetrain' | 'body_type';
const EQ_COLUMNS: readonly EqColumn[] = ['make', 'model', 'color', 'fuel_type', 'transmission', 'drivetrain', 'body_type'];
/** Coded columns: the filtered ones, then two only counted for the facets (a set per place would go unread). */
const CODED = SEARCH_CODED;
type CodedColumn = (typeof CODED)[number];

/** What the index reads of a listing (store/search-source.ts searchRowColumns). */
export type Row = SearchRow;
const AREA_AT = 5 + CODED.length;

export class ColumnIndex {
  private capacity = 0;
  /** Slots handed out so far (free ones are reused first). */
  private slots = 0;
  private readonly free: number[] = [];
  private readonly slotOf = new Map<number, number>();
  /** Per slot, its id and sort values (whole numbers within 32 bits, as the table's columns are). */
  readonly columns: SortColumns = { id: new Int32Array(0), created: new Float64Array(0), total_price: new Int32Array(0), year: new Int32Array(0), mileage: new Int32Array(0) };
  /** Per slot, its code in each column's `values`. */
  readonly codes = {} as Record<CodedColumn, Int32Array>;
  readonly values = {} as Record<CodedColumn, Values>;
  /** Bit `slot` set when the slot holds a visible listing. */
  alive: Uint32Array = new Uint32Array(0);
  readonly places = new WordIndex();
  readonly texts = new WordIndex();
  readonly orders = new Orders(this.columns);

  /** Every visible listing's row, `expected` of them (for the arrays' first size). */
  constructor(rows: Iterable<Row>, expected: number) {
    for (const c of CODED) this.values[c] = new Values(EQ_COLUMNS.includes(c as EqColumn));
    this.grow(Math.max(expected + (expected >> 3), 64));
    for (const row of rows) this.place(row, true);
    this.places.sort();
    this.texts.sort();
    this.orders.build(this.slots, this.capacity);
  }

  get size() {
    return this.orders.count;
  }

  private grow(capacity: number) {
    for (const k of ['id', 'total_price', 'year', 'mileage'] as const) this.columns[k] = resized(this.columns[k], capacity);
    this.columns.created = resized(this.columns.created, capacity);
    for (const c of CODED) this.codes[c] = resized(this.codes[c] ?? new Int32Array(0), capacity);
    for (const c of EQ_COLUMNS) this.values[c].sets!.resize(Math.ceil(capacity / 32));
    if (this.capacity) this.orders.grow(capacity);
    this.places.resize(capacity);
    this.texts.resize(capacity);
    this.alive = resized(this.alive, Math.ceil(capacity / 32));
    this.capacity = capacity;
  }

  /** Writes a row's values into a free slot (not yet in any order). */
  private place(row: Row, sortLater = false): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.slots === this.capacity) this.grow(Math.ceil(this.capacity * 1.5) + 64);
      slot = this.slots++;
    }
    [this.columns.id[slot], this.columns.created[slot], this.columns.total_price[slot], this.columns.year[slot], this.columns.mileage[slot]] = row;
    CODED.forEach((c, k) => this.values[c].add((this.codes[c][slot] = this.values[c].code(row[5 + k] as string)), slot));
    set(this.alive, slot);
    this.places.add(slot, row[AREA_AT] as string, sortLater);
    this.texts.add(slot, row[AREA_AT + 1] as string, sortLater);
    this.slotOf.set(row[0], slot);
    return slot;
  }

  insert(row: Row) {
    this.orders.insert(this.place(row));
  }

  remove(listingId: number) {
    const slot = this.slotOf.get(listingId);
    if (slot === undefined) return;
    this.orders.remove(slot);
    for (const c of CODED) this.values[c].remove(this.codes[c][slot], slot);
    clear(this.alive, slot);
    this.places.remove(slot);
    this.texts.remove(slot);
    this.slotOf.delete(listingId);
    this.free.push(slot);
  }

  /**
   * Visible listings per make and model as spelled: the most listed pair first, then by spelling (the facets name a
   * make or model that is written several ways as the first pair that has it spells it).
   */
  makesAndModels(): { make: string; model: string; n: number }[] {
    const { make, model } = this.values;
    const width = model.names.length;
    const pairs = new Map<number, number>();
    const { slots } = this.orders.sorted('newest');
    for (let j = 0; j < this.size; j++) {
      const pair = this.codes.make[slots[j]] * width + this.codes.model[slots[j]];
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
    const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return [...pairs]
      .map(([pair, n]) => ({ make: make.names[Math.floor(pair / width)], model: model.names[pair % width], n }))
      .sort((a, b) => b.n - a.n || byCode(a.make, b.make) || byCode(a.model, b.model));
  }

  /** Visible listings per place and per county (listings without one are not counted), in no order. */
  placesAndCounties() {
    return { place: this.values.place.entries(), county: this.values.county.entries() };
  }
}
