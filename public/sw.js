// SPEC §7 registers a service worker from /sw.js. It deliberately caches nothing yet: serving stale HTML or
// API answers from a worker is worse than no offline mode. It only takes control so later versions can.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
