import { Alert, Button, Container, EmptyState, VStack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { isTRPCClientError } from '@trpc/client';
import { SearchX } from 'lucide-react';
import { useCurrentUser } from '../../hooks/use-current-user';
import { toast } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { FormSkeleton } from './form-skeleton';
import { FormPageShell, ListingForm, listingToFormValues } from './listing-form';
import { LoginRequired } from './login-required';
import { toastUpdateError } from './save-errors';

const isMissing = (err: unknown) => isTRPCClientError(err) && ['NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST'].includes(String(err.data?.code));

/** SPEC §2 /rediger-annonse/{id}: the form prefilled, for the owner or an admin. */
export function EditListingPage({ id }: { id: string }) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const numericId = Number(id);
  const validId = Number.isInteger(numericId) && numericId > 0;
  const listing = useQuery(
    trpc.listings.forEdit.queryOptions(
      { id: numericId },
      {
        enabled: !!user && validId,
        // Edit what is stored now, not a copy from minutes ago.
        staleTime: 0,
        retry: (n, err) => !isMissing(err) && n < 1,
      },
    ),
  );
  const update = useMutation(trpc.listings.update.mutationOptions());

  if (!userLoading && !user) return <LoginRequired title="Logg inn påkrevd" description="Du må være logget inn for å redigere annonser." />;

  if (!validId || (listing.isError && isMissing(listing.error))) {
    return (
      <Container maxW="2xl" py={{ base: 12, md: 20 }}>
        <EmptyState.Root bg="bg" rounded="l3" borderWidth="1px">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <SearchX />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h1" textStyle="xl">
                Annonse ikke funnet
              </EmptyState.Title>
              <EmptyState.Description>Annonsen eksisterer ikke eller du har ikke tilgang til den.</EmptyState.Description>
            </VStack>
            <Button asChild colorPalette="brand" variant="outline">
              <Link to="/mine-annonser">Til mine annonser</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Container>
    );
  }

  return (
    <FormPageShell title="Rediger annonse" intro={listing.data ? `${listing.data.make} ${listing.data.model} (${listing.data.year}) · ${listing.data.uniqueCode}` : undefined}>
      {listing.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Kunne ikke hente annonsen</Alert.Title>
            <Alert.Description>{listing.error.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => listing.refetch()}>
            Prøv igjen
          </Button>
        </Alert.Root>
      ) : !listing.data ? (
        <FormSkeleton />
      ) : (
        <ListingForm
          key={listing.data.id}
          mode="edit"
          defaultValues={listingToFormValues(listing.data)}
          initialPhotos={listing.data.imageDetails.map((i) => ({ url: i.url, thumbUrl: i.thumbUrl }))}
          submitLabel="Lagre endringer"
          onSubmit={(data) => update.mutateAsync({ id: numericId, data })}
          onSaved={() => {
            toast('Annonse oppdatert', 'Endringene er lagret.');
            void queryClient.invalidateQueries({ queryKey: trpc.listings.pathKey() });
            void navigate({ to: '/mine-annonser' });
          }}
          onError={toastUpdateError}
        />
      )}
    </FormPageShell>
  );
}
