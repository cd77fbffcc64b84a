// Prototype, not product code (docs/benchmarks.md "Posting lists"): the search's posting lists
// (src/server/services/search/posting-lists.ts) against roaring bitmaps (`roaring`, native, and `roaring-wasm`) on the
// visible listings of a seeded database: building every value's and word's set, intersecting filters with the exact
// count and the first page, counting facets within a match, and a prefix's words OR-ed. Rounds alternate the
// implementations; each figure is the median of the rounds with their spread.
//
//   node --import tsx bench/prototypes/posting-lists.ts <seeded 100k database file> [rounds]
import Database from 'better-sqlite3';
import Roaring from 'roaring';
import * as RoaringWasm from 'roaring-wasm';
import { visibleWhere } from '../../db/schema';
import { andInto, popcount, PostingLists } from '../../src/server/services/search/posting-lists';
import { listingWords } from '../../src/server/services/search/words';

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx bench/prototypes/posting-lists.ts <database file> [rounds]');
const ROUNDS = Number(process.argv[3] ?? 9);
await RoaringWasm.roaringLibraryInitialize();

const db = new Database(file, { readonly: true });
const rows = db
  .prepare(`SELECT created_at, make, model, fuel_type, body_type, make || ' ' || model || ' ' || color || ' ' || description || ' ' || equipment || ' ' || place FROM listings l WHERE ${visibleWhere('l')}`)
  .raw()
  .all() as [number, string, string, string, string, string][];
const n = rows.length;
const W = Math.ceil(n / 32);
const has = (bits: Uint32Array, slot: number) => (bits[slot >>> 5] & (1 << (slot & 31))) !== 0;
// Columns as codes per slot, and the text's words per slot, as the index holds them.
const codeColumn = (k: number) => {
  const codes = new Map<string, number>();
  const perSlot = Int32Array.from(rows, (r) => codes.get(r[k] as string) ?? codes.set(r[k] as string, codes.size).get(r[k] as string)!);
  return { size: codes.size, perSlot };
};
const columns = [1, 2, 3, 4].map(codeColumn);
const wordIds = new Map<string, number>();
const slotWords = rows.map((r) => listingWords(r[5]).map((w) => wordIds.get(w) ?? wordIds.set(w, wordIds.size).get(w)!));
const wordNames = [...wordIds.keys()];
const sortedWords = [...wordNames].sort();
const newest = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => rows[b][0] - rows[a][0] || b - a);
console.log(`${n} listings, ${columns.map((c) => c.size).join('/')} makes/models/fuels/bodies, ${wordIds.size} words`);

let seed = 1;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(a: ArrayLike<T>) => a[Math.floor(random() * a.length)];
// Filters drawn from real listings (make, fuel, body, one of its words), some columns left out.
const queries = Array.from({ length: 300 }, () => {
  const slot = Math.floor(random() * n);
  return {
    codes: columns.map((c, k) => (k === 1 || (k > 0 && random() < 0.3) ? -1 : c.perSlot[slot])),
    word: random() < 0.5 ? pick(slotWords[slot]) : -1,
  };
});
// Two letters, as a buyer's shortest prefix, of words listings have.
const prefixIds = Array.from({ length: 100 }, () => {
  let prefix = '';
  while (prefix.length < 2) prefix = wordNames[pick(slotWords[Math.floor(random() * n)])].slice(0, 2);
  return sortedWords.filter((w) => w.startsWith(prefix)).map((w) => wordIds.get(w)!);
});

interface Impl {
  name: string;
  build(): void;
  filter(q: (typeof queries)[number], page?: boolean): number;
  facets(q: (typeof queries)[number]): number;
  prefix(ids: number[]): number;
}

function ours(): Impl {
  let cols: PostingLists[] = [];
  let text = new PostingLists();
  const page = (bits: Uint32Array) => {
    let got = 0;
    for (let j = 0; j < n && got < 24; j++) if (has(bits, newest[j])) got++;
    return got;
  };
  const match = (q: (typeof queries)[number]) => {
    let bits: Uint32Array | undefined;
    const and = (mark: (b: Uint32Array) => void) => {
      const b = new Uint32Array(W);
      mark(b);
      if (bits) andInto(b, bits);
      bits = b;
    };
    q.codes.forEach((c, k) => c >= 0 && and((b) => cols[k].mark(c, b)));
    if (q.word >= 0) and((b) => text.mark(q.word, b));
    return bits!;
  };
  return {
    name: 'ours',
    build() {
      cols = columns.map((c) => {
        const lists = new PostingLists();
        lists.resize(W);
        for (let v = 0; v < c.size; v++) lists.create();
        for (let s = 0; s < n; s++) lists.add(c.perSlot[s], s);
        return lists;
      });
      text = new PostingLists();
      text.resize(W);
      for (let w = 0; w < wordIds.size; w++) text.create();
      for (let s = 0; s < n; s++) for (const w of slotWords[s]) text.add(w, s);
    },
    filter(q, withPage = true) {
      const bits = match(q);
      return popcount(bits) + (withPage ? page(bits) : 0);
    },
    facets(q) {
      // Within the matches, listings per fuel and per body: each match's codes counted.
      const bits = match({ codes: [q.codes[0], -1, -1, -1], word: -1 });
      const counts = [new Int32Array(columns[2].size), new Int32Array(columns[3].size)];
      for (let i = 0; i < bits.length; i++) {
        for (let v = bits[i]; v !== 0; v &= v - 1) {
          const s = i * 32 + (31 - Math.clz32(v & -v));
          if (s >= n) break;
          counts[0][columns[2].perSlot[s]]++;
          counts[1][columns[3].perSlot[s]]++;
        }
      }
      return counts.reduce((sum, c) => c.reduce((t, count, v) => t + count * (v + 1), sum), 0);
    },
    prefix(ids) {
      const b = new Uint32Array(W);
      for (const id of ids) text.mark(id, b);
      return popcount(b);
    },
  };
}

// The two packages' bitmaps share this much of their API.
type R = { size: number; has(v: number): boolean; andCardinality(o: never): number; toUint32Array(): Uint32Array };
function roaring(name: string, make: (slots: number[]) => R, and: (a: R, b: R) => R, orMany: (bs: R[]) => R, dispose: (b: R) => void): Impl {
  let cols: R[][] = [];
  let text: R[] = [];
  const all = make(Array.from({ length: n }, (_, i) => i));
  const match = (q: (typeof queries)[number], temps: R[]) => {
    let bits: R | undefined;
    const sets = [...q.codes.map((c, k) => (c >= 0 ? cols[k][c] : undefined)), q.word >= 0 ? text[q.word] : undefined];
    for (const s of sets) if (s) bits = bits ? (temps.push(and(bits, s)), temps[temps.length - 1]) : s;
    return bits ?? all;
  };
  const sets = (size: number, slotsOf: (s: number) => number[]) => {
    const lists: number[][] = Array.from({ length: size }, () => []);
    for (let s = 0; s < n; s++) for (const v of slotsOf(s)) lists[v].push(s);
    return lists.map((l) => make(l));
  };
  return {
    name,
    build() {
      for (const b of [...cols.flat(), ...text]) dispose(b);
      cols = columns.map((c) => sets(c.size, (s) => [c.perSlot[s]]));
      text = sets(wordIds.size, (s) => slotWords[s]);
    },
    filter(q, withPage = true) {
      const temps: R[] = [];
      const bits = match(q, temps);
      // The page: the match's bits walked in the sort's order. A membership call per listing walked costs more than
      // copying the match out into a plain bitmap first, so it is copied.
      let got = 0;
      if (withPage) {
        const plain = new Uint32Array(W);
        for (const s of bits.toUint32Array()) plain[s >>> 5] |= 1 << (s & 31);
        for (let j = 0; j < n && got < 24; j++) if (has(plain, newest[j])) got++;
      }
      const total = bits.size;
      temps.forEach(dispose);
      return total + got;
    },
    facets(q) {
      const temps: R[] = [];
      const bits = match({ ...q, codes: [q.codes[0], -1, -1, -1], word: -1 }, temps);
      let sum = 0;
      for (const k of [2, 3]) cols[k].forEach((b, v) => (sum += bits.andCardinality(b as never) * (v + 1)));
      temps.forEach(dispose);
      return sum;
    },
    prefix(ids) {
      const b = orMany(ids.map((id) => text[id]));
      const size = b.size;
      dispose(b);
      return size;
    },
  };
}

const impls = [
  ours(),
  roaring('roaring', (s) => new Roaring.RoaringBitmap32(s), (a, b) => Roaring.RoaringBitmap32.and(a as never, b as never), (bs) => Roaring.RoaringBitmap32.orMany(bs as never), () => {}),
  roaring('roaring-wasm', (s) => new RoaringWasm.RoaringBitmap32(s), (a, b) => RoaringWasm.RoaringBitmap32.and(a as never, b as never), (bs) => RoaringWasm.RoaringBitmap32.orMany(bs as never), (b) => void (b as RoaringWasm.RoaringBitmap32).dispose()),
];
const ops: [string, (impl: Impl) => number][] = [
  ['build every set', (impl) => (impl.build(), 0)],
  ['filters AND-ed + count (300)', (impl) => queries.reduce((s, q) => s + impl.filter(q, false), 0)],
  ['filters AND-ed + count + page (300)', (impl) => queries.reduce((s, q) => s + impl.filter(q), 0)],
  ['facet counts in a make (300)', (impl) => queries.reduce((s, q) => s + impl.facets(q), 0)],
  ['prefix words OR-ed + count (100)', (impl) => prefixIds.reduce((s, ids) => s + impl.prefix(ids), 0)],
];
const times = new Map<string, number[]>();
const checks = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const impl of round % 2 ? [...impls].reverse() : impls) {
    for (const [op, run] of ops) {
      const started = performance.now();
      const check = run(impl);
      const ms = performance.now() - started;
      if (round > 0) (times.get(`${op}|${impl.name}`) ?? times.set(`${op}|${impl.name}`, []).get(`${op}|${impl.name}`)!).push(ms);
      const before = checks.get(op);
      if (op !== 'build every set' && before !== undefined && before !== check) throw new Error(`${impl.name} answers ${op} differently`);
      checks.set(op, check);
    }
  }
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`\n${ROUNDS - 1} rounds after a warm-up, median ms (min–max); ratio = median ÷ ours`);
console.log('| operation | ' + impls.map((i) => i.name).join(' | ') + ' |');
console.log('|:--|' + impls.map(() => '--:|').join(''));
for (const [op] of ops) {
  const base = median(times.get(`${op}|ours`)!);
  const cells = impls.map((i) => {
    const t = times.get(`${op}|${i.name}`)!;
    return `${median(t).toFixed(1)} (${Math.min(...t).toFixed(1)}–${Math.max(...t).toFixed(1)})${i.name === 'ours' ? '' : ` ×${(median(t) / base).toFixed(2)}`}`;
  });
  console.log(`| ${op} | ${cells.join(' | ')} |`);
}
