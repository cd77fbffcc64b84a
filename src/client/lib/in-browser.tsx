import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

// What only the browser renders (code the server does not load, a control that needs the page's scripts). A server
// snapshot in useSyncExternalStore (TanStack Router's ClientOnly) makes React render every such part again right after
// hydration, synchronously: on the listing page one of the longest tasks of its start-up. Here the part appears in a
// transition instead, which React renders in slices between which the browser can answer input
// (docs/decisions/010-compression-and-bundle.md "First paint").

const never = () => () => {};

/**
 * Whether React is hydrating this component: only hydration reads a store's server snapshot. Asked per component, not
 * of the page: the parts of a page are hydrated in turn (components/layout/in-turn.tsx), so one part may be hydrating
 * after another has rendered what the server did not. Its re-render once hydrated renders the same: `useInBrowser`
 * keeps what it first returned until its transition.
 */
const useHydrating = () => useSyncExternalStore(never, () => false, () => true);

/** False in the server's render and in hydration; true from just after (in a transition), and at once later. */
export function useInBrowser(): boolean {
  const hydrating = useHydrating();
  const [inBrowser, setInBrowser] = useState(!hydrating);
  useEffect(() => {
    if (!inBrowser) startTransition(() => setInBrowser(true));
  }, [inBrowser]);
  return inBrowser;
}

/** `children` in the browser (see useInBrowser), `fallback` in the server's render and in hydration. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useInBrowser() ? children : fallback;
}
