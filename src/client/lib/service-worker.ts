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
      // This build's worker must not stay waiting behind another build's. It asks to skip waiting at install, but
      // Chromium can drop that activation (a request reaching the outgoing worker just as the new one moves on parks
      // the new one in 'waiting'): while this build's worker waits, ask it again every second, for up to a minute.
      const version = (w: ServiceWorker | null | undefined) => (w ? new URL(w.scriptURL).searchParams.get('v') : null);
      let tries = 0;
      const kick = () => {
        if (version(reg.waiting) === BUILD_VERSION) reg.waiting!.postMessage({ type: 'SKIP_WAITING' });
      };
      const watch = setInterval(() => {
        tries += 1;
        if (version(sw.controller) === BUILD_VERSION || (!reg.waiting && !reg.installing) || tries > 60) clearInterval(watch);
        else kick();
      }, 1000);
      kick();
      reg.installing?.addEventListener('statechange', kick);
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
