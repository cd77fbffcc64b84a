import type { SortKey } from '../../../shared/schemas/search';

/** Columns with a range filter. */
export type RangeColumn = 'total_price' | 'year' | 'mileage';
/** What the orders sort by, per slot (arrays replaced as they grow, so read through this object). */
export type SortColumns = { id: Int32Array; created: Float64Array } & Record<RangeColumn, Int32Array>;
type OrderKey = 'newest' | RangeColumn;
const ORDER_KEYS: readonly OrderKey[] = ['newest', 'total_price', 'year', 'mileage'];
/**
 * Each sort as an order read forwards or backwards. Every order ends with the id so pages are stable when the first
 * key ties; price_desc is price_asc backwards, so both keys flip (the highest id first among equal prices).
 */
const SORT_ORDER: Record<SortKey, [OrderKey, boolean]> = {
  newest: ['newest', false],
  price_asc: ['total_price', false],
  price_desc: ['total_price', true],
  year_desc: ['year', false],
  mileage_asc: ['mileage', false],
};

/** The first of positions 0 .. n-1 not `before` (which holds for a first stretch of them, then never). */
export function lowerBound(n: number, before: (i: number) => boolean) {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The visible listings' slots in the order of each sort (and so of each range column), kept sorted. */
export class Orders {
  private readonly orders = {} as Record<OrderKey, Int32Array>;
  private readonly compare: Record<OrderKey, (a: number, b: number) => number>;
  /** How many slots each order holds. */
  count = 0;

  constructor(private readonly c: SortColumns) {
    this.compare = {
      newest: (a, b) => c.created[b] - c.created[a] || c.id[b] - c.id[a],
      total_price: (a, b) => c.total_price[a] - c.total_price[b] || c.id[a] - c.id[b],
      year: (a, b) => c.year[b] - c.year[a] || c.id[b] - c.id[a],
      mileage: (a, b) => c.mileage[a] - c.mileage[b] || c.id[a] - c.id[b],
    };
  }

  /** Sorts slots 0 .. n-1 (the whole index, as first built) into each order, with room for `capacity`. */
  build(n: number, capacity: number) {
    this.count = n;
    for (const key of ORDER_KEYS) {
      this.orders[key] = new Int32Array(capacity).map((_, i) => i);
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

  private position(key: OrderKey, slot: number) {
    return this.search(key, (s) => this.compare[key](s, slot) < 0);
  }

  private search(key: OrderKey, before: (slot: number) => boolean) {
    return lowerBound(this.count, (i) => before(this.orders[key][i]));
  }

  /** The slots of `sort`, and whether to read them backwards. */
  sorted(sort: SortKey) {
    return { slots: this.orders[SORT_ORDER[sort][0]], backwards: SORT_ORDER[sort][1] };
  }

  /** The stretch [start, end) of `column`'s order (`slots`) whose values lie within [from, to]. */
  stretch(column: RangeColumn, from = -Infinity, to = Infinity) {
    const v = this.c[column];
    // Years run from the newest down: that order's stretch is [after `to`, up to and with `from`).
    if (column === 'year') return { start: this.search(column, (s) => v[s] > to), end: this.search(column, (s) => v[s] >= from), slots: this.orders[column] };
    return { start: this.search(column, (s) => v[s] < from), end: this.search(column, (s) => v[s] <= to), slots: this.orders[column] };
  }
}
