import { Alert, Badge, Button, Container, EmptyState, Flex, Heading } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Heart, Trash2 } from 'lucide-react';
import { LoginRequired } from '../components/listing/login-required';
import { ListingCard, ListingGrid, ListingGridSkeleton } from '../components/listings/listing-card';
import { useCurrentUser } from '../hooks/use-current-user';
import { toast, toastError } from '../lib/toaster';
import { useTRPC } from '../trpc';

export const Route = createFileRoute('/lagrede-annonser')({ component: SavedListingsPage });

function SavedListingsPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <Container maxW="7xl" py={{ base: 6, md: 10 }}>
        <ListingGridSkeleton count={3} />
      </Container>
    );
  }
  if (!user) return <LoginRequired title="Logg inn påkrevd" description="Logg inn for å se annonsene du har lagret." />;
  return <SavedListings />;
}

function SavedListings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.savedListings.list.queryOptions(undefined, { staleTime: 0 }));
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
  const items = saved.data ?? [];

  return (
    <Container maxW="7xl" py={{ base: 6, md: 10 }}>
      <Flex align="center" gap="3" mb={{ base: 5, md: 8 }}>
        <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
          Lagrede annonser
        </Heading>
        {saved.data && (
          <Badge
            colorPalette="brand"
            variant="subtle"
            size="lg"
            rounded="full"
            data-testid="saved-count"
            aria-label={`${items.length} lagrede annonser`}
          >
            {items.length}
          </Badge>
        )}
      </Flex>

      {saved.isPending ? (
        <ListingGridSkeleton count={3} />
      ) : saved.isError ? (
        <Alert.Root status="error" rounded="xl">
          <Alert.Indicator />
          <Alert.Title>Kunne ikke hente lagrede annonser</Alert.Title>
          <Button size="sm" variant="outline" ms="auto" onClick={() => void saved.refetch()}>
            Prøv igjen
          </Button>
        </Alert.Root>
      ) : items.length === 0 ? (
        <EmptyState.Root bg="bg" rounded="xl" borderWidth="1px" borderStyle="dashed">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.400">
              <Heart />
            </EmptyState.Indicator>
            <EmptyState.Title>Ingen lagrede annonser</EmptyState.Title>
            <EmptyState.Description textAlign="center">
              Trykk «Lagre annonse» på en bil du liker, så finner du den igjen her.
            </EmptyState.Description>
            <Button asChild colorPalette="brand">
              <Link to="/annonser">Søk biler</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <ListingGrid>
          {items.map((l) => (
            <ListingCard
              key={l.id}
              listing={l}
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
    </Container>
  );
}
