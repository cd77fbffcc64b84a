import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PendingAction } from './pending-action';

interface LoginDialogState {
  /**
   * Opens the login/register dialog; `tab` picks the starting tab. After success the page reloads
   * (docs/product/screens.md); `after` is the action the visitor started, run once by the reloaded page (pending-action.ts).
   */
  openLogin: (tab?: 'login' | 'register', after?: PendingAction) => void;
}

const LoginDialogContext = createContext<LoginDialogState | null>(null);
// The dialog (forms, address autocomplete) loads only when first opened, keeping first-load JS small.
const LoginDialog = lazy(() => import('./login-dialog'));

export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'login' | 'register'>('login');
  const [mounted, setMounted] = useState(false);
  const [after, setAfter] = useState<PendingAction | undefined>();
  const openLogin = useCallback((t: 'login' | 'register' = 'login', action?: PendingAction) => {
    setTab(t);
    setAfter(action);
    setMounted(true);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openLogin }), [openLogin]);
  return (
    <LoginDialogContext.Provider value={value}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} initialTab={tab} after={after} />
        </Suspense>
      )}
    </LoginDialogContext.Provider>
  );
}

export function useLoginDialog(): LoginDialogState {
  const ctx = useContext(LoginDialogContext);
  if (!ctx) throw new Error('useLoginDialog outside LoginDialogProvider');
  return ctx;
}
