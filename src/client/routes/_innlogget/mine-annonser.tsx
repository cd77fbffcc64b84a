import { createFileRoute } from '@tanstack/react-router';
import { MyListingsError, MyListingsPage, MyListingsPending } from '../../components/selling/my-listings';
import { pageHead } from '../../components/layout/page-title';
import { loadForUser } from '../../lib/guarded-loader';

// docs/product/screens.md /mine-annonser. The page lives in components/selling so the router's code splitting keeps it
// (and the Chakra parts it alone uses) out of the first load.
export const Route = createFileRoute('/_innlogget/mine-annonser')({
  head: () => pageHead('Mine annonser'),
  staticData: { loginRequired: { title: 'Logg inn påkrevd', description: 'Du må være logget inn for å se annonsene dine.' } },
  loader: loadForUser((trpc) => trpc.listings.mine.queryOptions()),
  pendingComponent: MyListingsPending,
  errorComponent: MyListingsError,
  component: MyListingsPage,
});
