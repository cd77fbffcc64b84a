import { resolveFilter, type FilterKey } from '../../../shared/codes';
import type { SearchParams } from '../../../shared/schemas/search';
import { searchKey } from '../../../shared/search-words';
import type { ColumnQuery, EqColumn, RangeColumn } from './column-index';
import { ftsMatch, ftsTerms, searchWords } from './fts';
import { makeOf, modelSpellings, parseQuery, type ParsedQuery, type Vocabulary } from './query-words';

// A search's filters as SQL terms on `listings l` plus the text index's MATCH: what to find, not how (plan.ts).

/**
 * Case-insensitive equality that can use a `COLLATE NOCASE` index. NOCASE folds only ASCII, so the value is also
 * tried lower-cased, upper-cased and capitalised: "CITROËN" finds "Citroën", "sølv" finds "Sølv" and "SØLV".
 */
function caseVariants(value: string): string[] {
  const v = value.normalize('NFC');
  const lower = v.toLocaleLowerCase('nb-NO');
  const capital = lower.charAt(0).toLocaleUpperCase('nb-NO') + lower.slice(1);
  return [...new Set([v, lower, v.toLocaleUpperCase('nb-NO'), capital])];
}

// Characters on which this code and FTS5's unicode61 tokenizer certainly split a make or model the same way: ASCII
// (letters and digits are token characters, everything else separates) and the Latin-1 letters (À-ÿ but × and ÷),
// which both lower-case alike. Anything else (Š, say) gets no text clause: the search is then only slower.
const SAME_TOKENS = /^[\u0020-\u007F\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF]*$/u;

/**
 * An FTS5 clause that every listing whose `column` equals one of `values` (case-insensitively) matches: each value's
 * words as whole words of that column. A superset of the SQL filter, never narrower, or undefined when a value's words
 * cannot be told for certain (then there is no clause).
 */
export function ftsColumnFilter(column: 'make' | 'model', values: readonly string[]): string | undefined {
  const alternatives: string[] = [];
  for (const v of new Set(values.map((x) => x.normalize('NFC').toLowerCase()))) {
    if (!SAME_TOKENS.test(v)) return undefined;
    const words = v.split(/[^0-9a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF]+/u).filter(Boolean);
    if (words.length === 0) return undefined;
    alternatives.push(`(${words.map((w) => `"${w}"`).join(' AND ')})`);
  }
  return alternatives.length ? `{${column}} : (${alternatives.join(' OR ')})` : undefined;
}

export interface SearchPlanInput {
  /** Terms besides visibility and free text, each on `l`. */
  terms: string[];
  params: unknown[];
  /** FTS5 MATCH expression for query + location. */
  match?: string;
  /** Which filters are present, for choosing an index. */
  has: Set<'make' | 'model' | 'color' | 'price' | 'year' | 'mileage'>;
  /** The fuel and body type codes a match must have (the narrowest list when given twice), for estimating. */
  codes: { fuel?: readonly string[]; body?: readonly string[] };
  /** The ranges' bounds, for estimating how many match (plan.ts countDriver). */
  ranges: Partial<Record<'price' | 'year' | 'mileage', { from?: number; to?: number }>>;
  /** What the free text was read as (docs/decisions/009-search-quality.md). */
  parsed?: ParsedQuery;
  /** The same filters as `terms` and `match`, for the column index (column-index.ts). */
  columns: ColumnQuery;
}

const EMPTY_VOCABULARY: Vocabulary = { makes: new Map(), models: new Map() };

/**
 * The filters of a search as SQL terms, or null when a value can match nothing (an unknown fuel type, say). Free text
 * is first read for the words of car ads (query-words.ts); what they mean joins the filters, the rest is text.
 */
export function buildFilters(p: SearchParams, vocab: Vocabulary = EMPTY_VOCABULARY): SearchPlanInput | null {
  const terms: string[] = [];
  const params: unknown[] = [];
  const has: SearchPlanInput['has'] = new Set();
  const coarseCodes: SearchPlanInput['codes'] = {};
  const ranges: SearchPlanInput['ranges'] = {};
  const textFilters: string[] = [];
  const columns: ColumnQuery = { eq: [], ranges: [], place: p.location ? searchWords(p.location) : [], text: [] };
  const eqNoCase = (column: 'make' | 'model' | 'color', values: readonly string[]) => {
    if (!values.length) return;
    if (column !== 'color') {
      const narrowing = ftsColumnFilter(column, values);
      if (narrowing) textFilters.push(narrowing);
    }
    const vs = [...new Set(values.flatMap(caseVariants))];
    terms.push(vs.length === 1 ? `l.${column} = ? COLLATE NOCASE` : `l.${column} COLLATE NOCASE IN (${vs.map(() => '?').join(', ')})`);
    params.push(...vs);
    columns.eq.push({ column, values: vs, nocase: true });
    has.add(column);
  };
  // A make or model filter matches every spelling of what is for sale with the same key ('vw', 'xc 60'); a value
  // nothing matches is kept as given, so it finds nothing rather than being dropped.
  const make = p.make ? makeOf(searchKey(p.make), vocab) : undefined;
  const contextMakes = new Set(p.make ? [make?.key ?? searchKey(p.make)] : []);
  eqNoCase('make', make ? make.spellings : p.make ? [p.make] : []);
  if (p.model) {
    const spellings = modelSpellings(searchKey(p.model), vocab, contextMakes);
    eqNoCase('model', spellings.length ? spellings : [p.model]);
  }
  eqNoCase('color', p.color ? [p.color] : []);

  const parsed = p.query ? parseQuery(p.query, vocab, contextMakes) : undefined;
  if (parsed) {
    eqNoCase('make', parsed.makes);
    eqNoCase('model', parsed.models);
  }

  const codes: [FilterKey, EqColumn, string | undefined][] = [
    ['fuelType', 'fuel_type', p.fuelType],
    ['transmission', 'transmission', p.transmission],
    ['driveType', 'drivetrain', p.driveType],
    ['bodyType', 'body_type', p.bodyType],
  ];
  const codeTerm = (key: FilterKey, column: EqColumn, value: string) => {
    const list = resolveFilter(key, value);
    if (list.length === 0) return false;
    terms.push(list.length === 1 ? `l.${column} = ?` : `l.${column} IN (${list.map(() => '?').join(', ')})`);
    params.push(...list);
    columns.eq.push({ column, values: list, nocase: false });
    const coarse = column === 'fuel_type' ? 'fuel' : column === 'body_type' ? 'body' : undefined;
    if (coarse && (!coarseCodes[coarse] || list.length < coarseCodes[coarse].length)) coarseCodes[coarse] = list;
    return true;
  };
  for (const [key, column, value] of codes) {
    if (value && !codeTerm(key, column, value)) return null;
    const words = parsed?.filters[key];
    if (words && !codeTerm(key, column, words.join(','))) return null;
  }

  const range = (key: 'price' | 'year' | 'mileage', column: RangeColumn, from: number | undefined, to: number | undefined) => {
    if (from !== undefined && to !== undefined && from > to) return false;
    if (from !== undefined) {
      terms.push(`l.${column} >= ?`);
      params.push(from);
    }
    if (to !== undefined) {
      terms.push(`l.${column} <= ?`);
      params.push(to);
    }
    if (from !== undefined || to !== undefined) {
      has.add(key);
      ranges[key] = { from, to };
      columns.ranges.push({ column, from, to });
    }
    return true;
  };
  // A year in the text narrows the year filter (both apply).
  const yearFrom = parsed?.yearFrom !== undefined ? Math.max(parsed.yearFrom, p.yearFrom ?? 0) : p.yearFrom;
  const yearTo = parsed?.yearTo !== undefined ? Math.min(parsed.yearTo, p.yearTo ?? Infinity) : p.yearTo;
  if (!range('year', 'year', yearFrom, yearTo)) return null;
  if (!range('price', 'total_price', p.priceFrom, p.priceTo)) return null;
  if (!range('mileage', 'mileage', p.mileageFrom, p.mileageTo)) return null;

  const textMatch = ftsMatch(parsed?.text, p.location);
  // With text, the make and model also narrow the text index's matches, so FTS5 intersects their posting lists with
  // the words' (from the smallest) before a row is read; the SQL terms above still decide.
  const match = textMatch && [textMatch, ...textFilters].join(' AND ');
  // Text that holds no word at all ("!!!", "—") cannot match a listing; text read entirely as filters is no text.
  const understood =
    parsed && (parsed.makes.length || parsed.models.length || Object.keys(parsed.filters).length || parsed.yearFrom !== undefined);
  if (p.query && !understood && ftsTerms(parsed!.text).length === 0) return null;
  if (p.location && ftsTerms(p.location).length === 0) return null;
  columns.text = parsed ? searchWords(parsed.text) : [];
  return { terms, params, match, has, codes: coarseCodes, ranges, parsed, columns };
}
