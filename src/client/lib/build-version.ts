/**
 * This build's version: the content hash in the file name of the chunk this module is bundled into (the entry,
 * `/assets/index-<hash>.js`), so it changes with every deploy that changes the client. It names the service worker
 * (`/sw.js?v=…`, its caches follow it) and busts the persisted query cache (docs/decisions/012-offline-and-caching.md).
 */
export const BUILD_VERSION = import.meta.env.PROD ? (/([^/]+)\.js$/.exec(new URL(import.meta.url).pathname)?.[1] ?? 'prod') : 'dev';
