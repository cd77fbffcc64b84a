import { isTRPCClientError } from '@trpc/client';
import type { FieldErrors } from 'react-hook-form';
import {
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPE_TITLE,
  LISTING_PRICE_MESSAGE,
  LISTING_PRICE_TITLE,
  LISTING_REQUIRED_MESSAGE,
  LISTING_REQUIRED_TITLE,
} from '../../../shared/schemas/listing';
import { toastError } from '../../lib/toaster';
import type { ListingFormValues } from './listing-values';

// The toasts of a failed save (docs/product/errors.md#create-listing, "Owner toasts"): the form's own check, then the server's.

/** The docs/product/validation.md, docs/product/errors.md toast for a failed client check: missing required first, then price, then the first message. */
export function toastInvalidForm(errors: FieldErrors<ListingFormValues>) {
  const messages = Object.values(errors).map((e) => e?.message);
  if (messages.includes(LISTING_REQUIRED_MESSAGE)) return toastError(LISTING_REQUIRED_TITLE, LISTING_REQUIRED_MESSAGE);
  if (errors.price) return toastError(LISTING_PRICE_TITLE, LISTING_PRICE_MESSAGE);
  toastError('Ugyldig informasjon', messages.find((m) => m) ?? 'Sjekk feltene som er markert.');
}

const KNOWN_TITLES: Record<string, string> = {
  [LISTING_REQUIRED_MESSAGE]: LISTING_REQUIRED_TITLE,
  [LISTING_PRICE_MESSAGE]: LISTING_PRICE_TITLE,
  [IMAGE_TYPE_MESSAGE]: IMAGE_TYPE_TITLE,
};

interface ServerError {
  code?: string;
  message: string;
  details: string;
}

/** The server's answer, when there was one (a network failure has no `data`). */
function serverError(err: unknown): ServerError | null {
  if (!isTRPCClientError(err) || !err.data) return null;
  const data = err.data as { code?: string; details?: unknown };
  let details = '';
  if (typeof data.details === 'string') details = data.details;
  else if (data.details && typeof data.details === 'object') {
    const texts = Object.values(data.details as Record<string, unknown>).filter((v): v is string => typeof v === 'string');
    details = [...new Set(texts)].filter((t) => t !== err.message).join(' ');
  }
  return { code: data.code, message: err.message, details };
}

/**
 * docs/product/errors.md Create listing: the server's message is the title, with details (or the message) as the text; not
 * logged in gives 'Ikke pålogget'; the documented own validation messages keep the documented titles; anything else
 * (no answer at all) gives 'Feil ved opprettelse' / 'Kunne ikke opprette annonse. Prøv igjen senere.'
 */
export function toastCreateError(err: unknown) {
  const e = serverError(err);
  if (!e || !e.message) return toastError('Feil ved opprettelse', 'Kunne ikke opprette annonse. Prøv igjen senere.');
  if (e.code === 'UNAUTHORIZED') return toastError('Ikke pålogget', e.message);
  const known = KNOWN_TITLES[e.message];
  if (known) return toastError(known, e.details || e.message);
  if (e.code === 'INTERNAL_SERVER_ERROR') return toastError('Serverfeil', e.message);
  return toastError(e.message, e.details || e.message);
}

/** docs/product/errors.md owner toast 'Feil' / 'Kunne ikke oppdatere annonsen. Prøv igjen.'; an input error names what was wrong. */
export function toastUpdateError(err: unknown) {
  const e = serverError(err);
  if (e && e.code === 'BAD_REQUEST' && e.message) {
    const known = KNOWN_TITLES[e.message];
    return toastError(known ?? 'Feil', e.details || e.message);
  }
  return toastError('Feil', 'Kunne ikke oppdatere annonsen. Prøv igjen.');
}
