import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toastError } from './toaster';

// Reading the server's answer out of a failed call. The server's errorFormatter puts the Norwegian message in
// `message` and a field → message map in `data.details` (docs/product/errors.md: "details name the fields").

interface ClientErrorLike {
  message?: unknown;
  data?: { details?: unknown; httpStatus?: number } | null;
  meta?: { response?: { status?: number }; responseJSON?: unknown };
}

export const RATE_LIMITED_MESSAGE = 'For mange forsøk. Vent litt og prøv igjen.';
const NETWORK = 'Fikk ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.';

/**
 * The text to show for a failed call (docs/product/errors.md): the server's message when there is one, `fallback` for an
 * Error without one, and 'Ukjent feil' for anything that is not an Error at all.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return 'Ukjent feil';
  const e = err as Error & ClientErrorLike;
  const json = e.meta?.responseJSON as { message?: unknown } | undefined;
  if (!e.data && json && typeof json === 'object' && typeof json.message === 'string') return json.message;
  if (e.message === 'Failed to fetch' || e.message === 'Load failed' || e.message === 'NetworkError when attempting to fetch resource.') {
    return NETWORK;
  }
  // A 429 carries the server's own sentence (how long to wait, docs/product/limits.md#rate-limits); the generic one is
  // only for an answer without a message.
  return e.message || (isRateLimited(e) ? RATE_LIMITED_MESSAGE : fallback);
}

/**
 * Whether the call was refused for too many attempts (429). The limiter runs inside tRPC, so the status arrives in
 * `data.httpStatus`; `meta` covers an answer made outside tRPC.
 */
export function isRateLimited(err: unknown): boolean {
  const e = err as ClientErrorLike | null;
  return (e?.data?.httpStatus ?? e?.meta?.response?.status) === 429;
}

/**
 * Field → message from a failed call, for showing server-side validation next to the field it names. The edit
 * input nests the form under `data`, so its keys ('data.price') are read as the form's own ('price').
 */
export function fieldErrors(err: unknown): Record<string, string> {
  const details = (err as ClientErrorLike | null)?.data?.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(details)) if (typeof value === 'string') out[key.replace(/^data\./, '')] = value;
  return out;
}

type ErrorForm<T extends FieldValues> = { getValues: () => T; setError: UseFormSetError<T> };

/** Puts fieldErrors(err) under the fields the form has (any other detail is left to the toast). */
export function applyFieldErrors<T extends FieldValues>(err: unknown, form: ErrorForm<T>) {
  const values = form.getValues();
  for (const [key, message] of Object.entries(fieldErrors(err))) {
    if (key in values) form.setError(key as Path<T>, { type: 'server', message }, { shouldFocus: false });
  }
}

/**
 * A form's `onError`: the fields the server names show their messages, and a toast titled `title` says the call
 * failed, with `describe(err)` under it (by default the server's message).
 */
export function formFailure<T extends FieldValues>(
  form: ErrorForm<T>,
  title: string,
  describe: (err: unknown) => string | undefined = (err) => errorMessage(err, title),
) {
  return (err: unknown) => {
    applyFieldErrors(err, form);
    toastError(title, describe(err));
  };
}
