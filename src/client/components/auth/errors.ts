// Reading the server's answer out of a failed call. The server's errorFormatter puts the Norwegian message in
// `message` and a field → message map in `data.details` (api-contract.md: "details name the fields").

interface ClientErrorLike {
  message?: unknown;
  data?: { details?: unknown; httpStatus?: number } | null;
  meta?: { response?: { status?: number }; responseJSON?: unknown };
}

const RATE_LIMITED = 'For mange forsøk. Vent litt og prøv igjen.';
const NETWORK = 'Fikk ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.';

/**
 * The text to show for a failed call (SPEC §8): the server's message when there is one, `fallback` for an
 * Error without one, and 'Ukjent feil' for anything that is not an Error at all.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return 'Ukjent feil';
  const e = err as Error & ClientErrorLike;
  // Answers that are not tRPC-shaped (the rate limiter, a proxy) carry the status on meta.
  const status = e.data?.httpStatus ?? e.meta?.response?.status;
  if (status === 429) return RATE_LIMITED;
  const json = e.meta?.responseJSON as { message?: unknown } | undefined;
  if (!e.data && json && typeof json === 'object' && typeof json.message === 'string') return json.message;
  if (e.message === 'Failed to fetch' || e.message === 'Load failed' || e.message === 'NetworkError when attempting to fetch resource.') {
    return NETWORK;
  }
  return e.message || fallback;
}

/** Field → message from a failed call, for showing server-side validation next to the field it names. */
export function fieldErrors(err: unknown): Record<string, string> {
  const details = (err as ClientErrorLike | null)?.data?.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(details)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** Applies fieldErrors(err) to the fields a form has; answers whether any landed. */
export function applyFieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): boolean {
  let any = false;
  for (const [key, message] of Object.entries(fieldErrors(err))) {
    if ((fields as readonly string[]).includes(key)) {
      setError(key as F, { type: 'server', message });
      any = true;
    }
  }
  return any;
}
