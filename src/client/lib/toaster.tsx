import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

// Toasts (docs/product/errors.md texts, docs/product/limits.md one at a time for 5 s). The machinery behind them (toaster-view.tsx: Chakra's Toaster
// and @zag-js/toast, ≈ 17 KB brotli with the portal and the dismiss layer) is not needed to show a page, so it is not
// part of the first load: <Toaster /> mounts it at the visitor's first interaction (a pointer press or a key: toasts
// answer what a user did, and the view is there by the time the action has gone to the server and back), or at the
// first toast if that comes sooner (which then waits for it). A page that is only looked at never loads it
// (docs/decisions/010-compression-and-bundle.md).

type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';
export interface ToastRequest {
  title: string;
  description?: string;
  type: ToastType;
}

const ToasterView = lazy(() => import('./toaster-view'));

/** Shows a toast once the view is there; until then the newest request waits (it would replace any older one). */
let show: ((t: ToastRequest) => void) | undefined;
let waiting: ToastRequest | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** Called by the mounted view; answers its clean-up. */
export function attachToaster(fn: (t: ToastRequest) => void) {
  show = fn;
  if (waiting) fn(waiting);
  waiting = undefined;
  return () => {
    if (show === fn) show = undefined;
  };
}

/** toast('Annonse lagret') or toast('Feil', 'Kunne ikke …', 'error'). */
export function toast(title: string, description?: string, type: ToastType = 'success') {
  const request = { title, description, type };
  if (show) return show(request);
  waiting = request;
  mountView();
}
export const toastError = (title: string, description?: string) => toast(title, description, 'error');

function mountView() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  // No toast before hydration: the server's page and the browser's first render both have none.
  const needed = useSyncExternalStore(subscribe, () => wanted, () => false);
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const first = () => {
      mountView();
      for (const e of events) window.removeEventListener(e, first, true);
    };
    for (const e of events) window.addEventListener(e, first, { capture: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, first, true);
    };
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
