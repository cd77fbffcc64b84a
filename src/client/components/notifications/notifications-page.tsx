import { Badge, Button, Container, Flex, Heading } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { NOTIFICATION_TEXTS } from '../../../shared/schemas/notification';
import { routeError } from '../../lib/route-retry';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyCard } from '../empty-card';
import { useTRPC, type TRPCOptions } from '../../trpc';
import { NotificationCard, NotificationCardSkeleton, NotificationList } from './notification-card';
import { useNotificationActions } from './use-notification-actions';

// docs/product/screens.md#varslinger. The list is the same `notifications.list` cache the header badge counts and the
// live subscription (realtime/live-updates.tsx) puts new notifications into, so one that arrives shows here at once.

export const notificationsQuery = (trpc: TRPCOptions) => trpc.notifications.list.queryOptions();

/** The ages ('Akkurat nå', '3 t siden') move on while the page stays open. */
function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function NotificationsPage() {
  const trpc = useTRPC();
  const { data: notifications } = useSuspenseQuery(notificationsQuery(trpc));
  const { markRead, markReadQuietly, remove, markAllRead, removeAll } = useNotificationActions();
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const now = useNow();
  // What was there when the page opened does not animate; what arrives afterwards eases in.
  const [initialIds] = useState(() => new Set(notifications.map((n) => n.id)));
  const unread = notifications.filter((n) => !n.read).length;

  return (
    <NotificationsShell unread={unread}>
      {notifications.length === 0 ? (
        <EmptyCard
          icon={<BellOff />}
          borderStyle="dashed"
          titleAs="h2"
          title={NOTIFICATION_TEXTS.empty}
          descriptionMaxW="md"
          description="Her får du beskjed når en kjøper tar kontakt om bilen din, og når annonsene dine blir godkjent eller avvist."
        />
      ) : (
        <>
          <NotificationList>
            {notifications.map((n) => (
              <NotificationCard
                key={n.id}
                notification={n}
                now={now}
                fresh={!initialIds.has(n.id)}
                markingRead={markRead.isPending && markRead.variables?.id === n.id}
                onMarkRead={() => markRead.mutate({ id: n.id })}
                onDelete={() => remove.mutate({ id: n.id })}
                onOpen={() => {
                  if (!n.read) markReadQuietly.mutate({ id: n.id });
                }}
              />
            ))}
          </NotificationList>

          <Flex
            mt="6"
            pt="5"
            borderTopWidth="1px"
            gap="3"
            direction={{ base: 'column-reverse', sm: 'row' }}
            justify="flex-end"
            align={{ base: 'stretch', sm: 'center' }}
          >
            <Button variant="outline" colorPalette="red" onClick={() => setConfirmDeleteAll(true)}>
              <Trash2 size={16} aria-hidden /> {NOTIFICATION_TEXTS.deleteAll}
            </Button>
            <Button colorPalette="brand" disabled={unread === 0} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
              <CheckCheck size={16} aria-hidden /> {NOTIFICATION_TEXTS.markAllRead}
            </Button>
          </Flex>
        </>
      )}

      <DeleteAllDialog
        open={confirmDeleteAll}
        count={notifications.length}
        onClose={() => setConfirmDeleteAll(false)}
        onConfirm={() => {
          setConfirmDeleteAll(false);
          removeAll.mutate();
        }}
      />
    </NotificationsShell>
  );
}

export function NotificationsPending() {
  return (
    <NotificationsShell>
      <NotificationList busy>
        {[0, 1, 2].map((i) => (
          <NotificationCardSkeleton key={i} />
        ))}
      </NotificationList>
    </NotificationsShell>
  );
}

export const NotificationsError = routeError('Kunne ikke hente varslinger', NotificationsShell);

/** The heading, with how many are unread once the list is known, around each state of the page. */
function NotificationsShell({ unread, children }: { unread?: number; children: ReactNode }) {
  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }}>
      <Flex align="center" gap="3" mb={{ base: 5, md: 8 }} wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {NOTIFICATION_TEXTS.title}
        </Heading>
        {unread !== undefined && unread > 0 && (
          <Badge colorPalette="brand" variant="solid" size="lg" rounded="full" data-testid="unread-count">
            {unread} {unread === 1 ? 'ulest' : 'uleste'}
          </Badge>
        )}
      </Flex>
      {children}
    </Container>
  );
}

function DeleteAllDialog({ open, count, onClose, onConfirm }: { open: boolean; count: number; onClose: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title={`${NOTIFICATION_TEXTS.deleteAll}?`}
      confirmLabel={
        <>
          <Trash2 size={16} aria-hidden /> Slett alle
        </>
      }
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {count === 1 ? 'Varslingen' : `Alle ${count} varslingene`} blir slettet. Dette kan ikke angres.
    </ConfirmDialog>
  );
}
