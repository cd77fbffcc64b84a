import { BUILD_VERSION } from './build-version';

/**
 * Registers public/sw.js for this build (docs/decisions/012-offline-and-caching.md). The script URL carries the build
 * version, so a deploy is a new worker: it installs, takes over every open tab at once and drops the old build's
 * caches. A tab running another build than the worker now in control then reloads once (its lazily loaded chunks may be gone from the server
 * and from the cache); a tab already on this build does not.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    const script = sw.controller?.scriptURL ?? '';
    if (reloading || !script || new URL(script).searchParams.get('v') === BUILD_VERSION) return;
    reloading = true;
    window.location.reload();
  });
  const register = async () => {
    try {
      await sw.register(`/sw.js?v=${encodeURIComponent(BUILD_VERSION)}`, { updateViaCache: 'none' });
      // The files of this first load came before the worker: hand it their list, so this page opens offline too.
      const reg = await sw.ready;
      const urls = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === window.location.origin && u.pathname.startsWith('/assets/'))
        .map((u) => u.pathname);
      reg.active?.postMessage({ type: 'CACHE_URLS', urls });
    } catch {
      /* no worker: the site works online as before */
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
