import {
  type FieldRootProps,
  Badge,
  Box,
  Button,
  Collapsible,
  Field,
  Flex,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Tag,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { ChevronDown, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPrice } from '../../../shared/format';
import {
  activeFilterCount,
  canonical,
  FILTER_OPTIONS,
  SORT_KEYS,
  SORT_LABELS,
  type FilterField,
  type ListingSearch,
} from './search-params';
import { useDebouncedUrlValue } from './use-debounced-url-value';

export type SearchPatch = Partial<ListingSearch>;
export type ApplyPatch = (patch: SearchPatch, opts?: { replace?: boolean }) => void;

const SELECTS: { field: FilterField; label: string; all: string }[] = [
  { field: 'make', label: 'Merke', all: 'Alle merker' },
  { field: 'bodyType', label: 'Biltype', all: 'Alle biltyper' },
  { field: 'fuelType', label: 'Drivstofftype', all: 'Alle drivstoff' },
  { field: 'transmission', label: 'Girkasse', all: 'Alle girkasser' },
  { field: 'driveType', label: 'Hjuldrift', all: 'All hjuldrift' },
];

const isDesktop = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 48em)').matches;

/** docs/product/screens.md#annonser: the collapsible 'Filtrer & Sorter' panel. Every change applies at once (no apply button). */
export function FilterPanel({ search, apply, onReset }: { search: ListingSearch; apply: ApplyPatch; onReset: () => void }) {
  // Open on wide screens, folded on phones so the results are what a buyer sees first. Active filters are
  // always visible as removable tags below, so folding hides nothing important.
  const [open, setOpen] = useState(isDesktop);
  const count = activeFilterCount(search);

  return (
    <Collapsible.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      bg="bg"
      rounded="xl"
      borderWidth="1px"
      borderColor="border.muted"
      shadow="xs"
    >
      <Collapsible.Trigger asChild>
        <Flex
          as="button"
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
          <HStack gap="2">
            <SlidersHorizontal size={18} aria-hidden />
            <Text>Filtrer &amp; Sorter</Text>
            {count > 0 && (
              <Badge colorPalette="brand" variant="solid" rounded="full" aria-label={`${count} aktive filtre`}>
                {count}
              </Badge>
            )}
          </HStack>
          <Box transition="transform 0.2s" transform={open ? 'rotate(180deg)' : undefined} display="flex">
            <ChevronDown size={18} aria-hidden />
          </Box>
        </Flex>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box px={{ base: 4, md: 5 }} pb={{ base: 4, md: 5 }} pt="1">
          <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap={{ base: 3, md: 4 }}>
            {SELECTS.map((s) => (
              <Select
                key={s.field}
                label={s.label}
                value={canonical(s.field, search[s.field])}
                onChange={(v) => apply({ [s.field]: v || undefined })}
                options={[{ value: '', label: s.all }, ...FILTER_OPTIONS[s.field].map((o) => ({ value: o, label: o }))]}
              />
            ))}
            {/* After Hjuldrift on phones (so the from/to pairs share a row), last on wide screens. */}
            <Select
              label="Sorter etter"
              order={{ base: 0, lg: 1 }}
              value={search.sort ?? 'newest'}
              onChange={(v) => apply({ sort: v === 'newest' ? undefined : (v as ListingSearch['sort']) })}
              options={SORT_KEYS.map((k) => ({ value: k, label: SORT_LABELS[k] }))}
            />
            <NumberFilter label="Pris fra" unit="kr" value={search.priceMin} onCommit={(v) => apply({ priceMin: v }, { replace: true })} />
            <NumberFilter label="Pris til" unit="kr" value={search.priceMax} onCommit={(v) => apply({ priceMax: v }, { replace: true })} />
            <NumberFilter
              label="Årsmodell fra"
              value={search.yearMin}
              maxLength={4}
              onCommit={(v) => apply({ yearMin: v }, { replace: true })}
            />
            <NumberFilter
              label="Årsmodell til"
              value={search.yearMax}
              maxLength={4}
              onCommit={(v) => apply({ yearMax: v }, { replace: true })}
            />
          </SimpleGrid>
          <Flex justify="flex-end" mt="4">
            <Button variant="outline" size="sm" onClick={onReset} disabled={count === 0 && !search.query && !search.sort}>
              <RotateCcw size={14} aria-hidden /> Tilbakestill
            </Button>
          </Flex>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function Select(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  order?: FieldRootProps['order'];
}) {
  return (
    <Field.Root order={props.order}>
      <Field.Label fontSize="sm" color="fg.muted">
        {props.label}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const digitsOnly = (v: string) => v.replace(/\D/g, '');

function NumberFilter(props: {
  label: string;
  value: number | undefined;
  onCommit: (v: number | undefined) => void;
  unit?: string;
  maxLength?: number;
}) {
  const id = useId();
  const [value, setValue] = useDebouncedUrlValue(
    props.value === undefined ? '' : String(props.value),
    (v) => props.onCommit(v ? Number(v) : undefined),
    {
      normalize: digitsOnly,
      delay: 500,
    },
  );
  const input = (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.unit ? 'Beløp' : 'ÅÅÅÅ'}
      maxLength={props.maxLength ?? 9}
      value={value}
      onChange={(e) => setValue(digitsOnly(e.currentTarget.value))}
    />
  );
  return (
    <Field.Root>
      <Field.Label htmlFor={id} fontSize="sm" color="fg.muted">
        {props.label}
      </Field.Label>
      {props.unit ? (
        <InputGroup
          endElement={
            <Text fontSize="sm" color="fg.muted">
              {props.unit}
            </Text>
          }
        >
          {input}
        </InputGroup>
      ) : (
        input
      )}
    </Field.Root>
  );
}

/** The active filters as removable tags, so a folded panel still shows what narrows the result. */
export function ActiveFilterTags({ search, apply }: { search: ListingSearch; apply: ApplyPatch }) {
  const tags: { key: string; label: string; clear: SearchPatch }[] = [];
  if (search.query) tags.push({ key: 'query', label: `«${search.query}»`, clear: { query: undefined } });
  for (const s of SELECTS) {
    const v = search[s.field];
    if (v) tags.push({ key: s.field, label: canonical(s.field, v), clear: { [s.field]: undefined } });
  }
  if (search.priceMin !== undefined)
    tags.push({ key: 'priceMin', label: `Fra ${formatPrice(search.priceMin)}`, clear: { priceMin: undefined } });
  if (search.priceMax !== undefined)
    tags.push({ key: 'priceMax', label: `Til ${formatPrice(search.priceMax)}`, clear: { priceMax: undefined } });
  if (search.yearMin !== undefined) tags.push({ key: 'yearMin', label: `Fra ${search.yearMin}`, clear: { yearMin: undefined } });
  if (search.yearMax !== undefined) tags.push({ key: 'yearMax', label: `Til ${search.yearMax}`, clear: { yearMax: undefined } });
  if (tags.length === 0) return null;
  return (
    <Wrap gap="2" aria-label="Aktive filtre">
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
