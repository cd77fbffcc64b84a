import { FILTER_MAKES, type FilterKey } from '../../../shared/codes';
import { FILTER_WORDS, FIRST_MODEL_YEAR, MAKE_ALIASES, searchKey } from '../../../shared/search-words';
import { userWords } from './words';

// Free text → the filters its words mean, the rest left as text (docs/decisions/009-search-quality.md). A year or a
// year range, a make (its name in any spelling, or an alias), a model of what is for sale (spelled with or without
// spaces, dots and hyphens), fuel, gearbox, drive and body words. Pure: the vocabulary of makes and models comes in.

/** What is for sale: makes and models by search key, with every spelling seen (for the case-insensitive filter). */
export interface Vocabulary {
  makes: Map<string, { name: string; spellings: string[] }>;
  /** Model key → each make (by key) offering a model with that key, and its spellings. */
  models: Map<string, { make: string; spellings: string[] }[]>;
}

export interface ParsedQuery {
  /** Make spellings (any one matches). */
  makes: string[];
  /** Model spellings (any one matches). */
  models: string[];
  yearFrom?: number;
  yearTo?: number;
  /** Filter values per filter, each as resolveFilter reads them (any one matches). */
  filters: Partial<Record<FilterKey, string[]>>;
  /** The words left over, searched as text (each must begin a word of the listing). */
  text: string;
}

const YEAR_RANGE = /(?<!\d)(\d{4})\s*[-–—]\s*(\d{4})(?!\d)/gu;
/** How many adjacent words may form one make or model ('land rover', 'mustang mach e', 'ioniq 5'). */
const MAX_GRAM = 3;
const FILTER_MAKE_KEYS = new Map(FILTER_MAKES.map((m) => [searchKey(m), m]));

const isYear = (n: number) => n >= FIRST_MODEL_YEAR && n <= new Date().getFullYear() + 1;

/** The make a key names, or undefined: what is for sale, then the aliases, then the filter list's brands. */
export function makeOf(key: string, vocab: Vocabulary): { key: string; spellings: string[] } | undefined {
  const sold = vocab.makes.get(key);
  if (sold) return { key, spellings: sold.spellings };
  const alias = MAKE_ALIASES[key] ?? FILTER_MAKE_KEYS.get(key);
  if (!alias) return undefined;
  const aliasKey = searchKey(alias);
  return { key: aliasKey, spellings: vocab.makes.get(aliasKey)?.spellings ?? [alias] };
}

/** Model spellings for a key, within the given makes (by key) when there are any. */
export function modelSpellings(key: string, vocab: Vocabulary, makeKeys: ReadonlySet<string>): string[] {
  return (vocab.models.get(key) ?? []).filter((m) => makeKeys.size === 0 || makeKeys.has(m.make)).flatMap((m) => m.spellings);
}

/**
 * Reads free text. `contextMakes` are the make keys already chosen by the make filter: with a make known, a model may
 * be a bare number ('mazda 6', 'peugeot 3008'), and only that make's models count.
 */
export function parseQuery(text: string, vocab: Vocabulary, contextMakes: ReadonlySet<string> = new Set()): ParsedQuery {
  const out: ParsedQuery = { makes: [], models: [], filters: {}, text: '' };
  const years: number[] = [];
  const normalized = text.normalize('NFC').replace(YEAR_RANGE, (all, a: string, b: string) => {
    if (!isYear(+a) || !isYear(+b)) return all;
    years.push(+a, +b);
    return ' ';
  });
  const words = userWords(normalized);
  const keys = words.map(searchKey);
  const used = keys.map(() => false);
  // From each word on, the longest run of up to MAX_GRAM unused words that `take` accepts is used up.
  const scan = (take: (key: string, n: number) => boolean) => {
    for (let i = 0; i < keys.length; i++) {
      for (let n = Math.min(MAX_GRAM, keys.length - i); n >= 1; n--) {
        if (used.slice(i, i + n).some(Boolean) || !take(keys.slice(i, i + n).join(''), n)) continue;
        used.fill(true, i, i + n);
        i += n - 1;
        break;
      }
    }
  };

  // Makes first, anywhere in the text, so a model can be read in the make's context.
  const makeKeys = new Set(contextMakes);
  const makeSpellings = new Set<string>();
  scan((key) => {
    const make = makeOf(key, vocab);
    make?.spellings.forEach((s) => makeSpellings.add(s));
    return !!make && !!makeKeys.add(make.key);
  });
  out.makes = [...makeSpellings];

  // Then models, filter words and years; whatever is left is text.
  const filters = new Map<FilterKey, Set<string>>();
  const models = new Set<string>();
  const withMake = makeKeys.size > 0;
  scan((key, n) => {
    const word = FILTER_WORDS[key];
    if (word) return !!(filters.get(word.key) ?? filters.set(word.key, new Set()).get(word.key)!).add(word.value);
    // Without a make, a bare number or a single letter is too likely something else (a year, '3' of 'Model 3').
    const spellings = withMake || (key.length >= 2 && !/^\d+$/.test(key)) ? modelSpellings(key, vocab, makeKeys) : [];
    spellings.forEach((s) => models.add(s));
    return spellings.length > 0 || (n === 1 && /^\d{4}$/.test(key) && isYear(+key) && !!years.push(+key));
  });
  out.models = [...models];
  for (const [k, v] of filters) out.filters[k] = [...v];
  if (years.length) {
    out.yearFrom = Math.min(...years);
    out.yearTo = Math.max(...years);
  }
  out.text = words.filter((_, i) => !used[i]).join(' ');
  return out;
}

/** Builds the vocabulary from (make, model) rows of what is for sale. */
export function vocabularyOf(rows: readonly { make: string; model: string }[]): Vocabulary {
  const vocab: Vocabulary = { makes: new Map(), models: new Map() };
  addToVocabulary(vocab, rows);
  return vocab;
}

/** Adds the makes and models of `rows` to a vocabulary (in place). */
export function addToVocabulary({ makes, models }: Vocabulary, rows: readonly { make: string; model: string }[]) {
  for (const r of rows) {
    const mk = searchKey(r.make);
    if (!mk) continue;
    const make = makes.get(mk) ?? makes.set(mk, { name: r.make, spellings: [] }).get(mk)!;
    if (!make.spellings.includes(r.make)) make.spellings.push(r.make);
    const key = searchKey(r.model);
    if (!key) continue;
    const list = models.get(key) ?? models.set(key, []).get(key)!;
    const entry = list.find((m) => m.make === mk) ?? (list.push({ make: mk, spellings: [] }), list[list.length - 1]);
    if (!entry.spellings.includes(r.model)) entry.spellings.push(r.model);
  }
}
