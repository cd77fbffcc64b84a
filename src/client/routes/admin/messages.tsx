import { createFileRoute } from '@tanstack/react-router';
import { InboxPage, InboxPageError, InboxPagePending } from '../../components/admin/inbox-page';

// docs/product/screens.md#admin-messages: the contact messages sent from /kontakt, newest first.
export const Route = createFileRoute('/admin/messages')({
  loader: ({ context: { queryClient, trpc, user } }) =>
    user?.isAdmin ? queryClient.ensureQueryData(trpc.admin.inbox.list.queryOptions({ kind: 'contact' })) : undefined,
  pendingComponent: InboxPagePending,
  errorComponent: InboxPageError,
  component: MessagesPage,
});

function MessagesPage() {
  return <InboxPage kind="contact" />;
}
