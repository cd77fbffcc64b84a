// The search's sort orders and their labels, kept free of zod: the search page's first load imports them, and the
// schemas in shared/schemas/search.ts validate against the same list.
export const SORTS = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const;
export type SortKey = (typeof SORTS)[number];
export const SORT_LABELS: Record<SortKey, string> = {
  newest: 'Nyeste først',
  price_asc: 'Lavest pris',
  price_desc: 'Høyest pris',
  year_desc: 'Nyeste årsmodell',
  mileage_asc: 'Lavest kilometerstand',
};
