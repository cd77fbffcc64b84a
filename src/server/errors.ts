import { TRPCError } from '@trpc/server';

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

export const httpStatusOf: Record<AppErrorCode | 'INTERNAL_SERVER_ERROR', number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export const notLoggedIn = () => new AppError('UNAUTHORIZED', 'Du må være innlogget.');
export const forbidden = (msg = 'Du har ikke tilgang til dette.') => new AppError('FORBIDDEN', msg);
export const notFound = (msg = 'Fant ikke det du lette etter.') => new AppError('NOT_FOUND', msg);

/** AppError → TRPCError, keeping the AppError as cause so REST can read its details. */
export function toTRPCError(err: AppError): TRPCError {
  return new TRPCError({ code: err.code, message: err.message, cause: err });
}
