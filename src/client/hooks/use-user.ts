import { useSuspenseQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc';
import { meQueryOptions } from './use-current-user';

// Apart from use-current-user.ts so the header (first load) does not pull in useSuspenseQuery.

/** The logged-in user on a page under the `_innlogget` guard, which renders its Outlet only when there is one. */
export function useUser() {
  const { data: user } = useSuspenseQuery(meQueryOptions(useTRPC()));
  if (!user) throw new Error('useUser() outside the _innlogget login guard');
  return user;
}
