import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatNumber } from '../../../shared/format';
import { LabelledSelect } from '../form/option-select';
import { buttonLook, StaticButton } from '../static-button';

const submitLook = buttonLook({ size: 'lg' }, { colorPalette: 'accent', w: 'full' });

// docs/product/screens.md#home: the quick search's fixed choices. Values are those of docs/product/; labels are what a buyer reads.
const MAKES = [
  { value: 'all', label: 'Alle merker' },
  { value: 'toyota', label: 'Toyota' },
  { value: 'volkswagen', label: 'Volkswagen' },
  { value: 'bmw', label: 'BMW' },
  { value: 'audi', label: 'Audi' },
  { value: 'mercedes-benz', label: 'Mercedes-Benz' },
] as const;

const PRICE_CLASSES = [
  { value: 'all', label: 'Alle priser' },
  { value: '0-100000', label: `Under ${formatNumber(100_000)} kr` },
  { value: '100000-300000', label: `${formatNumber(100_000)} – ${formatNumber(300_000)} kr` },
  { value: '300000-plus', label: `Over ${formatNumber(300_000)} kr` },
] as const;

const YEAR_CLASSES = [
  { value: 'all', label: 'Alle årsmodeller' },
  { value: '2020-2024', label: '2020 – 2024' },
  { value: '2015-2019', label: '2015 – 2019' },
  { value: '2010-2014', label: '2010 – 2014' },
] as const;

/** '100000-300000' → [100000, 300000]; '300000-plus' → [300000, undefined]; 'all' → []. */
function range(value: string): [number | undefined, number | undefined] {
  if (value === 'all') return [undefined, undefined];
  const [lo, hi] = value.split('-');
  return [Number(lo), hi === 'plus' ? undefined : Number(hi)];
}

/** Home quick search: 'Søk biler' opens /annonser with make, priceMin, priceMax (none for 'plus'), yearMin, yearMax. */
export function QuickSearch() {
  const navigate = useNavigate();
  const [make, setMake] = useState('all');
  const [price, setPrice] = useState('all');
  const [year, setYear] = useState('all');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [priceMin, priceMax] = range(price);
    const [yearMin, yearMax] = range(year);
    void navigate({
      to: '/annonser',
      search: { make: make === 'all' ? undefined : make, priceMin, priceMax, yearMin, yearMax },
    });
  };

  return (
    <Stack as="form" gap="4" onSubmit={submit} aria-label="Hurtigsøk">
      <SimpleGrid columns={{ base: 1, sm: 3, lg: 1 }} gap="3">
        <LabelledSelect label="Merke" value={make} onChange={setMake} options={MAKES} size="lg" bg="bg" />
        <LabelledSelect label="Prisklasse" value={price} onChange={setPrice} options={PRICE_CLASSES} size="lg" bg="bg" />
        <LabelledSelect label="Årsmodell" value={year} onChange={setYear} options={YEAR_CLASSES} size="lg" bg="bg" />
      </SimpleGrid>
      <StaticButton look={submitLook} type="submit">
        <Search size={18} aria-hidden /> Søk biler
      </StaticButton>
    </Stack>
  );
}
