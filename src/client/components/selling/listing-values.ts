import {
  EMPTY_LISTING_FORM,
  listingFormInput,
  type ListingFormValues as ListingFormFields,
} from '../../../shared/schemas/listing';
import { SERVICE_BOOK_LABEL } from '../../../shared/equipment';
import type { ListingShape } from '../../../shared/types/listing';
import type { VehicleFormData } from '../../../shared/vehicle-mapping';
import { z } from '../../../shared/zod';

// What the listing form's inputs hold, and how a stored listing and registry data become those values. The fields
// and their empty values are the shared form definition (src/shared/schemas/listing.ts); photos are not form
// values here: they upload on their own (photo-uploads.ts) and their URLs join the data on submit.

/** A select or checkbox group holds any text until the schema has checked it against the code lists. */
type Held<T> = T extends string ? string : T extends string[] ? string[] : T;

/**
 * What the inputs hold: the shared form fields without the photos, numbers possibly as typed text ("250 000") or ''
 * for "use the default", dates as yyyy-mm-dd for <input type=date>.
 */
export type ListingFormValues = { [K in Exclude<keyof ListingFormFields, 'images'>]: Held<ListingFormFields[K]> };

/**
 * The shared schema, stating what it is given. Its preprocessors take `unknown`, so its own input type says nothing
 * about the inputs; this identity step types them (zod takes a preprocessor's input type from its parameter), so
 * react-hook-form and the resolver agree without a cast.
 */
export const listingFormSchema = z.preprocess((values: ListingFormValues) => values, listingFormInput);

const { images: _images, ...emptyValues } = EMPTY_LISTING_FORM;
/** An empty create form: the shared defaults (doors 4, seats 5, previous owners 1; placeholders elsewhere). */
export const EMPTY_FORM_VALUES: ListingFormValues = emptyValues;

/** 'dd.mm.yyyy' → 'yyyy-mm-dd' for a date input; anything else unchanged. */
export function toDateInput(v: string | null | undefined): string {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : (v ?? '');
}

/** Unknown technical data is stored as 0; the form shows the placeholder instead. */
const zeroAsEmpty = (n: number | null | undefined): number | string => (n ? n : '');

/** A stored listing → form values (edit). */
export function listingToFormValues(l: ListingShape): ListingFormValues {
  return {
    registrationNumber: l.registrationNumber,
    make: l.make,
    model: l.model,
    year: l.year,
    vinNumber: l.vinNumber,
    bodyType: l.bodyType,
    doors: l.doors,
    seats: l.seats,
    color: l.color,
    engineSize: zeroAsEmpty(l.engineSize),
    power: zeroAsEmpty(l.power),
    fuelType: l.fuelType,
    transmission: l.transmission,
    drivetrain: l.drivetrain,
    weight: zeroAsEmpty(l.weight),
    mileage: l.mileage,
    previousOwners: l.previousOwners,
    nextInspection: toDateInput(l.nextInspection),
    lastInspection: toDateInput(l.lastInspection),
    description: l.description,
    price: l.price,
    registrationFee: l.registrationFee,
    // The service book is its own checkbox; left in the list, its label would tick it again after the seller unticks it.
    equipment: l.equipment.filter((item) => item !== SERVICE_BOOK_LABEL),
    serviceHistory: l.serviceHistory,
    address: l.address,
    hideAddress: l.hideAddress,
    hideContactInfo: l.hideContactInfo,
    contactPhone: l.contactPhone,
  };
}

/** Registry data → the form fields it fills (only what the registry knew). */
export function vehicleToFormValues(v: Partial<VehicleFormData>): Partial<ListingFormValues> {
  const out: Partial<ListingFormValues> = {};
  for (const [k, raw] of Object.entries(v) as [keyof VehicleFormData, string | number | undefined][]) {
    if (raw === undefined || raw === '' || raw === null) continue;
    if (k === 'nextInspection' || k === 'lastInspection') out[k] = toDateInput(String(raw));
    else if ((k === 'engineSize' || k === 'power' || k === 'weight') && raw === 0) continue;
    else (out as Record<string, unknown>)[k] = raw;
  }
  return out;
}

/** Same reading of typed numbers as the schema: spaces ignored, comma as decimal mark, '' → 0. */
export function typedNumber(v: number | string | undefined): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  const n = Number(String(v ?? '').replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}
