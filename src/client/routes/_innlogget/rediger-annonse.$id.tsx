import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditListingError, EditListingNotFound, EditListingPage } from '../../components/selling/edit-listing-page';
import { listingId } from '../../components/selling/edit-query';
import { FormPageShell, FormSkeleton } from '../../components/selling/form-page';
import { pageHead } from '../../components/layout/page-title';

// docs/product/screens.md /rediger-annonse/{id}: the form prefilled, for the owner or an admin. A listing that does not
// exist or is someone else's reads as not found. Code-split with this route; the loader, which is not split, imports the
// query when it runs (docs/decisions/010-compression-and-bundle.md).
export const Route = createFileRoute('/_innlogget/rediger-annonse/$id')({
  head: () => pageHead('Rediger annonse'),
  staticData: { loginRequired: { title: 'Logg inn påkrevd', description: 'Du må være logget inn for å redigere annonser.' } },
  loader: async ({ context: { queryClient, trpc, user }, params }) => {
    if (!user) return;
    const edit = await import('../../components/selling/edit-query');
    const id = edit.listingId(params.id);
    if (!id) throw notFound();
    try {
      await queryClient.ensureQueryData(edit.forEditQuery(trpc, id));
    } catch (err) {
      if (edit.isMissingListing(err)) throw notFound();
      throw err;
    }
  },
  pendingComponent: () => (
    <FormPageShell title="Rediger annonse">
      <FormSkeleton />
    </FormPageShell>
  ),
  errorComponent: EditListingError,
  notFoundComponent: EditListingNotFound,
  component: EditListingRoute,
});

function EditListingRoute() {
  const { id } = Route.useParams();
  return <EditListingPage id={listingId(id)} />;
}
