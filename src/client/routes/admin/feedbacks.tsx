import { createFileRoute } from '@tanstack/react-router';
import { InboxPage, InboxPageError, InboxPagePending } from '../../components/admin/inbox-page';
import { loadForAdmin } from '../../lib/guarded-loader';

// docs/product/screens.md#admin-feedbacks: the feedback sent from the site, newest first.
export const Route = createFileRoute('/admin/feedbacks')({
  loader: loadForAdmin((trpc) => trpc.admin.inbox.list.queryOptions({ kind: 'feedback' })),
  pendingComponent: InboxPagePending,
  errorComponent: InboxPageError,
  component: FeedbacksPage,
});

function FeedbacksPage() {
  return <InboxPage kind="feedback" />;
}
