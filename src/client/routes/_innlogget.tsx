import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { LoginRequired } from '../components/selling/login-required';
import { meQueryOptions } from '../hooks/use-current-user';
import { useTRPC } from '../trpc';

// The one login guard for the pages that need a user (docs/product/states.md). It adds no path segment: a page under
// routes/_innlogget/ keeps its URL, gets `user` in its loader's context (loaders skip protected queries without
// one), and names its logged-out texts in `staticData.loginRequired`.
export const Route = createFileRoute('/_innlogget')({
  beforeLoad: async ({ context: { queryClient, trpc } }) => ({ user: await queryClient.ensureQueryData(meQueryOptions(trpc)) }),
  component: LoginGuard,
});

function LoginGuard() {
  const { data: user } = useSuspenseQuery(meQueryOptions(useTRPC()));
  const texts = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.loginRequired });
  if (!user) return <LoginRequired title="Logg inn påkrevd" {...texts} />;
  return <Outlet />;
}
