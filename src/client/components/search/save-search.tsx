import { BellPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { SAVED_SEARCH_TEXTS as T } from '../../../shared/texts/saved-searches';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useLoginDialog } from '../auth/login-dialog-context';
import { buttonLook, StaticButton } from '../static-button';
import type { ListingSearch } from './search-params';

// The dialog (Chakra's dialog and checkbox among its modules) loads only when a logged-in buyer opens it, so the search
// page's first load does not evaluate it.
const SaveSearchDialog = lazy(() => import('./save-search-dialog'));

const saveLook = buttonLook({ variant: 'outline', size: 'sm' }, { colorPalette: 'brand' });

// 'Lagre søk' on /annonser (docs/decisions/022-market-alerts.md): the current filters and text saved under a name,
// with e-mail alerts if chosen. A visitor gets the login dialog first.
export function SaveSearchButton({ search }: { search: ListingSearch }) {
  const { user } = useCurrentUser();
  const { openLogin } = useLoginDialog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <StaticButton look={saveLook} onClick={() => (user ? setOpen(true) : openLogin('login'))} data-testid="save-search">
        <BellPlus size={16} aria-hidden /> {T.save}
      </StaticButton>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog search={search} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

