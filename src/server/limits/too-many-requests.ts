import { AppError } from '../errors';

/**
 * A 429 that says when to come back (RFC 9110 §10.2.3): tRPC's error mapping (src/server/trpc/init.ts) puts
 * `retryAfterSeconds` in a Retry-After header; the message is the user's text.
 */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  /** Which limit refused: the label of bilpartner_rate_limit_refusals_total (docs/operations.md "Metrics"). */
  readonly limit: string;
  constructor(message: string, msBeforeNext: number, limit: string) {
    super('TOO_MANY_REQUESTS', message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    this.limit = limit;
  }
}
