import { Alert, Badge, Button, Container, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Heart, TrendingDown, Trash2 } from 'lucide-react';
import { formatPrice } from '../../../shared/format';
import { SOLD_TEXTS } from '../../../shared/texts/sold';
import type { SavedListingCardShape } from '../../../shared/types/listing';
import type { ReactNode } from 'react';
import { ListingCard, ListingGrid, ListingGridSkeleton } from '../../components/buying/listing-card';
import { loadForUser } from '../../lib/guarded-loader';
import { useRouteRetry } from '../../lib/route-retry';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC, type TRPCOptions } from '../../trpc';
import { pageHead } from '../../components/layout/page-title';
import { EmptyCard } from '../../components/empty-card';

// docs/product/screens.md /lagrede-annonser. Always fetched fresh: a save on the detail page must show here at once.
const savedQuery = (trpc: TRPCOptions) => trpc.savedListings.list.queryOptions(undefined, { staleTime: 0 });
export const Route = createFileRoute('/_innlogget/lagrede-annonser')({
  head: () => pageHead('Lagrede annonser'),
  staticData: { loginRequired: { title: 'Logg inn påkrevd', description: 'Logg inn for å se annonsene du har lagret.' } },
  loader: loadForUser(savedQuery),
  pendingComponent: () => (
    <SavedShell>
      <ListingGridSkeleton count={3} />
    </SavedShell>
  ),
  errorComponent: SavedError,
  component: SavedListings,
});

function SavedError() {
  const retry = useRouteRetry();
  return (
    <SavedShell>
      <Alert.Root status="error" rounded="xl">
        <Alert.Indicator />
        <Alert.Title>Kunne ikke hente lagrede annonser</Alert.Title>
        <Button size="sm" variant="outline" ms="auto" onClick={retry}>
          Prøv igjen
        </Button>
      </Alert.Root>
    </SavedShell>
  );
}

function SavedShell({ count, children }: { count?: number; children: ReactNode }) {
  return (
    <Container maxW="7xl" py={{ base: 6, md: 10 }}>
      <Flex align="center" gap="3" mb={{ base: 5, md: 8 }}>
        <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
          Lagrede annonser
        </Heading>
        {count !== undefined && (
          <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" data-testid="saved-count" aria-label={`${count} lagrede annonser`}>
            {count}
          </Badge>
        )}
      </Flex>
      {children}
    </Container>
  );
}

function SavedListings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: items } = useSuspenseQuery(savedQuery(trpc));
  const remove = useMutation(
    trpc.savedListings.remove.mutationOptions({
      onSuccess: (_res, { listingId }) => {
        // Gone from the grid at once; the detail page's saved flag follows on its next look.
        queryClient.setQueryData(trpc.savedListings.list.queryKey(), (old) => old?.filter((l) => l.id !== listingId));
        void queryClient.invalidateQueries({ queryKey: trpc.savedListings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.listings.byId.queryKey({ id: listingId }) });
        toast('Fjernet', 'Annonsen er fjernet fra lagrede.');
      },
      onError: () => toastError('Feil', 'Kunne ikke fjerne annonsen. Prøv igjen.'),
    }),
  );

  return (
    <SavedShell count={items.length}>
      {items.length === 0 ? (
        <EmptyCard
          icon={<Heart />}
          color="brand.400"
          borderStyle="dashed"
          title="Ingen lagrede annonser"
          description="Trykk «Lagre annonse» på en bil du liker, så finner du den igjen her."
        >
          <Button asChild colorPalette="brand">
            <Link to="/annonser">Søk biler</Link>
          </Button>
        </EmptyCard>
      ) : (
        <ListingGrid>
          {items.map((l) => (
            <ListingCard
              key={l.id}
              listing={l}
              headingLevel="h2"
              note={<SavedNote listing={l} />}
              action={
                <Button
                  variant="outline"
                  size="sm"
                  w="full"
                  colorPalette="red"
                  loading={remove.isPending && remove.variables?.listingId === l.id}
                  onClick={() => remove.mutate({ listingId: l.id })}
                  aria-label={`Fjern ${l.make} ${l.model} fra lagrede`}
                >
                  <Trash2 size={14} aria-hidden /> Fjern
                </Button>
              }
            />
          ))}
        </ListingGrid>
      )}
    </SavedShell>
  );
}

/**
 * What changed since the listing was saved: sold, or a lower total price than when it was saved (shown while it stays
 * below it; docs/decisions/022-market-alerts.md).
 */
function SavedNote({ listing: l }: { listing: SavedListingCardShape }) {
  if (!l.sold && l.priceDroppedFrom === null) return null;
  return (
    <HStack gap="2" pt="2" wrap="wrap">
      {l.sold && (
        <Badge colorPalette="purple" variant="solid" data-testid="saved-sold">
          {SOLD_TEXTS.badge}
        </Badge>
      )}
      {l.priceDroppedFrom !== null && (
        <>
          <Badge colorPalette="green" variant="subtle" data-testid="price-dropped">
            <TrendingDown size={14} aria-hidden /> Prisen er satt ned
          </Badge>
          <Text as="s" fontSize="sm" color="fg.muted" aria-label={`Før ${formatPrice(l.priceDroppedFrom)}`}>
            {formatPrice(l.priceDroppedFrom)}
          </Text>
        </>
      )}
    </HStack>
  );
}
