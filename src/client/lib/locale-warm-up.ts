/**
 * The first nb-NO formatter a page makes costs the browser a lookup of the locale's data, the longest single step of
 * a page's start-up after the code itself. Chromium keeps that data for the whole page process, so a worker that makes
 * the same formatters first takes the lookup off the main thread; the main thread's own formatters are then cheap
 * (docs/decisions/010-compression-and-bundle.md "Staged start"). Settles when the worker is done, fails, or after
 * `capMs`, whichever comes first: a browser without workers, or one that keeps its locale data per thread, only
 * loses the head start.
 */
export function warmLocaleData(capMs = 500): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker | undefined;
    const done = () => {
      clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    const timer = setTimeout(done, capMs);
    try {
      worker = new Worker(new URL('./locale-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = done;
    } catch {
      done();
    }
  });
}
