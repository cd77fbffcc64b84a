import { Box, Field, Flex, Input, InputGroup, SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { formatNumber } from '../../../shared/format';
import type { SearchFacets } from '../../../shared/schemas/search';
import { useTRPC } from '../../trpc';
import { LabelledSelect } from '../form/option-select';
import { sharedLooks, StaticButton } from '../static-button';
import type { ApplyPatch } from './filter-panel';
import { canonical, FILTER_OPTIONS, FILTER_SELECTS, SORT_KEYS, SORT_LABELS, type FilterSelect, type ListingSearch } from './search-params';
import { facetsQuery } from './queries';
import { useDebouncedUrlValue } from './use-debounced-url-value';

/**
 * The fields of the 'Filtrer & Sorter' panel (filter-panel.tsx), in a module of their own: the panel is folded on a phone
 * and a server's page, so the search page's first load neither renders nor evaluates them.
 */
export default function FilterFields({
  search,
  apply,
  onReset,
  count,
}: {
  search: ListingSearch;
  apply: ApplyPatch;
  onReset: () => void;
  count: number;
}) {
  const trpc = useTRPC();
  const facets = useQuery(facetsQuery(trpc));
  return (
    <Box px={{ base: 4, md: 5 }} pb={{ base: 4, md: 5 }} pt="1">
      {/* Row by row in source order, so Tab follows the layout at every width (no CSS order, no grid placement);
          two or four columns keep each from/to pair on one row. */}
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: 3, md: 4 }}>
        {FILTER_SELECTS.map((s) => {
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
  );
}

const withCount = (name: string, count: number) => ({ value: name, label: `${name} (${formatNumber(count)})` });

/**
 * A select's choices. Makes and models come from what is for sale, with counts (the ten brands of the product's list
 * first, as the server orders them); until they load, the fixed list. A value from the URL that no choice holds (a
 * make nobody sells) is still offered, so the select shows what filters the result.
 */
function choicesFor(field: FilterSelect, search: ListingSearch, facets: SearchFacets | undefined) {
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

