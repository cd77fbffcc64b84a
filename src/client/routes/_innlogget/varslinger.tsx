import { createFileRoute } from '@tanstack/react-router';
import { NOTIFICATION_TEXTS } from '../../../shared/texts/notifications';
import { NotificationsError, NotificationsPage, NotificationsPending } from '../../components/notifications/notifications-page';
import { pageHead } from '../../components/layout/page-title';
import { loadForUser } from '../../lib/guarded-loader';

// docs/product/screens.md#varslinger. The page lives in components/notifications so the router's code splitting keeps
// it out of the first load; the loader is not split, so it imports the page's query when it runs (the page's chunk
// loads it anyway) and the texts come from the zod-free module (docs/decisions/010-compression-and-bundle.md).
export const Route = createFileRoute('/_innlogget/varslinger')({
  head: () => pageHead('Varslinger'),
  staticData: {
    loginRequired: {
      title: NOTIFICATION_TEXTS.loginRequired,
      description: 'Her samles henvendelser om bilene dine, nye chatter og svar på annonsene du har sendt til kontroll.',
    },
  },
  loader: loadForUser(async (trpc) => (await import('../../components/notifications/notifications-page')).notificationsQuery(trpc)),
  pendingComponent: NotificationsPending,
  errorComponent: NotificationsError,
  component: NotificationsPage,
});
