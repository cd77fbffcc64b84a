import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useUser } from '../../hooks/use-user';
import { toast } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { FormPageShell } from './form-page';
import { ListingForm } from './listing-form';
import { EMPTY_FORM_VALUES, vehicleToFormValues } from './listing-values';
import { toastCreateError } from './save-errors';
import type { VehicleParam } from './vehicle-param';

/** docs/product/screens.md /ny-annonse: after success 'Annonse opprettet' and on to /mine-annonser. */
export function CreateListingPage({ vehicle }: { vehicle?: VehicleParam }) {
  const user = useUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(trpc.listings.create.mutationOptions());

  // The seller's own address and phone are the likely answers; registry data from the home page fills the car.
  const defaults = useMemo(
    () => ({ ...EMPTY_FORM_VALUES, address: user.address, contactPhone: user.phone, ...vehicleToFormValues(vehicle ?? {}) }),
    [user, vehicle],
  );

  return (
    <FormPageShell title="Opprett annonse" intro="Fyll inn opplysningene om bilen. Felt merket med * er obligatoriske. Annonsen blir synlig for kjøpere når den er godkjent.">
      <ListingForm
        key={JSON.stringify(vehicle ?? null)}
        mode="create"
        defaultValues={defaults}
        submitLabel="Opprett annonse"
        onSubmit={(data) => create.mutateAsync(data)}
        onSaved={() => {
          toast('Annonse opprettet', 'Annonsen er sendt til kontroll og blir synlig når den er godkjent.');
          void queryClient.invalidateQueries({ queryKey: trpc.listings.mine.queryKey() });
          void navigate({ to: '/mine-annonser' });
        }}
        onError={toastCreateError}
      />
    </FormPageShell>
  );
}
