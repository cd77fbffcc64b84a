// The seller's price guide (GET /api/price-guide, docs/product/api.md): the car's fields with the listing form's rules
// and messages, and what comparable listings sell for (src/shared/price-rating.ts).
import { z } from '../zod';
import { listingFormFields } from './listing';

export const priceGuideInput = z.object({
  make: listingFormFields.make,
  model: listingFormFields.model,
  fuelType: listingFormFields.fuelType,
  year: listingFormFields.year,
  mileage: listingFormFields.mileage,
});

export type PriceGuideInput = z.infer<typeof priceGuideInput>;

const price = z.number().int().nullable();

/** How many comparable listings there are, and their median and 25th-75th percentile total price (null under 5). */
export const priceGuideShape = z.object({ comparables: z.number().int().min(0), median: price, low: price, high: price });
