import { SORTS } from '../sorts';
import { z } from '../zod';

export { SORT_LABELS, SORTS, type SortKey } from '../sorts';

const LIMIT_MESSAGE = 'Antall treff per side (limit) må være et heltall fra 1 til 100.';
const OFFSET_MESSAGE = 'Startposisjon (offset) må være et heltall fra 0.';

// Query strings arrive as text; an empty value means "not set". Bad numbers are a 400 with a Norwegian text.
const optText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));
const optInt = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.coerce.number({ error: `${label} må være et tall.` }).int({ error: `${label} må være et heltall.` }).min(0, { error: `${label} kan ikke være negativ.` }).optional(),
  );
/** limit and offset: a whole number in [min, max] with one message for every way it can be wrong; empty means `fallback`. */
const pageNumber = (error: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback),
  );

/**
 * GET /api/listings parameters (docs/product/api.md). priceMin/priceMax and yearMin/yearMax are the home
 * quick search's names (docs/product/screens.md) and mean the same as priceFrom/priceTo and yearFrom/yearTo.
 */
export const searchInput = z
  .object({
    query: optText,
    make: optText,
    model: optText,
    yearFrom: optInt('Årstall fra'),
    yearTo: optInt('Årstall til'),
    yearMin: optInt('Årstall fra'),
    yearMax: optInt('Årstall til'),
    priceFrom: optInt('Pris fra'),
    priceTo: optInt('Pris til'),
    priceMin: optInt('Pris fra'),
    priceMax: optInt('Pris til'),
    mileageFrom: optInt('Kilometerstand fra'),
    mileageTo: optInt('Kilometerstand til'),
    fuelType: optText,
    transmission: optText,
    driveType: optText,
    location: optText,
    bodyType: optText,
    color: optText,
    limit: pageNumber(LIMIT_MESSAGE, 1, 100, 24),
    offset: pageNumber(OFFSET_MESSAGE, 0, 1_000_000, 0),
    sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SORTS, { error: 'Ukjent sortering.' }).default('newest')),
  })
  .transform(({ yearMin, yearMax, priceMin, priceMax, ...rest }) => ({
    ...rest,
    yearFrom: rest.yearFrom ?? yearMin,
    yearTo: rest.yearTo ?? yearMax,
    priceFrom: rest.priceFrom ?? priceMin,
    priceTo: rest.priceTo ?? priceMax,
  }));

export type SearchInput = z.input<typeof searchInput>;
export type SearchParams = z.output<typeof searchInput>;

/** One value of a filter and how many listings for sale have it. */
const facetValue = z.object({ name: z.string(), count: z.number().int().min(0) });
export type FacetValue = z.infer<typeof facetValue>;

/**
 * What is for sale, for the search panel's choices (docs/decisions/009-search-quality.md): every make with its count
 * (the ten brands of FILTER_MAKES first, even when none is for sale, then the rest by name) and its models, the
 * counties and the places. Counts are over all listings for sale, not narrowed by the other filters.
 */
export const searchFacetsShape = z.object({
  makes: z.array(facetValue.extend({ models: z.array(facetValue) })),
  /** Counties of the listings for sale whose county is known (docs/decisions/015-county-area.md). */
  counties: z.array(facetValue),
  places: z.array(facetValue),
});
export type SearchFacets = z.infer<typeof searchFacetsShape>;
