import { createFileRoute } from '@tanstack/react-router';
import { parseVehicleParam, type VehicleParam } from '../../components/selling/vehicle-param';
import { CreateListingPage } from '../../components/selling/create-listing-page';
import { FormPageShell, FormSkeleton } from '../../components/selling/form-page';
import { pageHead } from '../../components/layout/page-title';

// docs/product/screens.md /ny-annonse. `vehicle` carries registry data from the home page's lookup ('Hent bildata
// automatisk') and prefills the form; it is checked here (a URL is user input) with a small validator that stays
// cheap in the main bundle. The page itself is code-split with this route.
export const Route = createFileRoute('/_innlogget/ny-annonse')({
  head: () => pageHead('Opprett annonse'),
  validateSearch: (search: Record<string, unknown>): { vehicle?: VehicleParam } => {
    const vehicle = parseVehicleParam(search.vehicle);
    return vehicle ? { vehicle } : {};
  },
  staticData: {
    loginRequired: {
      title: 'Logg inn for å opprette annonse',
      description: 'Du må ha en konto for å selge bil på Bilpartner.no. Det tar under ett minutt.',
    },
  },
  pendingComponent: () => (
    <FormPageShell title="Opprett annonse">
      <FormSkeleton />
    </FormPageShell>
  ),
  component: CreateListingRoute,
});

function CreateListingRoute() {
  const { vehicle } = Route.useSearch();
  return <CreateListingPage vehicle={vehicle} />;
}
