import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { LISTING_NOT_FOUND_MESSAGE } from '../shared/schemas/listing';
import { validationDetails } from './http/validation';

// The one home of error mapping (docs/decisions/005-server-structure.md): services throw AppError; its code *is* the
// tRPC code (a subset of them), and tRPC's own table gives the HTTP status. tRPC (trpc/init.ts), the REST adapter and
// Fastify's error handler (app.ts) all call the functions below, so a status or a generic text is written once.

/** The one error type services throw. Its code decides the tRPC code and the HTTP status. */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE';

export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The generic texts of the HTTP surface (docs/product/errors.md). `internal` is what every 500 says; details stay in the log. */
export const HTTP_MESSAGES = {
  internal: 'Noe gikk galt på serveren. Prøv igjen senere.',
  invalidRequest: 'Ugyldig forespørsel.',
  severalHosts: 'Forespørselen har mer enn ett Host-hode.',
  invalidJson: 'Ugyldig JSON i forespørselen.',
  bodyTooLarge: 'Forespørselen er for stor.',
  notJson: 'Forespørselen må sendes som JSON.',
  notLoggedIn: 'Du må være innlogget.',
  notAdmin: 'Du har ikke administrator-rettigheter.',
  notFound: 'Fant ikke ressursen.',
  badUrl: 'Ugyldig adresse i forespørselen.',
  urlTooLong: 'Adressen i forespørselen er for lang.',
  headersTooLarge: 'Adressen eller hodene i forespørselen er for store.',
  timeout: 'Forespørselen tok for lang tid. Prøv igjen.',
  methodNotAllowed: 'Metoden er ikke tillatt for denne adressen.',
  notWebSocket: 'Denne adressen tar ikke imot WebSocket-tilkoblinger.',
} as const;

export const notLoggedIn = () => new AppError('UNAUTHORIZED', HTTP_MESSAGES.notLoggedIn);
export const notAdmin = () => new AppError('FORBIDDEN', HTTP_MESSAGES.notAdmin);
/** The one "no such listing" answer: for a listing that does not exist and for one this user may not see. */
export const listingNotFound = () => new AppError('NOT_FOUND', LISTING_NOT_FOUND_MESSAGE);

/** HTTP status of an AppError code (the tRPC code of the same name). */
export function httpStatusOf(code: AppErrorCode | TRPCError['code']): number {
  return getHTTPStatusCodeFromError(new TRPCError({ code }));
}

/** A failed zod parse as the AppError every transport answers: 400, the first issue's message, field → message. */
export function validationError(cause: unknown): AppError | undefined {
  const v = validationDetails(cause);
  return v && new AppError('BAD_REQUEST', v.message, v.details);
}

/**
 * tRPC side: an AppError thrown by a service (tRPC wraps it as the cause) or an input error becomes a TRPCError with
 * the right code, keeping the AppError as its cause so details survive. Anything else is returned unchanged.
 */
export function toTRPCError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof AppError) return new TRPCError({ code: cause.code, message: cause.message, cause });
  const invalid = error.code === 'BAD_REQUEST' ? validationError(cause) : undefined;
  return invalid ? new TRPCError({ code: 'BAD_REQUEST', message: invalid.message, cause: invalid }) : error;
}

/** tRPC's own (English) texts for a malformed call, by code: our generic text instead (every answer is ours). */
const TRPC_OWN_MESSAGES: Partial<Record<TRPCError['code'], string>> = {
  PARSE_ERROR: HTTP_MESSAGES.invalidJson,
  BAD_REQUEST: HTTP_MESSAGES.invalidRequest,
  NOT_FOUND: HTTP_MESSAGES.notFound,
  METHOD_NOT_SUPPORTED: HTTP_MESSAGES.methodNotAllowed,
  UNSUPPORTED_MEDIA_TYPE: HTTP_MESSAGES.notJson,
  PAYLOAD_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
};

/**
 * The message a tRPC client reads: the generic text for a 500; an AppError's own (services and input validation, see
 * toTRPCError); for an error tRPC raised itself (broken JSON, an unknown procedure, a wrong method or content type) the
 * generic text of its code, never tRPC's English.
 */
export function trpcMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return HTTP_MESSAGES.internal;
  if (error.cause instanceof AppError) return error.message;
  if (error.cause instanceof SyntaxError) return HTTP_MESSAGES.invalidJson;
  return TRPC_OWN_MESSAGES[error.code] ?? error.message;
}

/** Details of a TRPCError for the tRPC error shape: the AppError's, or the fields of a failed input parse. */
export function trpcDetails(error: TRPCError): unknown {
  return error.cause instanceof AppError ? error.cause.details : validationDetails(error.cause)?.details;
}

export interface HttpError {
  status: number;
  body: { message: string; details?: unknown };
  /** A server fault: log it (the body says only the generic text). */
  unexpected: boolean;
}

/**
 * HTTP side (REST adapter, Fastify's error handler): any error → status and `{message, details}`. AppErrors and input
 * errors keep their Norwegian message and details; Fastify's own 4xx (body too large, not JSON, bad JSON) get fixed
 * Norwegian texts; everything else is a 500 with the generic text.
 */
export function toHttpError(err: unknown): HttpError {
  const known = err instanceof TRPCError ? toTRPCError(err) : err;
  const app = known instanceof AppError ? known : known instanceof TRPCError && known.cause instanceof AppError ? known.cause : undefined;
  if (app) return { status: httpStatusOf(app.code), body: { message: app.message, details: app.details }, unexpected: false };
  if (known instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(known);
    if (status >= 500) return internal();
    return { status, body: { message: trpcMessage(known) }, unexpected: false };
  }
  const e = (err ?? {}) as { statusCode?: number; code?: string };
  const status = e.statusCode ?? 500;
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return plain(413, HTTP_MESSAGES.bodyTooLarge);
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return plain(415, HTTP_MESSAGES.notJson);
  if (status >= 400 && status < 500) {
    const invalidJson = e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return plain(status, invalidJson ? HTTP_MESSAGES.invalidJson : HTTP_MESSAGES.invalidRequest);
  }
  return internal();
}

const plain = (status: number, message: string): HttpError => ({ status, body: { message }, unexpected: false });
const internal = (): HttpError => ({ status: 500, body: { message: HTTP_MESSAGES.internal }, unexpected: true });
