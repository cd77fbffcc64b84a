import { resolveFilter, type FilterKey } from '../../../shared/codes';
import type { SearchParams } from '../../../shared/schemas/search';
import { ftsMatch } from './fts';

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

export interface SearchPlanInput {
  /** Terms besides visibility and free text, each on `l`. */
  terms: string[];
  params: unknown[];
  /** FTS5 MATCH expression for query + location. */
  match?: string;
  /** Which filters are present, for choosing an index. */
  has: Set<'make' | 'model' | 'color' | 'price' | 'year' | 'mileage'>;
}

/** The filters of a search as SQL terms, or null when a value can match nothing (an unknown fuel type, say). */
export function buildFilters(p: SearchParams): SearchPlanInput | null {
  const terms: string[] = [];
  const params: unknown[] = [];
  const has: SearchPlanInput['has'] = new Set();
  const eqNoCase = (column: 'make' | 'model' | 'color', value: string | undefined) => {
    if (!value) return;
    const vs = caseVariants(value);
    terms.push(vs.length === 1 ? `l.${column} = ? COLLATE NOCASE` : `l.${column} COLLATE NOCASE IN (${vs.map(() => '?').join(', ')})`);
    params.push(...vs);
    has.add(column);
  };
  eqNoCase('make', p.make);
  eqNoCase('model', p.model);
  eqNoCase('color', p.color);

  const codes: [FilterKey, string, string | undefined][] = [
    ['fuelType', 'fuel_type', p.fuelType],
    ['transmission', 'transmission', p.transmission],
    ['driveType', 'drivetrain', p.driveType],
    ['bodyType', 'body_type', p.bodyType],
  ];
  for (const [key, column, value] of codes) {
    if (!value) continue;
    const list = resolveFilter(key, value);
    if (list.length === 0) return null;
    terms.push(list.length === 1 ? `l.${column} = ?` : `l.${column} IN (${list.map(() => '?').join(', ')})`);
    params.push(...list);
  }

  const range = (key: 'price' | 'year' | 'mileage', column: string, from: number | undefined, to: number | undefined) => {
    if (from !== undefined && to !== undefined && from > to) return false;
    if (from !== undefined) {
      terms.push(`l.${column} >= ?`);
      params.push(from);
    }
    if (to !== undefined) {
      terms.push(`l.${column} <= ?`);
      params.push(to);
    }
    if (from !== undefined || to !== undefined) has.add(key);
    return true;
  };
  if (!range('year', 'year', p.yearFrom, p.yearTo)) return null;
  if (!range('price', 'total_price', p.priceFrom, p.priceTo)) return null;
  if (!range('mileage', 'mileage', p.mileageFrom, p.mileageTo)) return null;

  const match = ftsMatch(p.query, p.location);
  // Text that holds no word at all ("!!!", "—") cannot match a listing.
  if (!match && (p.query || p.location)) return null;
  return { terms, params, match, has };
}
