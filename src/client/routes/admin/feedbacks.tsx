import { createFileRoute } from '@tanstack/react-router';
import { InboxPage, InboxPageError, InboxPagePending } from '../../components/admin/inbox-page';

// docs/product/screens.md#admin-feedbacks: the feedback sent from the site, newest first.
export const Route = createFileRoute('/admin/feedbacks')({
  loader: ({ context: { queryClient, trpc, user } }) =>
    user?.isAdmin ? queryClient.ensureQueryData(trpc.admin.inbox.list.queryOptions({ kind: 'feedback' })) : undefined,
  pendingComponent: InboxPagePending,
  errorComponent: InboxPageError,
  component: FeedbacksPage,
});

function FeedbacksPage() {
  return <InboxPage kind="feedback" />;
}
