import { createFileRoute } from '@tanstack/react-router';
import { AdminPanelError, AdminPanelPage, AdminPanelPending } from '../../components/admin/admin-panel';
import { tableParams, validateAdminSearch } from '../../components/admin/admin-search';

// docs/product/screens.md#admin: /admin?tab=all|pending|users|reports (default all). The all tab's sort, status filter, search
// and page live in the URL too, so a view can be shared and the back button works.
export const Route = createFileRoute('/admin/')({
  validateSearch: validateAdminSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'all', table: tableParams(search) }),
  loader: ({ context: { queryClient, trpc, user }, deps }) => {
    if (!user?.isAdmin) return;
    if (deps.tab === 'pending') return queryClient.ensureQueryData(trpc.admin.listings.pending.queryOptions());
    if (deps.tab === 'users') return queryClient.ensureQueryData(trpc.admin.users.list.queryOptions());
    if (deps.tab === 'reports') return queryClient.ensureQueryData(trpc.admin.reports.list.queryOptions());
    return queryClient.ensureQueryData(trpc.admin.listings.list.queryOptions(deps.table));
  },
  pendingComponent: AdminPanelPending,
  errorComponent: AdminPanelError,
  component: AdminPanelPage,
});
