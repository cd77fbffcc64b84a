// One canonical code list per listing attribute. Stored values are the codes; labels are Norwegian.
// Decision record: docs/decisions/001-listing-codes.md. The create form (docs/product/data.md) and the search filters
// (docs/product/screens.md#annonser) use different words; FILTERS below maps every filter label to stored codes.

export interface Code<T extends string = string> {
  code: T;
  label: string;
}

export const BODY_TYPES = [
  { code: 'sedan', label: 'Sedan' },
  { code: 'stasjonsvogn', label: 'Stasjonsvogn' },
  { code: 'kombi', label: 'Kombi (kasse)' },
  { code: 'suv', label: 'SUV' },
  { code: 'coupe', label: 'Coupé' },
  { code: 'cabriolet', label: 'Cabriolet' },
  { code: 'flerbruksbil', label: 'Flerbruksbil' },
  { code: 'pickup', label: 'Pickup' },
  { code: 'varebil', label: 'Varebil' },
  { code: 'annet', label: 'Annet' },
] as const satisfies readonly Code[];

export const FUEL_TYPES = [
  { code: 'bensin', label: 'Bensin' },
  { code: 'diesel', label: 'Diesel' },
  { code: 'el', label: 'Elektrisk' },
  { code: 'hybrid', label: 'Hybrid' },
  { code: 'plugin_hybrid', label: 'Plug-in hybrid' },
  { code: 'hydrogen', label: 'Hydrogen' },
  { code: 'lpg', label: 'LPG (gass)' },
  { code: 'cng', label: 'CNG (naturgass)' },
  { code: 'annet', label: 'Annet' },
] as const satisfies readonly Code[];

export const TRANSMISSIONS = [
  { code: 'manuell', label: 'Manuell' },
  { code: 'automat', label: 'Automat' },
  { code: 'cvt', label: 'Trinnløs (CVT)' },
  { code: 'semi-automat', label: 'Semi-automat' },
] as const satisfies readonly Code[];

export const DRIVETRAINS = [
  { code: 'forhjulsdrift', label: 'Forhjulsdrift' },
  { code: 'bakhjulsdrift', label: 'Bakhjulsdrift' },
  { code: 'firehjulsdrift', label: 'Firehjulsdrift' },
] as const satisfies readonly Code[];

export type BodyType = (typeof BODY_TYPES)[number]['code'];
export type FuelType = (typeof FUEL_TYPES)[number]['code'];
export type Transmission = (typeof TRANSMISSIONS)[number]['code'];
export type Drivetrain = (typeof DRIVETRAINS)[number]['code'];

export const codesOf = <T extends readonly Code[]>(list: T) => list.map((c) => c.code) as unknown as [T[number]['code'], ...T[number]['code'][]];

/** Label of a stored code, or '' for an empty value, or the raw value for an unknown one. */
export function labelOf(list: readonly Code[], code: string | null | undefined): string {
  if (!code) return '';
  return list.find((c) => c.code === code)?.label ?? code;
}

/** Makes offered in the search filter and the home quick search (docs/product/screens.md). Stored make text is free. */
export const FILTER_MAKES = ['Audi', 'BMW', 'Mercedes-Benz', 'Volkswagen', 'Toyota', 'Ford', 'Volvo', 'Tesla', 'Peugeot', 'Renault'] as const;

/**
 * Search filter labels (docs/product/screens.md#annonser) → stored codes. A filter value may be a label or a code; both resolve
 * here, case-insensitively. Personbil means an ordinary passenger car body (sedan, hatchback, MPV); the other
 * labels name their own body types, so no filter matches nothing while matching cars exist.
 */
export const FILTERS = {
  bodyType: [
    { label: 'Personbil', codes: ['sedan', 'kombi', 'flerbruksbil'] },
    { label: 'SUV', codes: ['suv'] },
    { label: 'Stasjonsvogn', codes: ['stasjonsvogn'] },
    { label: 'Varebil', codes: ['varebil', 'pickup'] },
    { label: 'Kabriolet', codes: ['cabriolet'] },
    { label: 'Coupe', codes: ['coupe'] },
  ],
  fuelType: [
    { label: 'Bensin', codes: ['bensin'] },
    { label: 'Diesel', codes: ['diesel'] },
    { label: 'Elektrisk', codes: ['el'] },
    { label: 'Hybrid', codes: ['hybrid'] },
    { label: 'Plug-in Hybrid', codes: ['plugin_hybrid'] },
    { label: 'Hydrogen', codes: ['hydrogen'] },
  ],
  transmission: [
    // CVT and semi-automatic gearboxes need no clutch pedal: a buyer filtering on Automat wants them.
    { label: 'Automat', codes: ['automat', 'cvt', 'semi-automat'] },
    { label: 'Manuell', codes: ['manuell'] },
  ],
  driveType: [
    { label: 'Forhjulsdrift', codes: ['forhjulsdrift'] },
    { label: 'Bakhjulsdrift', codes: ['bakhjulsdrift'] },
    { label: 'Firehjulsdrift', codes: ['firehjulsdrift'] },
  ],
} as const;

export type FilterKey = keyof typeof FILTERS;

const ALL_CODES: Record<FilterKey, readonly Code[]> = {
  bodyType: BODY_TYPES,
  fuelType: FUEL_TYPES,
  transmission: TRANSMISSIONS,
  driveType: DRIVETRAINS,
};

/**
 * Resolves a filter value (label like 'Elektrisk' or code like 'el'; several may be comma-separated) to the
 * stored codes it matches. Unknown values resolve to [] (and the search then matches nothing, correctly).
 */
export function resolveFilter(key: FilterKey, value: string): string[] {
  const out = new Set<string>();
  for (const raw of value.split(',')) {
    const v = raw.trim().toLowerCase();
    if (!v) continue;
    const byLabel = FILTERS[key].find((f) => f.label.toLowerCase() === v);
    if (byLabel) byLabel.codes.forEach((c) => out.add(c));
    else if (ALL_CODES[key].some((c) => c.code === v)) out.add(v);
    else {
      const byCodeLabel = ALL_CODES[key].find((c) => c.label.toLowerCase() === v);
      if (byCodeLabel) out.add(byCodeLabel.code);
    }
  }
  return [...out];
}

export type FilterField = 'make' | FilterKey;

/** The values each search filter offers, in the words of the filter panel (docs/product/screens.md#annonser). */
export const FILTER_OPTIONS: Record<FilterField, readonly string[]> = {
  make: FILTER_MAKES,
  bodyType: FILTERS.bodyType.map((f) => f.label),
  fuelType: FILTERS.fuelType.map((f) => f.label),
  transmission: FILTERS.transmission.map((f) => f.label),
  driveType: FILTERS.driveType.map((f) => f.label),
};

/**
 * The list's own spelling of a filter value ('toyota' → 'Toyota'), the value as given when the list does not know it
 * (a make nobody sells still filters, and finds nothing: docs/decisions/009-search-quality.md), or '' when unset.
 * The search page's filters and its head (src/shared/page-head.ts) spell a value alike.
 */
export function canonicalFilterValue(field: FilterField, value: string | undefined): string {
  if (!value) return '';
  return FILTER_OPTIONS[field].find((o) => o.toLowerCase() === value.toLowerCase()) ?? value;
}

/**
 * A filter value in the filter panel's words, whether it was given as a label or as a stored code ('el' →
 * 'Elektrisk', 'cvt' → 'Automat'); several comma-separated values each. What no filter knows stays as given.
 */
export function filterValueLabel(key: FilterKey, value: string): string {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => (FILTERS[key] as readonly { label: string; codes: readonly string[] }[]).find((f) => f.codes.includes(v.toLowerCase()))?.label ?? canonicalFilterValue(key, v))
    .join(', ');
}
