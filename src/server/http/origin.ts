/**
 * True when an Origin header names a site other than the one serving the request. A missing Origin is not foreign
 * (same-origin GETs, curl, API clients); browsers always send Origin on cross-site POST/PUT/PATCH/DELETE and on
 * websocket upgrades. `Origin: null` is foreign: browsers send it from sandboxed frames, `data:` and `file:` pages and
 * after some cross-site redirects, none of which is our own page
 * (docs/product/api.md#conventions).
 *
 * With PUBLIC_URL set, the site is that origin (scheme, host and port), whatever Host a proxy passes on: a proxy that
 * drops the port from Host would otherwise make every call of our own pages foreign. Unset, the Origin's host and port
 * must be the request's Host.
 */
export function isForeignOrigin(origin: string | undefined, host: string | undefined, publicUrl?: string): boolean {
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    const url = new URL(origin);
    if (publicUrl) return url.origin !== publicUrl;
    return url.host.toLowerCase() !== String(host ?? '').toLowerCase();
  } catch {
    return true;
  }
}
