import { BUILD_VERSION } from './build-version';

/**
 * Registers public/sw.js for this build (docs/decisions/012-offline-and-caching.md). The script URL carries the build
 * version, so a deploy is a new worker: it installs, takes over every open tab at once and drops the old build's
 * caches. A tab running another build than the worker now in control then reloads once (its lazily loaded chunks
 * may be gone from the server and from the cache); a tab already on this build does not.
 */
export function registerServiceWorker() {
  // Production only: the dev server's files are not a build (no version, no /assets/), and a worker would keep them.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  let reloading = false;
  // A chunk in flight while the worker takes control is in neither list: each file is also sent as it finishes
  // (the worker skips what it has, so files it served itself cost a cache look-up).
  new PerformanceObserver((list) => sendLoadedFiles(list.getEntries())).observe({ type: 'resource' });
  sw.addEventListener('controllerchange', () => {
    const script = sw.controller?.scriptURL ?? '';
    if (reloading || !script) return;
    if (new URL(script).searchParams.get('v') !== BUILD_VERSION) {
      reloading = true;
      window.location.reload();
      return;
    }
    sendLoadedFiles();
  });
  const register = async () => {
    try {
      const reg = await sw.register(`/sw.js?v=${encodeURIComponent(BUILD_VERSION)}`, { updateViaCache: 'none' });
      // A browser that blocks workers may answer with no registration (Playwright's serviceWorkers: 'block' does).
      if (!(reg as ServiceWorkerRegistration | undefined)) return;
      // This build's worker must not stay waiting behind another build's. It asks to skip waiting at install, and
      // Chromium then activates it once the outgoing worker has no work. But Chromium decides that only when it is
      // asked again (a navigation, a first skip-waiting request): if a request of this page reaches the outgoing worker
      // while it is being stopped for the take-over, the outgoing worker starts again, forgets it was to go, and the
      // new one stays 'waiting' until the old one has idled for 30 s (5 minutes with DevTools attached). So while this
      // build's worker waits, ask again every 2 s for up to a minute: a navigation of a hidden frame to /sw-activate
      // (answered 204, so nothing loads) makes Chromium re-check the registration and tell the outgoing worker to go
      // as soon as it is idle. Decision 012 tells the story.
      const version = (w: ServiceWorker | null | undefined) => (w ? new URL(w.scriptURL).searchParams.get('v') : null);
      let tries = 0;
      const watch = setInterval(() => {
        tries += 1;
        if (version(sw.controller) === BUILD_VERSION || (!reg.waiting && !reg.installing) || tries > 30) clearInterval(watch);
        else if (version(reg.waiting) === BUILD_VERSION && navigator.onLine) nudgeActivation();
      }, 2000);
      await sw.ready;
      sendLoadedFiles();
    } catch {
      /* no worker: the site works online as before */
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * A throwaway navigation in the worker's scope: the browser looks at the registration again for it, which activates
 * a waiting worker that skipped waiting as soon as the outgoing one is idle. The frame is hidden and removed at once
 * after its answer (204: the navigation commits nothing).
 */
function nudgeActivation() {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.src = '/sw-activate';
  document.body.append(frame);
  setTimeout(() => frame.remove(), 1000);
}

/**
 * The files of this first load came before the worker controlled the page: hand it their list, so this page opens
 * offline too. Sent when the worker is ready and again when it takes control (a chunk loaded in between, e.g. the
 * toasts' at idle, would be missed otherwise); the worker skips what it has. Nothing is sent while no worker of this
 * build controls the page.
 */
function sendLoadedFiles(entries: PerformanceEntryList = performance.getEntriesByType('resource')) {
  const worker = navigator.serviceWorker.controller;
  // Only to this build's worker: another build's would store them in a cache about to go, and each message keeps it
  // busy, which holds back the activation of this build's worker.
  if (!worker || new URL(worker.scriptURL).searchParams.get('v') !== BUILD_VERSION) return;
  const urls = entries
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === window.location.origin && u.pathname.startsWith('/assets/'))
    .map((u) => u.pathname);
  if (urls.length === 0) return;
  worker.postMessage({ type: 'CACHE_URLS', urls: [...new Set(urls)] });
}
