import { Badge, Box, Collapsible, Flex, HStack, Tag, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentProps } from 'react';
import { formatMileage, formatPrice } from '../../../shared/format';
import { activeFilterCount, canonical, FILTER_SELECTS, type ListingSearch } from './search-params';

export type SearchPatch = Partial<ListingSearch>;
export type ApplyPatch = (patch: SearchPatch, opts?: { replace?: boolean }) => void;

const isDesktop = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 48em)').matches;
/** The panel's first state follows the screen it opened on, not later resizes. */
const noChanges = () => () => {};

/** docs/product/screens.md#annonser: the collapsible 'Filtrer & Sorter' panel. Every change applies at once (no apply button). */
export function FilterPanel({ search, apply, onReset }: { search: ListingSearch; apply: ApplyPatch; onReset: () => void }) {
  // Open on wide screens, folded on phones so the results are what a buyer sees first. Active filters are
  // always visible as removable tags below, so folding hides nothing important.
  // A page the server rendered has it folded (the server cannot see the screen), and so does the browser's hydration;
  // a wide screen opens it right after (useSyncExternalStore's server snapshot is used for hydration only).
  const wide = useSyncExternalStore(noChanges, isDesktop, () => false);
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = chosen ?? wide;
  const count = activeFilterCount(search);
  // A wide screen opens the panel as soon as the page has hydrated: its fields start loading then.
  useEffect(() => {
    if (wide) void loadFields();
  }, [wide]);

  return (
    <Collapsible.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      // Folded on a phone, the panel's fields are rendered when it is first opened, not hidden with the first paint
      // (docs/decisions/010-compression-and-bundle.md "The LCP photo in the page"); once open they stay.
      lazyMount
      bg="bg"
      rounded="xl"
      borderWidth="1px"
      borderColor="border.muted"
      shadow="xs"
      data-testid="filter-panel"
    >
      <Collapsible.Trigger asChild>
        <Flex
          as="button"
          onPointerEnter={() => void loadFields()}
          onFocus={() => void loadFields()}
          w="full"
          justify="space-between"
          align="center"
          py="3.5"
          px={{ base: 4, md: 5 }}
          rounded="xl"
          fontWeight="semibold"
          cursor="pointer"
          transition="background 0.15s"
          _hover={{ bg: 'bg.muted' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
        >
          {/* A button holds phrasing content only: spans laid out as the stack and box were. */}
          <HStack as="span" gap="2">
            <SlidersHorizontal size={18} aria-hidden />
            <Text as="span">Filtrer &amp; Sorter</Text>
            {count > 0 && (
              // The number is seen; what it counts is read out (aria-label is not allowed on a plain span).
              <Badge colorPalette="brand" variant="solid" rounded="full">
                {count}
                <VisuallyHidden> aktive filtre</VisuallyHidden>
              </Badge>
            )}
          </HStack>
          <Box as="span" transition="transform 0.2s" transform={open ? 'rotate(180deg)' : undefined} display="flex">
            <ChevronDown size={18} aria-hidden />
          </Box>
        </Flex>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <FieldsWhenLoaded search={search} apply={apply} onReset={onReset} count={count} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

// The fields load when the panel first opens, or when a visitor is about to open it (the trigger is pointed at,
// touched or focused). Once loaded they render at once, without a Suspense round.
type FieldsModule = typeof import('./filter-fields');
let fieldsModule: FieldsModule | undefined;
const loadFields = () => import('./filter-fields').then((m) => (fieldsModule = m));
const LazyFields = lazy(loadFields);

function FieldsWhenLoaded(props: ComponentProps<FieldsModule['default']>) {
  const Fields = fieldsModule?.default;
  if (Fields) return <Fields {...props} />;
  return (
    // Holds about the fields' height, so the results below move once, not twice, when they arrive.
    <Suspense fallback={<Box minH={{ base: '36rem', md: '25rem' }} aria-busy="true" />}>
      <LazyFields {...props} />
    </Suspense>
  );
}

/** The active filters as removable tags, so a folded panel still shows what narrows the result. */
export function ActiveFilterTags({ search, apply }: { search: ListingSearch; apply: ApplyPatch }) {
  const tags: { key: string; label: string; clear: SearchPatch }[] = [];
  if (search.query) tags.push({ key: 'query', label: `«${search.query}»`, clear: { query: undefined } });
  for (const s of FILTER_SELECTS) {
    const v = search[s.field];
    if (!v) continue;
    // Removing the make removes its model too (the model select lists the make's models).
    const clear: SearchPatch = s.field === 'make' ? { make: undefined, model: undefined } : { [s.field]: undefined };
    tags.push({ key: s.field, label: s.field === 'model' ? v : canonical(s.field, v), clear });
  }
  if (search.location) tags.push({ key: 'location', label: search.location, clear: { location: undefined } });
  if (search.priceMin !== undefined)
    tags.push({ key: 'priceMin', label: `Fra ${formatPrice(search.priceMin)}`, clear: { priceMin: undefined } });
  if (search.priceMax !== undefined)
    tags.push({ key: 'priceMax', label: `Til ${formatPrice(search.priceMax)}`, clear: { priceMax: undefined } });
  if (search.yearMin !== undefined) tags.push({ key: 'yearMin', label: `Fra ${search.yearMin}`, clear: { yearMin: undefined } });
  if (search.yearMax !== undefined) tags.push({ key: 'yearMax', label: `Til ${search.yearMax}`, clear: { yearMax: undefined } });
  if (search.mileageFrom !== undefined)
    tags.push({ key: 'mileageFrom', label: `Fra ${formatMileage(search.mileageFrom)}`, clear: { mileageFrom: undefined } });
  if (search.mileageTo !== undefined)
    tags.push({ key: 'mileageTo', label: `Til ${formatMileage(search.mileageTo)}`, clear: { mileageTo: undefined } });
  if (tags.length === 0) return null;
  return (
    <Wrap gap="2" role="group" aria-label="Aktive filtre">
      {tags.map((t) => (
        <Tag.Root key={t.key} size="lg" colorPalette="brand" variant="subtle" rounded="full">
          <Tag.Label>{t.label}</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label={`Fjern filter ${t.label}`} onClick={() => apply(t.clear)} />
          </Tag.EndElement>
        </Tag.Root>
      ))}
    </Wrap>
  );
}
