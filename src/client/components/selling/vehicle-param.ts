import type { VehicleFormData } from '../../../shared/vehicle-mapping';

// The `vehicle` search parameter of /ny-annonse (docs/product/screens.md Home "Hent bildata automatisk": the home page's lookup
// navigates there with the fetched data). It is read by the route's validateSearch, which runs in the main
// bundle, so this is a small hand-written check rather than a zod schema. A URL is user input: only known
// keys with the right primitive type survive, text is capped, and anything else is dropped. The form schema
// validates the values again on submit.

const TEXT_KEYS = ['registrationNumber', 'vinNumber', 'make', 'model', 'bodyType', 'color', 'fuelType', 'transmission', 'nextInspection', 'lastInspection'] as const;
const NUMBER_KEYS = ['year', 'doors', 'seats', 'engineSize', 'power', 'weight'] as const;

export type VehicleParam = Partial<VehicleFormData>;

/** Parses the raw parameter (an object from the router's JSON search parsing, or a JSON string). */
export function parseVehicleParam(raw: unknown): VehicleParam | undefined {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const src = v as Record<string, unknown>;
  const out: Record<string, string | number> = {};
  for (const k of TEXT_KEYS) {
    const x = src[k];
    if (typeof x === 'string' && x.length <= 100) out[k] = x;
  }
  for (const k of NUMBER_KEYS) {
    const x = typeof src[k] === 'string' && src[k] !== '' ? Number(src[k]) : src[k];
    if (typeof x === 'number' && Number.isFinite(x) && x >= 0 && x < 1e7) out[k] = Math.round(x);
  }
  return Object.keys(out).length ? (out as VehicleParam) : undefined;
}
