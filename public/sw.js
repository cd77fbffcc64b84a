// Bilpartner.no service worker (docs/decisions/012-offline-and-caching.md).
//
// main.tsx registers it as /sw.js?v=<build>, where <build> is the content hash of the entry script: every deploy
// changes the script URL, so the browser installs the new worker, which takes over at once (skipWaiting +
// clients.claim) and deletes the caches of older builds. The page reloads once when a new worker takes control.
//
// What it caches:
// - the app shell: /index.html (the plain page the browser renders, with nobody's data in it) and the scripts and
//   styles it names, fetched at install without cookies; every other built file (/assets/*, content-hashed,
//   immutable) the first time it is loaded. Pages are network-first and never stored: a server-rendered page may name
//   the logged-in user (docs/decisions/019-server-rendering.md), and a page kept here could be shown to the next person
//   on the device. Offline, every address gets the cached shell, which the client renders from its persisted listings,
//   and shows 'Du er frakoblet' (src/client/lib/offline-banner.tsx).
// - listing photos (/uploads/*): cache-first, at most PHOTO_LIMIT photos and PHOTO_BYTES bytes, the oldest stored
//   dropped first.
// Never: /api/*, /trpc/* and anything that is not a GET. Answers that depend on the session go to the network every
// time; the listings a visitor saw survive offline in the client's own persisted query cache
// (src/client/lib/persisted-queries.ts, TanStack Query's persister), not here.

const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const SHELL_CACHE = `bp-shell-${VERSION}`;
const PHOTO_CACHE = 'bp-photos-v1';
const PHOTO_LIMIT = 200;
const PHOTO_BYTES = 30 * 1024 * 1024;
const SHELL_URL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('bp-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

/** index.html and the files it links (entry script, its preloaded chunks, styles, icon, manifest). */
async function precacheShell() {
  const res = await fetch(SHELL_URL, { cache: 'no-cache', credentials: 'omit' });
  const html = res.ok ? await keepShell(res) : null;
  if (!html) return;
  const cache = await caches.open(SHELL_CACHE);
  const urls = new Set();
  for (const m of html.matchAll(/\s(?:src|href)="(\/[^"]+)"/g)) {
    if (m[1].startsWith('/assets/') || /^\/[^/]+\.(?:svg|png|webmanifest)$/.test(m[1])) urls.add(m[1]);
  }
  // One missing file must not leave the worker uninstalled: the rest is cached as it is loaded.
  await Promise.all([...urls].map((url) => cache.add(url).catch(() => {})));
}

// The page's own first load happened before this worker controlled it: main.tsx sends the built files it loaded then
// (Workbox's CACHE_URLS message), so the page just seen opens offline too. Later chunks are cached as they load.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'CACHE_URLS' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && u.startsWith('/assets/'));
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) =>
      Promise.all(urls.map(async (url) => (await cache.match(url)) || cache.add(url).catch(() => {}))),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const p = url.pathname;
  // Network only; /sw-activate is the take-over nudge (src/client/lib/service-worker.ts), never the cached shell.
  if (p.startsWith('/api/') || p === '/api' || p.startsWith('/trpc') || p === '/sw.js' || p === '/sw-activate') return;
  if (req.mode === 'navigate') return event.respondWith(page(req));
  if (p.startsWith('/assets/')) return event.respondWith(cacheFirst(req, SHELL_CACHE));
  if (p.startsWith('/uploads/')) return event.respondWith(photo(event));
  if (/^\/[^/]+\.(?:svg|png|webmanifest|txt)$/.test(p)) return event.respondWith(networkFirst(req, SHELL_CACHE));
});

/**
 * Keeps a page as the shell if it is this worker's build (it loads the entry script the worker is named after, `v`):
 * the server may already run a newer build, whose page would name files this worker does not hold. Reads the answer's
 * body once (a copy left unread could hold the fetch open); returns the page's text if kept.
 */
async function keepShell(res) {
  const html = await res.text();
  if (!html.includes(`/assets/${VERSION}.js`)) return null;
  // The text is decoded: the stored copy must not claim the network's encoding or length.
  const headers = new Headers(res.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  await (await caches.open(SHELL_CACHE)).put(SHELL_URL, new Response(html, { status: res.status, statusText: res.statusText, headers }));
  return html;
}

/** Network first, so a deploy or a changed page is seen at once; offline, the cached shell (the client routes). */
async function page(req) {
  try {
    return await fetch(req);
  } catch (err) {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(req, cacheName) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) cache.put(req, res.clone());
  return res;
}

async function networkFirst(req, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const res = await fetch(req);
    if (res.ok) cache.put(req, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(req);
    if (hit) return hit;
    throw err;
  }
}

/**
 * Photos never change under one address: cache-first, bounded to PHOTO_LIMIT photos and PHOTO_BYTES bytes, the oldest
 * stored dropped first (cache.keys() lists in insertion order). Stores and trims run one at a time, after the answer
 * is handed on; the sizes are re-read from the cache's own list each time (an older worker may still have stored some
 * during a take-over), each looked up once.
 */
async function photo(event) {
  const req = event.request;
  const cache = await caches.open(PHOTO_CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok && res.type === 'basic') {
    const copy = res.clone();
    photoQueue = photoQueue.then(() => storePhoto(cache, req, copy)).catch(() => {});
    event.waitUntil(photoQueue);
  }
  return res;
}

let photoQueue = Promise.resolve();
/** url → bytes of the photos this worker has seen in the cache. */
const photoSizes = new Map();

async function storePhoto(cache, req, res) {
  await cache.put(req, res);
  const keys = await cache.keys();
  const sizes = await Promise.all(
    keys.map(async (k) => {
      if (!photoSizes.has(k.url)) photoSizes.set(k.url, await storedSize(cache, k));
      return photoSizes.get(k.url);
    }),
  );
  let count = keys.length;
  let bytes = sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; i < keys.length && (count > PHOTO_LIMIT || bytes > PHOTO_BYTES); i += 1) {
    await cache.delete(keys[i]);
    photoSizes.delete(keys[i].url);
    count -= 1;
    bytes -= sizes[i];
  }
}

/** A stored photo's bytes: its Content-Length (static files have one), else its body's size. */
async function storedSize(cache, key) {
  const stored = await cache.match(key);
  if (!stored) return 0;
  return Number(stored.headers.get('content-length')) || (await stored.blob()).size;
}
