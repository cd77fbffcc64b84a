import { createFileRoute } from '@tanstack/react-router';
import { InboxPage, InboxPageError, InboxPagePending } from '../../components/admin/inbox-page';
import { loadForAdmin } from '../../lib/guarded-loader';

// docs/product/screens.md#admin-messages: the contact messages sent from /kontakt, newest first.
export const Route = createFileRoute('/admin/messages')({
  loader: loadForAdmin((trpc) => trpc.admin.inbox.list.queryOptions({ kind: 'contact' })),
  pendingComponent: InboxPagePending,
  errorComponent: InboxPageError,
  component: MessagesPage,
});

function MessagesPage() {
  return <InboxPage kind="contact" />;
}
