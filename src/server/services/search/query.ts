import type { SortKey } from '../../../shared/schemas/search';
import type { ColumnIndex, EqColumn } from './column-index';
import type { RangeColumn } from './orders';
import { andInto, clear, has, popcount, set } from './posting-lists';
import type { SearchWord } from './words';

// A search against the column index as one bitmap of matches:
// - equality filters: the listings of the allowed values OR-ed per column, the columns AND-ed;
// - free text and the area: per word, the listings with a word it names, AND-ed;
// - ranges: a binary search in the range column's own order gives its listings as one stretch, marked or cleared in
//   the bitmap; no value is compared per listing;
// - the total is the bitmap's population count; the page is the sort's order walked, from whichever end is nearer,
//   until it is collected.

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

export interface Page {
  ids: number[];
  total: number;
}
const NONE: Page = { ids: [], total: 0 };

/** The matches so far as one bitmap (none yet: every listing). */
class Matches {
  bits: Uint32Array | undefined;
  /** While `bits` is a value's own bitmap, read only. */
  private shared = false;

  constructor(private readonly words: number) {}

  /** A new bitmap with the bits `mark` sets, AND-ed in. */
  andMarked(mark: (into: Uint32Array) => void) {
    const b = new Uint32Array(this.words);
    mark(b);
    this.and(b, true);
  }

  /** AND-s in `b` (`own`: a bitmap of this search's own, else read only). */
  and(b: Uint32Array, own: boolean) {
    if (!this.bits) [this.bits, this.shared] = [b, !own];
    else {
      // AND-ed into whichever of the two may be written, a copy when neither.
      if (this.shared) [this.bits, b, this.shared] = [own ? b : b.slice(), this.bits, false];
      andInto(this.bits, b);
    }
  }

  /** The bitmap, to write into. */
  owned(): Uint32Array {
    if (this.shared) [this.bits, this.shared] = [this.bits!.slice(), false];
    return this.bits!;
  }
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** The ids of one page in `sort`'s order and the exact number of matches. */
export function query(index: ColumnIndex, q: ColumnQuery, sort: SortKey, offset: number, limit: number): Page {
  const { words, orders, columns } = index;
  const n = index.size;
  const m = new Matches(words);
  // Equality: per column, the codes allowed by every filter on it.
  const allowed = new Map<EqColumn, number[]>();
  for (const f of q.eq) {
    const codes = index.values[f.column].codesOf(f.values, f.nocase);
    const before = allowed.get(f.column);
    allowed.set(f.column, before ? codes.filter((c) => before.includes(c)) : codes);
  }
  for (const [column, codes] of allowed) {
    const { counts, sets } = index.values[column];
    const present = [...new Set(codes)].filter((c) => counts[c] > 0);
    if (present.length === 0) return NONE;
    const own = present.length === 1 ? sets!.bitmaps[present[0]] : undefined;
    if (own) m.and(own, false);
    else m.andMarked((b) => present.forEach((c) => sets!.mark(c, b)));
  }
  for (const w of q.text) m.andMarked((b) => index.texts.mark(w, b));
  for (const w of q.place) m.andMarked((b) => index.places.mark(w, b));

  const { slots, backwards } = orders.sorted(sort);
  const walk = (passes: (slot: number) => boolean, total: number) => ({ ids: page(index, passes, slots, backwards, offset, limit, total), total });
  // The matches are the stretch [from, to) of the sort's order: the page is read off it.
  const slice = (from: number, to: number) => {
    const ids = [];
    for (let k = offset; k < Math.min(to - from, offset + limit); k++) ids.push(columns.id[slots[backwards ? to - 1 - k : from + k]]);
    return { ids, total: to - from };
  };
  if (q.ranges.length === 0) return m.bits ? walk(bitIn(m.bits), popcount(m.bits)) : slice(0, n);

  // Ranges, narrowest first: each one's listings are a stretch of its column's order.
  const stretches = q.ranges.map((r) => ({ r, ...orders.stretch(r.column, r.from, r.to) })).sort((x, y) => x.end - x.start - (y.end - y.start));
  const { r, start, end } = stretches[0];
  if (end <= start) return NONE;
  if (!m.bits && stretches.length === 1) {
    if (orders.sortedBy(sort, r.column)) return slice(start, end);
    // Else the sort's order walked checking that one value, until the page is full; bounds as whole numbers within
    // 32 bits, as the column's values are, so the comparisons stay on small integers.
    const values = columns[r.column];
    const low = Math.max(INT32_MIN, Math.ceil(r.from ?? INT32_MIN));
    const high = Math.min(INT32_MAX, Math.floor(r.to ?? INT32_MAX));
    return walk((slot) => values[slot] >= low && values[slot] <= high, end - start);
  }
  // Each range through its stretch: one holding less than half the listings is marked and intersected, a longer one
  // clears the listings outside it (fewer), so no range costs more than half a pass.
  const direct = !m.bits && (end - start) * 2 < n;
  const found = m.bits ? m.owned() : direct ? new Uint32Array(words) : index.alive.slice();
  stretches.forEach((s, k) => {
    if ((s.end - s.start) * 2 < n) {
      const into = k === 0 && direct ? found : new Uint32Array(words);
      for (let j = s.start; j < s.end; j++) set(into, s.slots[j]);
      if (into !== found) andInto(found, into);
    } else {
      for (let j = 0; j < s.start; j++) clear(found, s.slots[j]);
      for (let j = s.end; j < n; j++) clear(found, s.slots[j]);
    }
  });
  return walk(bitIn(found), popcount(found));
}

const bitIn = (bits: Uint32Array) => (slot: number) => has(bits, slot);

/**
 * The ids at [offset, offset + limit) among the `total` slots that pass `passes`, in `slots` order, walked from the
 * nearer end.
 */
function page(index: ColumnIndex, passes: (slot: number) => boolean, slots: Int32Array, backwards: boolean, offset: number, limit: number, total: number): number[] {
  const ids: number[] = [];
  const end = Math.min(offset + limit, total);
  if (end <= offset) return ids;
  const n = index.size;
  const fromFront = offset <= total - end;
  const want = fromFront ? end : total - offset;
  const skip = fromFront ? offset : total - end;
  const forward = fromFront !== backwards;
  let seen = 0;
  for (let j = forward ? 0 : n - 1; forward ? j < n : j >= 0; j += forward ? 1 : -1) {
    if (!passes(slots[j])) continue;
    if (seen++ >= skip) ids.push(index.columns.id[slots[j]]);
    if (seen >= want) break;
  }
  return fromFront ? ids : ids.reverse();
}
