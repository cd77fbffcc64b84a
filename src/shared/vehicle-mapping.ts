// The registration-number rule as a zod schema (docs/product/validation.md) and, re-exported from the zod-free
// vehicle-data.ts, the texts and the vehicle registry → create-form mapping (docs/product/data.md).
import { normalisePlate, PLATE_FORMAT_MESSAGE, PLATE_MISSING_MESSAGE, PLATE_RE } from './vehicle-data';
import { z } from './zod';

export * from './vehicle-data';

/**
 * The plate rule (docs/product/validation.md), the one home for the lookup and the listing form: normalised, then two capital letters
 * and five digits. `missingMessage` is what an empty plate reads (the listing form has its own).
 */
export const plateSchema = (missingMessage = PLATE_MISSING_MESSAGE) =>
  z
    .string({ error: missingMessage })
    .max(40, { error: PLATE_FORMAT_MESSAGE, abort: true })
    .transform(normalisePlate)
    .pipe(z.string().min(1, { error: missingMessage, abort: true }).regex(PLATE_RE, { error: PLATE_FORMAT_MESSAGE }));

/** Input of vehicle.lookup and GET /api/vehicle-data/:regnr; messages as docs/product/validation.md. */
export const vehicleLookupInput = z.object({
  registrationNumber: plateSchema(),
});
export type VehicleLookupInput = z.input<typeof vehicleLookupInput>;
