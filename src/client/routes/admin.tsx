import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../components/admin/admin-layout';
import { meQueryOptions } from '../hooks/use-current-user';

// docs/product/screens.md#admin: the panel's shell and its guard. The pages below get `user` in their loaders'
// context and fetch nothing for a non-admin (the server would refuse anyway, docs/product/permissions.md).
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context: { queryClient, trpc } }) => ({ user: await queryClient.ensureQueryData(meQueryOptions(trpc)) }),
  component: AdminLayout,
});
