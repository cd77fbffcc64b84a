// What a visitor was doing when the login dialog interrupted them ('Lagre annonse', 'Start chat'). The dialog reloads
// the page after a successful login (docs/product/screens.md#login-and-registration-dialog), so the action is kept in
// sessionStorage across that one reload and run once by the page it belongs to; a dialog closed without logging in
// forgets it.

export type PendingAction = { kind: 'save' | 'chat'; listingId: number };

const KEY = 'bp.afterLogin';
// Only the reload right after the login: an action found later (a tab restored days after) is dropped.
const MAX_AGE_MS = 60_000;

/** Keeps `action` for the page that loads after the reload. */
export function rememberAction(action: PendingAction) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...action, at: Date.now() }));
  } catch {
    // Storage off (private mode, quota): the action is lost as before, the login still works.
  }
}

/** The kept action if it is `kind` for `listingId`, removed so it runs once; else null (and nothing is removed). */
export function takeAction(kind: PendingAction['kind'], listingId: number): PendingAction | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: { kind?: unknown; listingId?: unknown; at?: unknown };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    sessionStorage.removeItem(KEY);
    return null;
  }
  if (typeof parsed.at !== 'number' || Date.now() - parsed.at > MAX_AGE_MS) {
    sessionStorage.removeItem(KEY);
    return null;
  }
  if (parsed.kind !== kind || parsed.listingId !== listingId) return null;
  sessionStorage.removeItem(KEY);
  return { kind, listingId };
}
