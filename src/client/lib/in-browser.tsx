import { startTransition, useEffect, useState, type ReactNode } from 'react';

// What only the browser renders (code the server does not load, a control that needs the page's scripts). A server
// snapshot in useSyncExternalStore (TanStack Router's ClientOnly) makes React render every such part again right after
// hydration, synchronously: on the listing page one of the longest tasks of its start-up. Here the part appears in a
// transition instead, which React renders in slices between which the browser can answer input
// (docs/decisions/010-compression-and-bundle.md "First paint").

/**
 * Whether this page has hydrated: parts mounted after that render at once. Set by the first part's effect, not read from
 * `<html data-hydrated>`: the root marks that when the shell commits, while a Suspense boundary may still be hydrating, and
 * a part hydrated there would then render what the server did not.
 */
let hydrated = false;

/** False in the server's render and in hydration; true from just after (in a transition), and at once later. */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!inBrowser) startTransition(() => setInBrowser(true));
  }, [inBrowser]);
  return inBrowser;
}

/** `children` in the browser (see useInBrowser), `fallback` in the server's render and in hydration. */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useInBrowser() ? children : fallback;
}
