import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { ListingFormData } from '../../../shared/schemas/listing';
import { PRICE_TEXTS } from '../../../shared/texts/prices';
import { useTRPC } from '../../trpc';
import { typedNumber, type ListingFormValues } from './listing-values';

// 'Lignende biler selges for X–Y kr' under the price (docs/decisions/025-buyer-trust.md): the price guide of the car
// as filled in so far, asked once make, model, fuel, year and mileage are all there and the typing has paused.

const PAUSE_MS = 500;

export function PriceGuideNote({ control }: { control: Control<ListingFormValues, unknown, ListingFormData> }) {
  const [make, model, fuelType, year, mileage] = useWatch({ control, name: ['make', 'model', 'fuelType', 'year', 'mileage'] });
  const car = { make: String(make ?? '').trim(), model: String(model ?? '').trim(), fuelType: String(fuelType ?? ''), year: typedNumber(year), mileage: typedNumber(mileage) };
  const filled = car.make !== '' && car.model !== '' && car.fuelType !== '' && car.year > 0 && car.mileage > 0;
  const key = filled ? JSON.stringify(car) : '';
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(key), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const trpc = useTRPC();
  const guide = useQuery({ ...trpc.listings.priceGuide.queryOptions(asked ? JSON.parse(asked) : car), enabled: asked !== '', retry: false });
  if (!asked || !guide.data || guide.data.low === null || guide.data.high === null) return null;
  return (
    <Text textStyle="sm" color="fg.muted" aria-live="polite" data-testid="price-guide">
      {PRICE_TEXTS.guide(guide.data.low, guide.data.high)}
    </Text>
  );
}
