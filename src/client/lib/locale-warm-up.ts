/**
 * The first nb-NO formatter a page makes costs the browser a lookup of the locale's data, the longest single step of
 * a page's start-up after the code itself. Chromium keeps that data for the whole page process, so a worker that makes
 * the same formatters first takes the lookup off the main thread; the main thread's own formatters are then cheap
 * (docs/decisions/010-compression-and-bundle.md "Staged start"). Settles when the worker is done, fails, or after
 * `capMs`, whichever comes first: a browser without workers, or one that keeps its locale data per thread, only
 * loses the head start. The worker ends itself when it is done; it is not stopped here, since stopping one still
 * loading its script would leave that request cancelled halfway.
 */
export function warmLocaleData(capMs = 500): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, capMs);
    try {
      const worker = new Worker(new URL('./locale-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = done;
    } catch {
      done();
    }
  });
}
