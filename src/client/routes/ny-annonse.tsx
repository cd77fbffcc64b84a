import { createFileRoute } from '@tanstack/react-router';
import { parseVehicleParam, type VehicleParam } from '../components/listing/vehicle-param';
import { CreateListingPage } from '../components/listing/create-listing-page';

// SPEC §2 /ny-annonse. `vehicle` carries registry data from the home page's lookup ('Hent bildata automatisk')
// and prefills the form; it is checked here (a URL is user input) with a small validator that stays cheap in the
// main bundle. The page itself is code-split with this route.
export const Route = createFileRoute('/ny-annonse')({
  validateSearch: (search: Record<string, unknown>): { vehicle?: VehicleParam } => {
    const vehicle = parseVehicleParam(search.vehicle);
    return vehicle ? { vehicle } : {};
  },
  component: CreateListingRoute,
});

function CreateListingRoute() {
  const { vehicle } = Route.useSearch();
  return <CreateListingPage vehicle={vehicle} />;
}
