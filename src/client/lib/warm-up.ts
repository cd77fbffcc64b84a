// Start-up warm-up (docs/product/api.md): `HEAD /api/listings?limit=1` and `HEAD /api/listings?limit=6`
// prime the server's listing caches for the searches that usually follow. They are sent once the page has loaded and
// the browser is idle, at low priority, so they never compete with what the first page needs (its scripts, its data,
// its largest image). Their answers are not read; a failure is ignored (the offline banner has its own check).
//
// No preconnect hints (docs/decisions/010-compression-and-bundle.md): the browser talks to our own origin only. The
// vehicle registry and the address service are called by our server, the site uses the system font stack (no font
// service), and the one outside host, the map on a listing page, is a lazy iframe far below the fold.

import { afterLoadWhenIdle } from './when-idle';

export const WARM_UP_URLS = ['/api/listings?limit=1', '/api/listings?limit=6'] as const;

function send() {
  for (const url of WARM_UP_URLS) {
    // `priority` is a hint browsers without it ignore (it is not in every TypeScript DOM library yet).
    void fetch(url, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store', priority: 'low' } as RequestInit).catch(() => {});
  }
}

/** Sends the warm-up requests after the page's load event, when the browser is idle (at most 3 s after it). */
export function warmUpAfterLoad() {
  afterLoadWhenIdle(send);
}
