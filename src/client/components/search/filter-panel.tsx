import {
  Badge,
  Box,
  Collapsible,
  Field,
  Flex,
  HStack,
  Input,
  InputGroup,
  SimpleGrid,
  Tag,
  Text,
  VisuallyHidden,
  Wrap,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { formatMileage, formatNumber, formatPrice } from '../../../shared/format';
import type { SearchFacets } from '../../../shared/schemas/search';
import { useTRPC } from '../../trpc';
import { LabelledSelect } from '../form/option-select';
import { sharedLooks, StaticButton } from '../static-button';
import {
  activeFilterCount,
  canonical,
  FILTER_OPTIONS,
  SORT_KEYS,
  SORT_LABELS,
  type FilterField,
  type ListingSearch,
} from './search-params';
import { facetsQuery } from './queries';
import { useDebouncedUrlValue } from './use-debounced-url-value';

export type SearchPatch = Partial<ListingSearch>;
export type ApplyPatch = (patch: SearchPatch, opts?: { replace?: boolean }) => void;

type SelectField = FilterField | 'model';
const SELECTS: { field: SelectField; label: string; all: string }[] = [
  { field: 'make', label: 'Merke', all: 'Alle merker' },
  { field: 'model', label: 'Modell', all: 'Alle modeller' },
  { field: 'bodyType', label: 'Biltype', all: 'Alle biltyper' },
  { field: 'fuelType', label: 'Drivstofftype', all: 'Alle drivstoff' },
  { field: 'transmission', label: 'Girkasse', all: 'Alle girkasser' },
  { field: 'driveType', label: 'Hjuldrift', all: 'Alle hjuldrifter' },
];

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
  const trpc = useTRPC();
  const facets = useQuery(facetsQuery(trpc));

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
        <Box px={{ base: 4, md: 5 }} pb={{ base: 4, md: 5 }} pt="1">
          {/* Row by row in source order, so Tab follows the layout at every width (no CSS order, no grid placement);
              two or four columns keep each from/to pair on one row. */}
          <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: 3, md: 4 }}>
            {SELECTS.map((s) => {
              const choices = choicesFor(s.field, search, facets.data);
              return (
                <LabelledSelect
                  key={s.field}
                  label={s.label}
                  value={choices.value}
                  onChange={(v) =>
                    // A new make starts with all its models.
                    apply(s.field === 'make' ? { make: v || undefined, model: undefined } : { [s.field]: v || undefined })
                  }
                  disabled={s.field === 'model' && !search.make && !search.model}
                  options={[{ value: '', label: s.all }, ...choices.options]}
                />
              );
            })}
            <TextFilter
              label="Område"
              placeholder="Fylke eller sted"
              value={search.location}
              suggestions={areaSuggestions(facets.data)}
              onCommit={(v) => apply({ location: v }, { replace: true })}
            />
            <LabelledSelect
              label="Sorter etter"
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
            <NumberFilter
              label="Kilometerstand fra"
              unit="km"
              value={search.mileageFrom}
              onCommit={(v) => apply({ mileageFrom: v }, { replace: true })}
            />
            <NumberFilter
              label="Kilometerstand til"
              unit="km"
              value={search.mileageTo}
              onCommit={(v) => apply({ mileageTo: v }, { replace: true })}
            />
          </SimpleGrid>
          <Flex justify="flex-end" mt="4">
            <StaticButton look={sharedLooks.smallOutline} onClick={onReset} disabled={count === 0 && !search.query && !search.sort}>
              <RotateCcw size={14} aria-hidden /> Tilbakestill
            </StaticButton>
          </Flex>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}


const withCount = (name: string, count: number) => ({ value: name, label: `${name} (${formatNumber(count)})` });

/**
 * A select's choices. Makes and models come from what is for sale, with counts (the ten brands of the product's list
 * first, as the server orders them); until they load, the fixed list. A value from the URL that no choice holds (a
 * make nobody sells) is still offered, so the select shows what filters the result.
 */
function choicesFor(field: SelectField, search: ListingSearch, facets: SearchFacets | undefined) {
  let options: { value: string; label: string }[];
  let current = field === 'model' ? (search.model ?? '') : canonical(field, search[field]);
  if (field === 'make') {
    options = facets ? facets.makes.map((m) => withCount(m.name, m.count)) : FILTER_OPTIONS.make.map((o) => ({ value: o, label: o }));
    const known = facets?.makes.find((m) => m.name.toLowerCase() === current.toLowerCase());
    if (known) current = known.name;
  } else if (field === 'model') {
    const make = search.make?.toLowerCase();
    const models = facets?.makes.find((m) => m.name.toLowerCase() === make)?.models ?? [];
    options = models.map((m) => withCount(m.name, m.count));
    const known = models.find((m) => m.name.toLowerCase() === current.toLowerCase());
    if (known) current = known.name;
  } else {
    options = FILTER_OPTIONS[field].map((o) => ({ value: o, label: o }));
  }
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return { value: current, options };
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
      placeholder={props.unit === 'kr' ? 'Beløp' : props.unit === 'km' ? 'Antall km' : 'ÅÅÅÅ'}
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

/** The area's suggestions: the counties for sale ('Vestland (fylke, 12)'), then the places not named like one. */
function areaSuggestions(facets: SearchFacets | undefined): TextSuggestion[] | undefined {
  if (!facets) return undefined;
  const counties = new Set(facets.counties.map((c) => c.name.toLocaleLowerCase('nb-NO')));
  return [
    ...facets.counties.map((c) => ({ ...c, kind: 'fylke' })),
    ...facets.places.filter((p) => !counties.has(p.name.toLocaleLowerCase('nb-NO'))),
  ];
}

interface TextSuggestion {
  name: string;
  count: number;
  /** Said before the count: 'Vestland (fylke, 12)'. */
  kind?: string;
}

/**
 * A free-text filter committed to the URL after a pause, with suggestions (counties and places for sale, with counts) from
 * the browser's own list.
 */
function TextFilter(props: {
  label: string;
  placeholder: string;
  value: string | undefined;
  suggestions: readonly TextSuggestion[] | undefined;
  onCommit: (v: string | undefined) => void;
}) {
  const id = useId();
  const [value, setValue] = useDebouncedUrlValue(props.value ?? '', (v) => props.onCommit(v || undefined), { delay: 500 });
  return (
    <Field.Root>
      <Field.Label htmlFor={id} fontSize="sm" color="fg.muted">
        {props.label}
      </Field.Label>
      <Input
        id={id}
        list={`${id}-list`}
        autoComplete="off"
        placeholder={props.placeholder}
        maxLength={100}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      <datalist id={`${id}-list`}>
        {props.suggestions?.map((p) => (
          <option key={p.name} value={p.name}>
            {`${p.name} (${p.kind ? `${p.kind}, ` : ''}${formatNumber(p.count)})`}
          </option>
        ))}
      </datalist>
    </Field.Root>
  );
}

/** The active filters as removable tags, so a folded panel still shows what narrows the result. */
export function ActiveFilterTags({ search, apply }: { search: ListingSearch; apply: ApplyPatch }) {
  const tags: { key: string; label: string; clear: SearchPatch }[] = [];
  if (search.query) tags.push({ key: 'query', label: `«${search.query}»`, clear: { query: undefined } });
  for (const s of SELECTS) {
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
