// URL state of /annonser. Hand-written rather than zod: validateSearch stays in the entry chunk even with route code
// splitting, and this keeps zod off first load, so nothing here imports a schema.
import { canonicalFilterValue as canonical } from '../../../shared/codes';
import { SORTS as SORT_KEYS, type SortKey } from '../../../shared/sorts';

export { SORT_LABELS } from '../../../shared/sorts';
export { SORT_KEYS };

export const PAGE_SIZE = 24;

/**
 * The names are docs/product/screens.md's (the home quick search sends make, priceMin, priceMax, yearMin, yearMax), so a link from
 * home and a link shared from this page speak the same language. Every field is optional: an empty URL is "all cars".
 */
export interface ListingSearch {
  query?: string;
  make?: string;
  model?: string;
  bodyType?: string;
  fuelType?: string;
  transmission?: string;
  driveType?: string;
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  /** The API's names (docs/product/api.md), for the filters this page added later. */
  mileageFrom?: number;
  mileageTo?: number;
  /** Area: a postal place (or postal code, or street of a shown address). */
  location?: string;
  sort?: SortKey;
  page?: number;
}

function text(v: unknown): string | undefined {
  // The router's JSON-ish parser turns ?query=2020 into a number; a search text is still text.
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim().slice(0, 100);
  return t || undefined;
}

function int(v: unknown, max = 100_000_000): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 0) return undefined;
  return Math.min(Math.floor(n), max);
}

// The filters' spelling lives with the code lists (shared with the page head); kept importable from here.
export { canonical };
export { FILTER_OPTIONS, type FilterField } from '../../../shared/codes';
import type { FilterField } from '../../../shared/codes';

/** A select of the filter panel: a code list's field, or the model (whose choices come from what is for sale). */
export type FilterSelect = FilterField | 'model';

/** The filter panel's selects, in its order; its active-filter tags name them the same way. */
export const FILTER_SELECTS: readonly { field: FilterSelect; label: string; all: string }[] = [
  { field: 'make', label: 'Merke', all: 'Alle merker' },
  { field: 'model', label: 'Modell', all: 'Alle modeller' },
  { field: 'bodyType', label: 'Biltype', all: 'Alle biltyper' },
  { field: 'fuelType', label: 'Drivstofftype', all: 'Alle drivstoff' },
  { field: 'transmission', label: 'Girkasse', all: 'Alle girkasser' },
  { field: 'driveType', label: 'Hjuldrift', all: 'Alle hjuldrifter' },
];

export function validateListingSearch(raw: Record<string, unknown>): ListingSearch {
  const sort = SORT_KEYS.find((s) => s === raw.sort);
  const page = int(raw.page, 10_000);
  const out: ListingSearch = {
    // Values are kept as written, known or not: an unknown one filters (and finds nothing) rather than being dropped,
    // so a shared link never shows more than it says. The spelling stays; canonical() gives the list's.
    query: text(raw.query),
    make: text(raw.make),
    model: text(raw.model),
    bodyType: text(raw.bodyType),
    fuelType: text(raw.fuelType),
    transmission: text(raw.transmission),
    driveType: text(raw.driveType),
    priceMin: int(raw.priceMin),
    priceMax: int(raw.priceMax),
    yearMin: int(raw.yearMin, 3000),
    yearMax: int(raw.yearMax, 3000),
    mileageFrom: int(raw.mileageFrom, 10_000_000),
    mileageTo: int(raw.mileageTo, 10_000_000),
    location: text(raw.location),
    sort: sort === 'newest' ? undefined : sort,
    page: page && page > 1 ? page : undefined,
  };
  // Every field stays, an unset one as undefined (which the router leaves out of the URL): the router lays the
  // validated fields over the raw ones, so a field deleted here would reach the page and its head as the raw value
  // (an array, an object) instead.
  return out;
}

/** The listings.list input for a URL state (the server's names are priceFrom/priceTo/yearFrom/yearTo). */
export function toListInput(s: ListingSearch) {
  return {
    query: s.query,
    make: canonical('make', s.make) || undefined,
    model: s.model,
    bodyType: canonical('bodyType', s.bodyType) || undefined,
    fuelType: canonical('fuelType', s.fuelType) || undefined,
    transmission: canonical('transmission', s.transmission) || undefined,
    driveType: canonical('driveType', s.driveType) || undefined,
    priceFrom: s.priceMin,
    priceTo: s.priceMax,
    yearFrom: s.yearMin,
    yearTo: s.yearMax,
    mileageFrom: s.mileageFrom,
    mileageTo: s.mileageTo,
    location: s.location,
    sort: s.sort ?? 'newest',
    limit: PAGE_SIZE,
    offset: ((s.page ?? 1) - 1) * PAGE_SIZE,
  };
}

/**
 * What 'Lagre søk' keeps of the page's search: GET /api/listings parameters without paging (the server reads them
 * with the same schema, src/shared/schemas/saved-search.ts).
 */
export function savedSearchParamsOf(s: ListingSearch): Record<string, string | number> {
  const { limit: _limit, offset: _offset, ...rest } = toListInput(s);
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
}

/** A saved search's parameters (the API's names) as this page's URL: what 'Vis treff' on /lagrede-sok opens. */
export function searchOfSaved(params: Record<string, string | number>): ListingSearch {
  const { priceFrom, priceTo, yearFrom, yearTo, sort, ...rest } = params;
  return validateListingSearch({
    ...rest,
    priceMin: priceFrom,
    priceMax: priceTo,
    yearMin: yearFrom,
    yearMax: yearTo,
    sort: sort === 'newest' ? undefined : sort,
  });
}

/** How many filters narrow the result (the text search and the sort order are not filters). */
export function activeFilterCount(s: ListingSearch): number {
  return (
    [
      'make', 'model', 'bodyType', 'fuelType', 'transmission', 'driveType', 'priceMin', 'priceMax', 'yearMin', 'yearMax',
      'mileageFrom', 'mileageTo', 'location',
    ] as const
  ).filter(
    (k) => s[k] !== undefined,
  ).length;
}
