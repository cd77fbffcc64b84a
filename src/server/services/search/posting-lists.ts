// Sets of slots (a slot: one visible listing's place in the index's arrays) as bitmaps of 32-bit words, and the
// posting lists of values and words built on them. Plain typed arrays rather than roaring bitmaps: see
// docs/benchmarks.md "Posting lists". Loops over many slots (here and in query.ts) test and set bits inline: a call
// per slot to these helpers, across modules, is not always inlined and then costs more than the loop's own work.

export const set = (bits: Uint32Array, slot: number) => (bits[slot >>> 5] |= 1 << (slot & 31));
export const clear = (bits: Uint32Array, slot: number) => (bits[slot >>> 5] &= ~(1 << (slot & 31)));

/** A copy of `a` with room for `n` elements. */
export function resized<A extends Uint32Array | Int32Array | Float64Array>(a: A, n: number): A {
  const b = new (a.constructor as new (n: number) => A)(n);
  b.set(a.subarray(0, Math.min(n, a.length)) as never);
  return b;
}

export function andInto(into: Uint32Array, from: Uint32Array) {
  for (let i = 0; i < into.length; i++) into[i] &= from[i];
}

export function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i];
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

/**
 * Sets of slots by id (a value's or a word's listings): a list of slots while few have it, a bitmap once more than one
 * slot in 32 does (then smaller). Sellers' models and the words of descriptions run into the thousands, most with a
 * handful of cars.
 */
export class PostingLists {
  private readonly lists: (number[] | undefined)[] = [];
  readonly bitmaps: (Uint32Array | undefined)[] = [];
  /** Ids whose set is a bitmap. */
  private readonly dense: number[] = [];
  private words = 0;

  create(): number {
    this.bitmaps.push(undefined);
    return this.lists.push([]) - 1;
  }

  /** Bitmaps hold `n` words (the index's capacity ÷ 32). */
  resize(n: number) {
    this.words = n;
    for (const id of this.dense) this.bitmaps[id] = resized(this.bitmaps[id]!, n);
  }

  /** Adds `slot` to set `id`; answers whether the set is (still) a list. */
  add(id: number, slot: number): boolean {
    const list = this.lists[id];
    if (!list) {
      set(this.bitmaps[id]!, slot);
      return false;
    }
    if (list.push(slot) <= Math.max(64, this.words)) return true;
    this.bitmaps[id] = new Uint32Array(this.words);
    for (const s of list) set(this.bitmaps[id], s);
    this.lists[id] = undefined;
    this.dense.push(id);
    return false;
  }

  remove(id: number, slot: number) {
    const list = this.lists[id];
    if (!list) return void clear(this.bitmaps[id]!, slot);
    list[list.lastIndexOf(slot)] = list[list.length - 1];
    list.pop();
  }

  /** Takes `slot` out of every bitmap (its lists are the caller's to name). */
  removeFromBitmaps(slot: number) {
    for (const id of this.dense) clear(this.bitmaps[id]!, slot);
  }

  /** Sets the bit of every slot in set `id`. */
  mark(id: number, into: Uint32Array) {
    const bitmap = this.bitmaps[id];
    if (bitmap) {
      for (let i = 0; i < into.length; i++) into[i] |= bitmap[i];
      return;
    }
    const list = this.lists[id]!;
    for (let i = 0; i < list.length; i++) into[list[i] >>> 5] |= 1 << (list[i] & 31);
  }
}
