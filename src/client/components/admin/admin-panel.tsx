import { Card, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { routeError } from '../../lib/route-retry';
import { ListingsTab } from './listings-tab';
import { PendingTab } from './pending-tab';
import { ReportsTab } from './reports-tab';
import { UsersTab } from './users-tab';

// /admin: the tab named by ?tab= (docs/product/screens.md#admin; default all).

const route = getRouteApi('/admin/');

export function AdminPanelPage() {
  const tab = route.useSearch({ select: (s) => s.tab ?? 'all' });
  if (tab === 'pending') return <PendingTab />;
  if (tab === 'users') return <UsersTab />;
  if (tab === 'reports') return <ReportsTab />;
  return <ListingsTab />;
}

export function AdminPanelPending() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Laster">
      <HStack justify="space-between">
        <Skeleton h="7" w="48" />
        <Skeleton h="9" w="72" />
      </HStack>
      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} h="8" />
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

export const AdminPanelError = routeError('Kunne ikke laste administrasjonssiden');
