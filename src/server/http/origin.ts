/**
 * True when an Origin header names a site other than the one serving the request. A missing or "null"
 * origin is not foreign (same-origin GETs, curl, tests); browsers always send Origin on cross-site
 * POST/PUT/PATCH/DELETE and on websocket upgrades.
 */
export function isForeignOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() !== String(host ?? '').toLowerCase();
  } catch {
    return true;
  }
}
