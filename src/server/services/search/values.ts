import { PostingLists } from './posting-lists';

/** SQLite's NOCASE, as the make, model and colour filters compare: only A-Z fold. */
const asciiLower = (s: string) => s.replace(/[A-Z]+/gu, (m) => m.toLowerCase());

/**
 * The distinct strings of one column as small integer codes, each with how many visible listings have it; for a
 * filtered column also each code's listings and NOCASE group.
 */
export class Values {
  private readonly codes = new Map<string, number>();
  /** Per code, its string and how many visible listings have it. */
  readonly names: string[] = [];
  readonly counts: number[] = [];
  private readonly folded = new Map<string, number[]>();
  readonly sets: PostingLists | undefined;

  constructor(filtered: boolean) {
    this.sets = filtered ? new PostingLists() : undefined;
  }

  /** The code of `value`, a new one for a value not seen before. */
  code(value: string): number {
    let c = this.codes.get(value);
    if (c !== undefined) return c;
    this.codes.set(value, (c = this.names.push(value) - 1));
    this.counts.push(0);
    if (this.sets) {
      this.sets.create(); // the same number: both count from 0, one per value
      const key = asciiLower(value);
      this.folded.set(key, [...(this.folded.get(key) ?? []), c]);
    }
    return c;
  }

  /** The codes of the given values, once each (compared as NOCASE when `nocase`). */
  codesOf(values: readonly string[], nocase: boolean): number[] {
    return [...new Set(values.flatMap((v) => (nocase ? (this.folded.get(asciiLower(v)) ?? []) : this.codes.has(v) ? [this.codes.get(v)!] : [])))];
  }

  add(c: number, slot: number) {
    this.counts[c]++;
    this.sets?.add(c, slot);
  }

  remove(c: number, slot: number) {
    this.counts[c]--;
    this.sets?.remove(c, slot);
  }

  /** Every non-empty value some visible listing has, with how many have it. */
  entries(): { name: string; count: number }[] {
    return this.names.flatMap((name, c) => (name && this.counts[c] > 0 ? [{ name, count: this.counts[c] }] : []));
  }
}
