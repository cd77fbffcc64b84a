import { lowerBound } from './orders';
import { PostingLists, resized } from './posting-lists';
import { listingWords, type SearchWord } from './words';

/** The words of one text per listing (the area's, or what free text looks at), each with its listings. */
export class WordIndex {
  private readonly ids = new Map<string, number>();
  /** Every word seen, sorted (by UTF-16 code units), for prefix ranges. */
  private readonly sorted: string[] = [];
  private readonly sets = new PostingLists();
  /**
   * Per slot, the ids of its words that were lists when it was added, `pool[start[slot] .. + length[slot]]`, for
   * taking it out again (a bitmap's bit is cleared whatever the slot's words). A removed slot's entries stay until
   * the pool fills and is compacted: one array instead of a small one per listing.
   */
  private pool = new Int32Array(1024);
  private used = 0;
  private start = new Int32Array(0);
  private length = new Int32Array(0);

  resize(capacity: number) {
    this.sets.resize(Math.ceil(capacity / 32));
    this.start = resized(this.start, capacity);
    this.length = resized(this.length, capacity);
  }

  /** `sortLater`: while building, the words are sorted once by `sort()` at the end. */
  add(slot: number, text: string, sortLater = false) {
    const listed: number[] = [];
    for (const t of listingWords(text)) {
      let id = this.ids.get(t);
      if (id === undefined) {
        this.ids.set(t, (id = this.sets.create()));
        if (sortLater) this.sorted.push(t);
        else this.sorted.splice(this.lowerBound(t), 0, t);
      }
      if (this.sets.add(id, slot)) listed.push(id);
    }
    if (this.used + listed.length > this.pool.length) this.compact(listed.length);
    this.start[slot] = this.used;
    this.length[slot] = listed.length;
    this.pool.set(listed, this.used);
    this.used += listed.length;
  }

  /** Drops removed slots' entries from the pool (or grows it), making room for `more`. */
  private compact(more: number) {
    const pool = new Int32Array(Math.max(1024, (this.length.reduce((a, b) => a + b, 0) + more) * 2));
    let at = 0;
    for (let slot = 0; slot < this.start.length; slot++) {
      pool.set(this.pool.subarray(this.start[slot], this.start[slot] + this.length[slot]), at);
      this.start[slot] = at;
      at += this.length[slot];
    }
    this.pool = pool;
    this.used = at;
  }

  sort() {
    this.sorted.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  remove(slot: number) {
    // The words it was listed under (one may have become a bitmap since), then every bitmap.
    for (let i = this.start[slot]; i < this.start[slot] + this.length[slot]; i++) this.sets.remove(this.pool[i], slot);
    this.length[slot] = 0;
    this.sets.removeFromBitmaps(slot);
  }

  private lowerBound(t: string) {
    return lowerBound(this.sorted.length, (i) => this.sorted[i] < t);
  }

  /** Sets the bit of every slot with a word `w` names (the word itself, or every word it begins). */
  mark(w: SearchWord, into: Uint32Array) {
    if (!w.prefix) {
      const id = this.ids.get(w.word);
      if (id !== undefined) this.sets.mark(id, into);
      return;
    }
    for (let i = this.lowerBound(w.word); this.sorted[i]?.startsWith(w.word); i++) this.sets.mark(this.ids.get(this.sorted[i])!, into);
  }
}
