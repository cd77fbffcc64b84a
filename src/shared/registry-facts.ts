// 'Sjekk bilen' (docs/decisions/025-buyer-trust.md#registry-facts): what the vehicle registry says about a listing's
// plate, compared with what the seller typed. The one home of the comparison rules, the EU-kontroll states and the
// panel's texts; pure, so the server computes the API's `registry` with it and tests pin its edges.
import { FUEL_TYPES, labelOf } from './codes';
import { formatDate, formatNumber } from './format';

/** The listing fields the registry can confirm or contradict, in the panel's order. */
export const REGISTRY_FIELDS = ['make', 'year', 'fuelType', 'power', 'vinNumber'] as const;
export type RegistryField = (typeof REGISTRY_FIELDS)[number];

/** The EU-kontroll deadline passed, within INSPECTION_SOON_DAYS, or further off. */
export const INSPECTION_STATES = ['forfalt', 'snart', 'ok'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];
export const INSPECTION_SOON_DAYS = 60;
/** Power differs when the two are more than this share of the registry's value apart. */
export const POWER_TOLERANCE = 0.05;

/** The registry's values as stored (listing_registry_facts): '' or null where it gives none. */
export interface RegistryFactValues {
  make: string;
  year: number | null;
  fuelType: string;
  power: number | null;
  vinNumber: string;
}

/** The listing's own values of the same fields: '' or 0 where the seller left one empty. */
export type ListingFactValues = Pick<RegistryFactValues, 'make' | 'fuelType' | 'vinNumber'> & { year: number; power: number };

/** The registry's value of each field compared (both sides give one), null for a field not compared. */
export type ComparedFacts = { [K in RegistryField]: RegistryFactValues[K] | null };

// Case, spaces and punctuation never make a difference: 'MERCEDES-BENZ' is 'Mercedes Benz', 'wvw zzz…' is 'WVWZZZ…'.
const folded = (s: string) => s.toLocaleLowerCase('nb-NO').replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Each field's registry value where both the registry and the listing give one; a field either leaves empty is not
 * compared, so neither confirmed nor contradicted.
 */
export function comparedFacts(registry: RegistryFactValues, listing: ListingFactValues): ComparedFacts {
  const text = (r: string, l: string) => (folded(r) && folded(l) ? r : null);
  const number = (r: number | null, l: number) => (r !== null && r > 0 && l > 0 ? r : null);
  return {
    make: text(registry.make, listing.make),
    year: number(registry.year, listing.year),
    fuelType: text(registry.fuelType, listing.fuelType),
    power: number(registry.power, listing.power),
    vinNumber: text(registry.vinNumber, listing.vinNumber),
  };
}

/** Whether the listing's value of a compared field agrees with the registry's. */
function agrees(field: RegistryField, registry: string | number, listing: ListingFactValues): boolean {
  switch (field) {
    case 'year':
      return registry === listing.year;
    case 'power':
      return Math.abs(listing.power - Number(registry)) <= POWER_TOLERANCE * Number(registry);
    case 'fuelType':
      // Without the registry's charging marker its mapping says 'hybrid' rather than guess (vehicle-data.ts
      // mapFuelType): a seller's 'plugin_hybrid' is not contradicted by it.
      return registry === listing.fuelType || (registry === 'hybrid' && listing.fuelType === 'plugin_hybrid');
    default:
      return folded(String(registry)) === folded(String(listing[field]));
  }
}

/** The fields whose listing value the registry contradicts, in REGISTRY_FIELDS order; empty when all agree. */
export function registryMismatches(compared: ComparedFacts, listing: ListingFactValues): RegistryField[] {
  return REGISTRY_FIELDS.filter((f) => compared[f] !== null && !agrees(f, compared[f], listing));
}

/** 'dd.mm.yyyy' → days since 1970-01-01 (a calendar day, no time zone), or null for anything else. */
function dayNumber(date: string): number | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
  return Number.isNaN(ms) ? null : ms / 86_400_000;
}

/**
 * The EU-kontroll deadline (dd.mm.yyyy) against today in Norway: `forfalt` once the day has passed (the deadline day
 * itself is still in time), `snart` from INSPECTION_SOON_DAYS days before it, else `ok`; null without a readable date.
 */
export function inspectionState(deadline: string | null, now: Date = new Date()): InspectionState | null {
  const due = deadline ? dayNumber(deadline) : null;
  const today = dayNumber(formatDate(now));
  if (due === null || today === null) return null;
  if (due < today) return 'forfalt';
  return due - today <= INSPECTION_SOON_DAYS ? 'snart' : 'ok';
}

/** A field's value as people read it (fuel by its name, power in hk): the listing's and the registry's alike. */
export function factText(field: RegistryField, value: string | number): string {
  if (field === 'fuelType') return labelOf(FUEL_TYPES, String(value));
  if (field === 'power') return `${formatNumber(Number(value))} hk`;
  return String(value);
}

/** Brønnøysundregistrene's public look-up of registered liens (Løsøreregisteret) on a vehicle, by its plate. */
export function lienSearchUrl(plate: string): string {
  return `https://rettsstiftelser.brreg.no/nb/oppslag/motorvogn/${encodeURIComponent(plate.replace(/\s+/g, '').toUpperCase())}`;
}

/** The panel's texts (docs/product/screens.md#listing). */
export const REGISTRY_TEXTS = {
  title: 'Sjekk bilen',
  confirmed: 'Bekreftet av Statens vegvesen',
  registrySays: (value: string) => `Registeret sier ${value}`,
  inspection: 'Frist for EU-kontroll',
  inspectionStates: { forfalt: 'Fristen er passert', snart: 'Fristen nærmer seg', ok: 'God tid' } satisfies Record<InspectionState, string>,
  checkedAt: (date: string) => `Sjekket mot Statens vegvesens kjøretøyregister ${date}.`,
  liens: 'Sjekk heftelser i Løsøreregisteret',
  mismatchesTitle: 'Avvik fra kjøretøyregisteret',
};
