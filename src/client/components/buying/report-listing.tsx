import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { REPORT_TEXTS } from '../../../shared/texts/reports';
import { useCurrentUser } from '../../hooks/use-current-user';
import { ClientOnly } from '../../lib/in-browser';
import { useLoginDialog } from '../auth/login-dialog-context';
import { buttonLook, StaticButton } from '../static-button';

// The dialog (and the shared schema's words) load only when a logged-in buyer opens it.
const ReportDialog = lazy(() => import('./report-dialog'));

const reportLook = buttonLook({ variant: 'ghost', size: 'sm' }, { color: 'fg.muted', alignSelf: 'start' });

/**
 * 'Rapporter annonse' on /listing/{id} (docs/decisions/025-buyer-trust.md): a logged-in buyer picks a reason; a visitor
 * is asked to log in first, as for an inquiry. Not shown to the owner (the page leaves it out).
 */
export function ReportListing({ listingId }: { listingId: number }) {
  const { user } = useCurrentUser();
  const { openLogin } = useLoginDialog();
  const [open, setOpen] = useState(false);
  return (
    <ClientOnly>
      <StaticButton
        look={reportLook}
        data-testid="report-listing"
        onClick={() => (user ? setOpen(true) : openLogin())}
      >
        <Flag size={14} aria-hidden /> {REPORT_TEXTS.button}
      </StaticButton>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog listingId={listingId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ClientOnly>
  );
}
