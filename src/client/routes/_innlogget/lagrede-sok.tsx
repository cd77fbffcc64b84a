import { createFileRoute } from '@tanstack/react-router';
import { SAVED_SEARCH_TEXTS } from '../../../shared/texts/saved-searches';
import { pageHead } from '../../components/layout/page-title';
import { loadForUser } from '../../lib/guarded-loader';
import { SavedSearchesError, SavedSearchesPage, SavedSearchesPending } from '../../components/search/saved-searches-page';

// /lagrede-sok (docs/decisions/022-market-alerts.md): the user's saved searches with their new hits. The page lives in
// components/search so code splitting keeps it out of the first load; the texts come from the zod-free module.
export const Route = createFileRoute('/_innlogget/lagrede-sok')({
  head: () => pageHead(SAVED_SEARCH_TEXTS.title),
  staticData: { loginRequired: { title: 'Logg inn påkrevd', description: SAVED_SEARCH_TEXTS.loginRequired } },
  loader: loadForUser(async (trpc) => (await import('../../components/search/saved-searches-page')).savedSearchesQuery(trpc)),
  pendingComponent: SavedSearchesPending,
  errorComponent: SavedSearchesError,
  component: SavedSearchesPage,
});
