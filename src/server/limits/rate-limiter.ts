import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LoginThrottle } from './login-throttle';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE, type RateLimitKind } from './rate-limits';
import { TooManyRequestsError } from './too-many-requests';

/** The per-address budgets of RATE_LIMITS, one in-memory fixed-window counter each (rate-limiter-flexible). */
export class AddressLimits {
  private readonly limiters: Record<RateLimitKind, RateLimiterMemory>;

  constructor(limits: Record<RateLimitKind, { max: number; timeWindow: number }> = RATE_LIMITS) {
    const entries = Object.entries(limits).map(([kind, { max, timeWindow }]) => [
      kind,
      new RateLimiterMemory({ keyPrefix: kind, points: max, duration: timeWindow / 1000 }),
    ]);
    this.limiters = Object.fromEntries(entries) as Record<RateLimitKind, RateLimiterMemory>;
  }

  /** Spends one call of `kind` for `address`, or throws a TooManyRequestsError when the budget is spent. */
  async consume(kind: RateLimitKind, address: string): Promise<void> {
    try {
      await this.limiters[kind].consume(address);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new TooManyRequestsError(RATE_LIMIT_MESSAGE, err.msBeforeNext);
      throw err;
    }
  }
}

/** Long-lived (AppDeps): created in buildApp, so every transport and every call of a batch spends the same budgets. */
export interface RateLimits {
  addresses: AddressLimits;
  logins: LoginThrottle;
}

export function createRateLimits(opts: { now?: () => number } = {}): RateLimits {
  return { addresses: new AddressLimits(), logins: new LoginThrottle({ now: opts.now }) };
}
