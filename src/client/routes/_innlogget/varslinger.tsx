import { createFileRoute } from '@tanstack/react-router';
import { NOTIFICATION_TEXTS } from '../../../shared/schemas/notification';
import { NotificationsError, NotificationsPage, NotificationsPending, notificationsQuery } from '../../components/notifications/notifications-page';
import { pageHead } from '../../components/layout/page-title';

// docs/product/screens.md#varslinger. The page lives in components/notifications so the router's code splitting keeps
// it out of the first load.
export const Route = createFileRoute('/_innlogget/varslinger')({
  head: () => pageHead('Varslinger'),
  staticData: {
    loginRequired: {
      title: NOTIFICATION_TEXTS.loginRequired,
      description: 'Her samles henvendelser om bilene dine, nye chatter og svar på annonsene du har sendt til kontroll.',
    },
  },
  loader: ({ context: { queryClient, trpc, user } }) => (user ? queryClient.ensureQueryData(notificationsQuery(trpc)) : undefined),
  pendingComponent: NotificationsPending,
  errorComponent: NotificationsError,
  component: NotificationsPage,
});
