/**
 * This build's version: the file name of the entry script that index.html loads (`/assets/index-<hash>.js`; Vite puts
 * the content hash of the entry and, through the file names it imports, of the chunks it reaches into it), so it
 * changes with every deploy that changes the client. It names the service worker (`/sw.js?v=…`, its caches follow
 * it) and busts the persisted query cache (docs/decisions/012-offline-and-caching.md).
 */
function entryScriptName() {
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src;
  return src ? /([^/]+)\.js$/.exec(new URL(src).pathname)?.[1] : undefined;
}

export const BUILD_VERSION = import.meta.env.PROD ? (entryScriptName() ?? 'prod') : 'dev';
