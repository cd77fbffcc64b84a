import { startTransition, useEffect, useState, type ReactNode } from "react";

// What lies below the fold of the page a visit starts on is rendered after that page's first paint, in a transition
// (React renders it in slices and lets the browser paint and answer input in between), so the top of the page, and
// with it the Largest Contentful Paint, does not wait for it on a slow phone (docs/decisions/010-compression-and-bundle.md
// "First paint"). Later pages render everything at once: a page reached by a link or the back button must be whole
// at its first render, or scroll restoration would find it too short.

let firstLoadOver = false;

/**
 * A page the server rendered already holds everything: there is no first render to lighten, and the browser's first
 * render must show what the server's did. Called by the server's render and before the browser hydrates such a page.
 */
export function markServerRendered() {
  firstLoadOver = true;
}

/** `children` at once after the first page; on the first page, just after its first paint. */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(firstLoadOver);
  useEffect(() => {
    if (shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      firstLoadOver = true;
      startTransition(() => setShown(true));
    };
    // The frame after the next paint: requestAnimationFrame runs before it, the timeout after it. A tab opened in the
    // background paints no frames, so a plain timeout shows it all the same.
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(show);
    });
    timer = setTimeout(() => {
      cancelAnimationFrame(frame);
      show();
    }, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  return shown ? children : null;
}
