import { resolveFilter, type FilterKey } from '../../../shared/codes';
import type { SearchParams } from '../../../shared/schemas/search';
import { searchKey } from '../../../shared/search-words';
import type { EqColumn } from './column-index';
import type { RangeColumn } from './orders';
import type { ColumnQuery } from './query';
import { makeOf, modelSpellings, parseQuery, type Vocabulary } from './query-words';
import { searchWords } from './words';

// A search's parameters as the column index's query (query.ts ColumnQuery): what to find, not how.

/**
 * Case-insensitive equality as the index compares it (SQLite's NOCASE: only ASCII letters fold), so the value is also
 * tried lower-cased, upper-cased and capitalised: "CITROËN" finds "Citroën", "sølv" finds "Sølv" and "SØLV".
 */
function caseVariants(value: string): string[] {
  const v = value.normalize('NFC');
  const lower = v.toLocaleLowerCase('nb-NO');
  const capital = lower.charAt(0).toLocaleUpperCase('nb-NO') + lower.slice(1);
  return [...new Set([v, lower, v.toLocaleUpperCase('nb-NO'), capital])];
}

const EMPTY_VOCABULARY: Vocabulary = { makes: new Map(), models: new Map() };

/**
 * The filters of a search, or null when a value can match nothing (an unknown fuel type, say). Free text is first
 * read for the words of car ads (query-words.ts); what they mean joins the filters, the rest is text.
 */
export function buildFilters(p: SearchParams, vocab: Vocabulary = EMPTY_VOCABULARY): ColumnQuery | null {
  const q: ColumnQuery = { eq: [], ranges: [], place: p.location ? searchWords(p.location) : [], text: [] };
  const eqNoCase = (column: 'make' | 'model' | 'color', values: readonly string[]) => {
    if (values.length) q.eq.push({ column, values: [...new Set(values.flatMap(caseVariants))], nocase: true });
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

  // A coded filter, from the panel or read in the text (both apply); a value that names no code matches nothing.
  const codes: [FilterKey, EqColumn][] = [['fuelType', 'fuel_type'], ['transmission', 'transmission'], ['driveType', 'drivetrain'], ['bodyType', 'body_type']];
  for (const [key, column] of codes) {
    for (const value of [p[key], parsed?.filters[key]?.join(',')]) {
      if (!value) continue;
      const values = resolveFilter(key, value);
      if (values.length === 0) return null;
      q.eq.push({ column, values, nocase: false });
    }
  }
  // A year in the text narrows the year filter (both apply).
  const ranges: [RangeColumn, number | undefined, number | undefined][] = [
    ['year', p.yearFrom, p.yearTo],
    ['year', parsed?.yearFrom, parsed?.yearTo],
    ['total_price', p.priceFrom, p.priceTo],
    ['mileage', p.mileageFrom, p.mileageTo],
  ];
  for (const [column, from, to] of ranges) {
    if (from !== undefined && to !== undefined && from > to) return null;
    if (from !== undefined || to !== undefined) q.ranges.push({ column, from, to });
  }

  // Text that holds no word at all ("!!!", "—") cannot match a listing; text read entirely as filters is no text.
  q.text = parsed ? searchWords(parsed.text) : [];
  const understood =
    parsed && (parsed.makes.length || parsed.models.length || Object.keys(parsed.filters).length || parsed.yearFrom !== undefined);
  if (p.query && !understood && q.text.length === 0) return null;
  if (p.location && q.place.length === 0) return null;
  return q;
}
