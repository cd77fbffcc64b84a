import { createFileRoute } from '@tanstack/react-router';
import { EditListingPage } from '../components/listing/edit-listing-page';

// SPEC §2 /rediger-annonse/{id}. Code-split with this route.
export const Route = createFileRoute('/rediger-annonse/$id')({ component: EditListingRoute });

function EditListingRoute() {
  const { id } = Route.useParams();
  return <EditListingPage id={id} />;
}
