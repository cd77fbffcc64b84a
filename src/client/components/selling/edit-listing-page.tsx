import { Button, Container } from '@chakra-ui/react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { useCurrentUser } from '../../hooks/use-current-user';
import { toast } from '../../lib/toaster';
import { RouteErrorAlert } from '../../lib/route-retry';
import { useTRPC } from '../../trpc';
import { forEditQuery } from './edit-query';
import { FormPageShell } from './form-page';
import { ListingForm } from './listing-form';
import { listingToFormValues } from './listing-values';
import { reviewNotices, ReviewNotices } from '../buying/review-status';
import { reviewBaselineOf } from './review-changes';
import { toastUpdateError } from './save-errors';
import { EmptyCard } from '../empty-card';

/** docs/product/screens.md /rediger-annonse/{id}: the form prefilled, for the owner or an admin. */
export function EditListingPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: listing } = useSuspenseQuery(forEditQuery(trpc, id));
  const update = useMutation(trpc.listings.update.mutationOptions());
  const { user } = useCurrentUser();
  // The owner's changes to a reviewed listing may wait for review; an admin's apply at once (docs/decisions/007-pending-revisions.md).
  const isOwner = user?.id === listing.userId && !user.isAdmin;
  const notices = reviewNotices(listing, isOwner ? 'owner' : 'admin', 'form');

  return (
    <FormPageShell title="Rediger annonse" intro={`${listing.make} ${listing.model} (${listing.year}) · ${listing.uniqueCode}`}>
      <ReviewNotices notices={notices} mb={{ base: 4, md: 6 }} />
      <ListingForm
        reviewBaseline={isOwner ? reviewBaselineOf(listing) : null}
        key={listing.id}
        mode="edit"
        defaultValues={listingToFormValues(listing)}
        initialPhotos={listing.imageDetails.map((i) => ({ url: i.url, thumbUrl: i.thumbUrl }))}
        submitLabel="Lagre endringer"
        onSubmit={(data) => update.mutateAsync({ id, data })}
        onSaved={() => {
          toast('Annonse oppdatert', 'Endringene er lagret.');
          void queryClient.invalidateQueries({ queryKey: trpc.listings.pathKey() });
          void navigate({ to: '/mine-annonser' });
        }}
        onError={toastUpdateError}
      />
    </FormPageShell>
  );
}

export function EditListingError({ error }: ErrorComponentProps) {
  return (
    <FormPageShell title="Rediger annonse">
      <RouteErrorAlert title="Kunne ikke hente annonsen" error={error} />
    </FormPageShell>
  );
}

export function EditListingNotFound() {
  return (
    <Container maxW="2xl" py={{ base: 12, md: 20 }}>
      <EmptyCard icon={<SearchX />} titleAs="h1" title="Annonse ikke funnet" description="Annonsen eksisterer ikke eller du har ikke tilgang til den.">
        <Button asChild colorPalette="brand" variant="outline">
          <Link to="/mine-annonser">Til mine annonser</Link>
        </Button>
      </EmptyCard>
    </Container>
  );
}
