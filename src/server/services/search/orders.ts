import type { SortKey } from '../../../shared/schemas/search';

/** Columns with a range filter. */
export type RangeColumn = 'total_price' | 'year' | 'mileage';
/** What the orders sort by, per slot (the arrays are replaced when they grow; read through this object). */
export type SortColumns = { id: Int32Array; created: Float64Array } & Record<RangeColumn, Int32Array>;
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

/** The order each range column is sorted in, and whether that order runs from high to low. */
const RANGE_ORDER: Record<RangeColumn, { order: OrderKey; descending: boolean }> = {
  total_price: { order: 'price', descending: false },
  year: { order: 'year', descending: true },
  mileage: { order: 'mileage', descending: false },
};

/** The visible listings' slots in the order of each sort, kept sorted as listings come and go. */
export class Orders {
  private readonly orders = {} as Record<OrderKey, Int32Array>;
  private readonly compare: Record<OrderKey, (a: number, b: number) => number>;
  /** How many slots each order holds. */
  count = 0;

  constructor(private readonly c: SortColumns) {
    this.compare = {
      newest: (a, b) => c.created[b] - c.created[a] || c.id[b] - c.id[a],
      price: (a, b) => c.total_price[a] - c.total_price[b] || c.id[a] - c.id[b],
      year: (a, b) => c.year[b] - c.year[a] || c.id[b] - c.id[a],
      mileage: (a, b) => c.mileage[a] - c.mileage[b] || c.id[a] - c.id[b],
    };
  }

  /** Sorts slots 0 .. n-1 (the whole index, as first built) into each order, with room for `capacity`. */
  build(n: number, capacity: number) {
    this.count = n;
    for (const key of ORDER_KEYS) {
      this.orders[key] = new Int32Array(capacity);
      for (let i = 0; i < n; i++) this.orders[key][i] = i;
      this.orders[key].subarray(0, n).sort(this.compare[key]);
    }
  }

  grow(capacity: number) {
    for (const key of ORDER_KEYS) {
      const order = new Int32Array(capacity);
      if (this.orders[key]) order.set(this.orders[key].subarray(0, this.count));
      this.orders[key] = order;
    }
  }

  insert(slot: number) {
    for (const key of ORDER_KEYS) {
      const at = this.position(key, slot);
      this.orders[key].copyWithin(at + 1, at, this.count);
      this.orders[key][at] = slot;
    }
    this.count++;
  }

  remove(slot: number) {
    for (const key of ORDER_KEYS) {
      const at = this.position(key, slot);
      if (this.orders[key][at] !== slot) throw new Error(`search orders lost slot ${slot}`);
      this.orders[key].copyWithin(at, at + 1, this.count);
    }
    this.count--;
  }

  /** The first position in `key`'s order not before `slot` (where it is, or where it goes). */
  private position(key: OrderKey, slot: number) {
    return this.search(key, (s) => this.compare[key](s, slot) < 0);
  }

  /** The first position in `key`'s order whose slot is not `before` (a binary search: `before` holds up to there). */
  private search(key: OrderKey, before: (slot: number) => boolean) {
    const order = this.orders[key];
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(order[mid])) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The slots of `sort` from first to last, and whether to read them backwards. */
  sorted(sort: SortKey): { slots: Int32Array; backwards: boolean } {
    return { slots: this.orders[SORT_ORDER[sort].order], backwards: SORT_ORDER[sort].backwards };
  }

  /** Whether `sort` is the order a range of `column` is a stretch of. */
  sortedBy(sort: SortKey, column: RangeColumn) {
    return SORT_ORDER[sort].order === RANGE_ORDER[column].order;
  }

  /** The stretch [start, end) of `column`'s order (`slots`) whose values lie within [from, to]. */
  stretch(column: RangeColumn, from = -Infinity, to = Infinity) {
    const { order, descending } = RANGE_ORDER[column];
    const values = this.c[column];
    // First position whose value is past `bound` in the order's direction (or at it, unless `inclusive`).
    const past = (bound: number, inclusive: boolean) =>
      this.search(order, (s) => (descending ? (inclusive ? values[s] >= bound : values[s] > bound) : inclusive ? values[s] <= bound : values[s] < bound));
    const [start, end] = descending ? [past(to, false), past(from, true)] : [past(from, false), past(to, true)];
    return { start, end, slots: this.orders[order] };
  }
}
