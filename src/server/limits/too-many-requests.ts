import { AppError } from '../errors';

/**
 * A 429 that says when to come back (RFC 9110 §10.2.3): tRPC's error mapping (src/server/trpc/init.ts) puts
 * `retryAfterSeconds` in a Retry-After header; the message is the user's text.
 */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, msBeforeNext: number) {
    super('TOO_MANY_REQUESTS', message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  }
}
