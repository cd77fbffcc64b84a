import type { SortKey } from '../../../shared/schemas/search';
import type { ColumnIndex, EqColumn } from './column-index';
import type { RangeColumn } from './orders';
import { andInto, popcount } from './posting-lists';
import type { SearchWord } from './words';

// A search against the column index as one bitmap of matches: per equality column the listings of its allowed values
// OR-ed, per word of the text and the area the listings with a word it names, each range a stretch of its column's
// sort order (a binary search, no value compared per listing); all AND-ed. The total is the bitmap's population
// count; the page is the sort's order walked, from whichever end is nearer, until it is collected.

/** `nocase`: compared as SQLite's `COLLATE NOCASE` (ASCII letters folded), as make, model and colour are. */
export type EqFilter = { column: EqColumn; values: readonly string[]; nocase: boolean };
export type RangeFilter = { column: RangeColumn; from?: number; to?: number };
/**
 * Every filter must hold (a column may be filtered twice: the make filter and a make in the text). Each word must
 * begin (or, when not a prefix, be) a word of the area (`place`) or of what free text looks at (`text`).
 */
export type ColumnQuery = { eq: EqFilter[]; ranges: RangeFilter[]; place: SearchWord[]; text: SearchWord[] };
export type Page = { ids: number[]; total: number };

const NONE: Page = { ids: [], total: 0 };
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** The ids of one page in `sort`'s order and the exact number of matches. */
export function query(index: ColumnIndex, q: ColumnQuery, sort: SortKey, offset: number, limit: number): Page {
  const { orders, columns } = index;
  const words = index.alive.length;
  const n = index.size;
  // The matches so far (undefined: every listing). A value's own bitmap is AND-ed in as it is, copied if first.
  let bits: Uint32Array | undefined;
  const andWith = (b: Uint32Array) => (bits ? andInto(bits, b) : (bits = b.slice()));
  const and = (mark: (into: Uint32Array) => void) => {
    const b = new Uint32Array(words);
    mark(b);
    if (bits) andInto(b, bits);
    bits = b;
  };
  const allowed = new Map<EqColumn, number[]>();
  for (const f of q.eq) {
    const codes = index.values[f.column].codesOf(f.values, f.nocase);
    const before = allowed.get(f.column);
    allowed.set(f.column, before ? codes.filter((c) => before.includes(c)) : codes);
  }
  for (const [column, codes] of allowed) {
    const { counts, sets } = index.values[column];
    const present = codes.filter((c) => counts[c] > 0);
    if (present.length === 0) return NONE;
    const own = present.length === 1 ? sets!.bitmaps[present[0]] : undefined;
    if (own) andWith(own);
    else and((b) => present.forEach((c) => sets!.mark(c, b)));
  }
  for (const w of q.text) and((b) => index.texts.mark(w, b));
  for (const w of q.place) and((b) => index.places.mark(w, b));

  const { slots, backwards } = orders.sorted(sort);
  const walk = (passes: Passes, total: number) => ({ ids: page(index, passes, slots, backwards, offset, limit, total), total });
  // When the matches are the stretch [from, to) of the sort's order, the page is read off it.
  const slice = (from: number, to: number) => {
    const ids = [];
    for (let k = offset; k < Math.min(to - from, offset + limit); k++) ids.push(columns.id[slots[backwards ? to - 1 - k : from + k]]);
    return { ids, total: to - from };
  };
  if (q.ranges.length === 0) return bits ? walk({ bits }, popcount(bits)) : slice(0, n);

  const stretches = q.ranges.map((r) => ({ r, ...orders.stretch(r.column, r.from, r.to) })).sort((x, y) => x.end - x.start - (y.end - y.start));
  const { r, start, end } = stretches[0];
  if (end <= start) return NONE;
  if (!bits && stretches.length === 1) {
    if (stretches[0].slots === slots) return slice(start, end);
    // The sort's order walked checking that one value until the page is full; the bounds as whole numbers within
    // 32 bits, as the values are, so the comparisons stay on small integers.
    const values = columns[r.column];
    const low = Math.max(INT32_MIN, Math.ceil(r.from ?? INT32_MIN));
    const high = Math.min(INT32_MAX, Math.floor(r.to ?? INT32_MAX));
    return walk({ values, low, high }, end - start);
  }
  // A stretch of less than half the listings is marked and AND-ed; a longer one clears the listings outside it
  // (fewer), so no range costs more than half a pass.
  const found = bits ?? ((end - start) * 2 < n ? undefined : index.alive.slice());
  const matches = found ?? new Uint32Array(words);
  stretches.forEach(({ start: from, end: to, slots: order }, k) => {
    if ((to - from) * 2 < n) {
      const into = k === 0 && !found ? matches : new Uint32Array(words);
      for (let j = from; j < to; j++) into[order[j] >>> 5] |= 1 << (order[j] & 31);
      if (into !== matches) andInto(matches, into);
    } else {
      for (let j = 0; j < from; j++) matches[order[j] >>> 5] &= ~(1 << (order[j] & 31));
      for (let j = to; j < n; j++) matches[order[j] >>> 5] &= ~(1 << (order[j] & 31));
    }
  });
  return walk({ bits: matches }, popcount(matches));
}

/** The listings a page is taken from: those of a bitmap, or those whose value lies within [low, high]. */
type Passes = { bits?: Uint32Array; values?: Int32Array; low?: number; high?: number };

/**
 * The ids at [offset, offset + limit) among the `total` slots that pass, in `slots` order, walked from the nearer end.
 * Each listing walked is tested inline: a call per listing costs more than the test.
 */
function page(index: ColumnIndex, passes: Passes, slots: Int32Array, backwards: boolean, offset: number, limit: number, total: number) {
  const ids: number[] = [];
  const end = Math.min(offset + limit, total);
  if (end <= offset) return ids;
  const fromFront = offset <= total - end;
  const [want, skip] = fromFront ? [end, offset] : [total - offset, total - end];
  const forward = fromFront !== backwards;
  const n = index.size;
  const id = index.columns.id;
  const { bits, values, low = 0, high = 0 } = passes;
  let seen = 0;
  // Two loops, so neither tests which kind it walks at every step.
  if (bits) {
    for (let j = forward ? 0 : n - 1; forward ? j < n : j >= 0; j += forward ? 1 : -1) {
      if ((bits[slots[j] >>> 5] & (1 << (slots[j] & 31))) === 0) continue;
      if (seen++ >= skip) ids.push(id[slots[j]]);
      if (seen >= want) break;
    }
  } else {
    for (let j = forward ? 0 : n - 1; forward ? j < n : j >= 0; j += forward ? 1 : -1) {
      if (values![slots[j]] < low || values![slots[j]] > high) continue;
      if (seen++ >= skip) ids.push(id[slots[j]]);
      if (seen >= want) break;
    }
  }
  return fromFront ? ids : ids.reverse();
}
