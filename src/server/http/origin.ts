/**
 * True when an Origin header names a site other than the one serving the request. A missing Origin is not foreign
 * (same-origin GETs, curl, API clients); browsers always send Origin on cross-site POST/PUT/PATCH/DELETE and on
 * websocket upgrades. `Origin: null` is foreign: browsers send it from sandboxed frames, `data:` and `file:` pages and
 * after some cross-site redirects, none of which is our own page (issue 20).
 */
export function isForeignOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host.toLowerCase() !== String(host ?? '').toLowerCase();
  } catch {
    return true;
  }
}
