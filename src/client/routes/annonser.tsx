import {
  Alert,
  Box,
  Container,
  EmptyState,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { searchPageHead } from '../../shared/page-head';
import { SearchX, Search } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { formatNumber } from '../../shared/format';
import { AfterFirstPaint } from '../components/layout/after-first-paint';
import { ListingCard, ListingGrid, ListingGridSkeleton } from '../components/buying/listing-card';
import { ActiveFilterTags, FilterPanel, type ApplyPatch } from '../components/search/filter-panel';
import { facetsQuery } from '../components/search/queries';
import { SaveSearchButton } from '../components/search/save-search';
import { SearchPagination } from '../components/search/search-pagination';
import { buttonLook, sharedLooks, StaticButton } from '../components/static-button';
import { activeFilterCount, PAGE_SIZE, toListInput, validateListingSearch, type ListingSearch } from '../components/search/search-params';
import { useDebouncedUrlValue } from '../components/search/use-debounced-url-value';
import { useTRPC, type TRPCOptions } from '../trpc';

// Every piece of search state lives in the URL (shareable, back button works); see search-params.ts.
// The loader only starts the fetches (also on hover over a link here): the page paints its search form and filters at
// once and shows the result skeleton, and a filter change keeps the previous results on screen while the next load
// (keepPreviousData below) instead of suspending the page, which useSuspenseQuery would do. The server's render waits
// for both, so its page has the results and the filter panel's counts, and the browser fetches neither again.
export const Route = createFileRoute('/annonser')({
  head: ({ match }) => searchPageHead(match.search, match.context.origin),
  validateSearch: validateListingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, trpc }, deps }) => {
    void queryClient.prefetchQuery(resultsQuery(trpc, deps));
    void queryClient.prefetchQuery(facetsQuery(trpc));
  },
  component: SearchPage,
});

/**
 * The cards of a visit's first page that render with its first paint: two rows of three on a desktop, more than a phone
 * shows. The others follow just after the first paint (AfterFirstPaint), so the largest paint (the first card's photo)
 * does not wait for 18 more cards to render on a slow phone (docs/decisions/010-compression-and-bundle.md "The LCP
 * photo in the page"). Later pages render all at once.
 */
const FIRST_PAINT_CARDS = 6;

const searchLook = buttonLook({ size: 'lg' }, { colorPalette: 'brand', px: { base: 4, md: 8 } });

// docs/product/limits.md: search results stale after 5 s, refreshed every 10 s; the previous page stays while the next loads.
const resultsQuery = (trpc: TRPCOptions, search: ListingSearch) =>
  trpc.listings.list.queryOptions(toListInput(search), { staleTime: 5000, refetchInterval: 10_000, placeholderData: keepPreviousData });

function SearchPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const trpc = useTRPC();
  const results = useQuery(resultsQuery(trpc, search));

  // A filter change starts again at page 1 and keeps the scroll position; typing replaces the history entry
  // instead of adding one per pause.
  const apply: ApplyPatch = useCallback(
    (patch, opts) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: opts?.replace, resetScroll: false }),
    [navigate],
  );
  const reset = () => void navigate({ search: {}, resetScroll: false });

  const [text, setText, flush] = useDebouncedUrlValue(search.query ?? '', (v) => apply({ query: v || undefined }, { replace: true }));

  const total = results.data?.total ?? 0;
  const items = results.data?.items ?? [];
  const page = search.page ?? 1;
  const pages = Math.ceil(total / PAGE_SIZE);
  const updating = results.isFetching && results.isPlaceholderData;

  // A page past the end (a stale link, fewer cars since) goes to the last page instead of showing a count next to
  // 'Ingen annonser funnet'. Only an answer for this very URL decides, not the previous one kept on screen.
  const settled = results.data && !results.isPlaceholderData;
  useEffect(() => {
    if (!settled || page <= Math.max(pages, 1)) return;
    void navigate({ search: (prev) => ({ ...prev, page: pages > 1 ? pages : undefined }), replace: true, resetScroll: false });
  }, [settled, page, pages, navigate]);
  // Past the end, or the empty page kept on screen while the last page loads: neither shows a count next to
  // 'Ingen annonser funnet'; the skeleton stands in.
  const pastTheEnd = page > Math.max(pages, 1) || (results.data !== undefined && items.length === 0 && total > 0);

  return (
    <Container maxW="7xl" py={{ base: 6, md: 10 }}>
      <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em" mb={{ base: 4, md: 6 }}>
        Søk biler
      </Heading>

      <Stack gap="4">
        <HStack
          as="form"
          role="search"
          gap="2"
          onSubmit={(e) => {
            e.preventDefault();
            // Filters already apply live; 'Søk' only makes pending text count right away.
            flush();
          }}
        >
          <InputGroup flex="1" startElement={<Search size={18} aria-hidden />}>
            <Input
              type="search"
              size="lg"
              bg="bg"
              aria-label="Fritekstsøk"
              // The address's own parameter: before the scripts run, sending the form is the same search.
              name="query"
              placeholder="Søk etter merke eller modell"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={100}
            />
          </InputGroup>
          <StaticButton look={searchLook} type="submit">
            Søk
          </StaticButton>
        </HStack>

        <FilterPanel search={search} apply={apply} onReset={reset} />
        <ActiveFilterTags search={search} apply={apply} />
      </Stack>

      <Flex align="center" justify="space-between" mt={{ base: 6, md: 8 }} mb="4" minH="6">
        <HStack gap="2" aria-live="polite">
          {results.data && !pastTheEnd && (
            // The results' heading (the cards below are h3), so headings go h1, h2, h3.
            <Heading as="h2" fontSize="md" fontWeight="semibold" data-testid="result-count">
              {formatNumber(total)} {total === 1 ? 'bil' : 'biler'}
            </Heading>
          )}
          {updating && <Spinner size="xs" color="brand.500" aria-label="Oppdaterer" />}
        </HStack>
        <HStack gap="3">
          {pages > 1 && (
            <Text fontSize="sm" color="fg.muted">
              Side {page} av {pages}
            </Text>
          )}
          <SaveSearchButton search={search} />
        </HStack>
      </Flex>

      {results.isPending || pastTheEnd ? (
        <ListingGridSkeleton count={6} />
      ) : results.isError ? (
        <Alert.Root status="error" rounded="xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Feil ved lasting av annonser</Alert.Title>
          </Alert.Content>
          <StaticButton look={sharedLooks.smallOutline} onClick={() => void results.refetch()}>
            Prøv igjen
          </StaticButton>
        </Alert.Root>
      ) : items.length === 0 ? (
        <EmptyState.Root bg="bg" rounded="xl" borderWidth="1px" borderStyle="dashed">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <SearchX />
            </EmptyState.Indicator>
            <EmptyState.Title>Ingen annonser funnet</EmptyState.Title>
            <EmptyState.Description textAlign="center">Prøv å fjerne noen filtre eller endre søket.</EmptyState.Description>
            {(activeFilterCount(search) > 0 || search.query) && (
              <StaticButton look={sharedLooks.outline} onClick={reset}>
                Fjern alle filtre
              </StaticButton>
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Box opacity={updating ? 0.6 : 1} transition="opacity 0.2s">
          <ListingGrid>
            {items.slice(0, FIRST_PAINT_CARDS).map((l, i) => (
              <ListingCard key={l.id} listing={l} eager={i < 3} />
            ))}
            {items.length > FIRST_PAINT_CARDS && (
              // Renders no element of its own: the cards are the grid's items like the first ones.
              <AfterFirstPaint>
                {items.slice(FIRST_PAINT_CARDS).map((l) => (
                  <ListingCard key={l.id} listing={l} eager={false} />
                ))}
              </AfterFirstPaint>
            )}
          </ListingGrid>
          <SearchPagination page={page} pages={pages} />
        </Box>
      )}
    </Container>
  );
}
