import { useCallback, useState } from 'react';

/**
 * Whether an `<img>` has already failed: it has finished, has no pixels, and has a source it tried (a lazy photo not
 * yet fetched has no `currentSrc`). A photo that failed before hydration attached `onError` has no error event left to
 * hear, so a component that swaps a broken photo for its placeholder also asks the element when it mounts.
 */
export function photoFailed(img: HTMLImageElement): boolean {
  return img.complete && img.naturalWidth === 0 && img.currentSrc !== '';
}

/** The photos (by URL) of a gallery that could not be loaded, and how to add one: unchanged when it is already there. */
export function useBrokenPhotos(): [ReadonlySet<string>, (url: string) => void] {
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const markBroken = useCallback((url: string) => setBroken((b) => (b.has(url) ? b : new Set(b).add(url))), []);
  return [broken, markBroken];
}
