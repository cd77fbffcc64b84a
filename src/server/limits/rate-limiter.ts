import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { MemoryLoginThrottle, PgLoginThrottle, type LoginThrottle } from './login-throttle';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE, type RateLimitKind } from './rate-limits';
import { TooManyRequestsError } from './too-many-requests';

/**
 * The per-address budgets of RATE_LIMITS, one fixed-window counter each (rate-limiter-flexible): in memory for a
 * single instance, or, given the PostgreSQL pool, in cluster.rate_limits (db/pg/migrations/0002), so every instance
 * on the database spends the same budget. While PostgreSQL does not answer, each instance counts in memory instead
 * (the insurance limiter): the limits then hold per instance rather than fail every request.
 */
export class AddressLimits {
  private readonly limiters: Record<RateLimitKind, RateLimiterAbstract>;

  constructor(limits: Record<RateLimitKind, { max: number; timeWindow: number }> = RATE_LIMITS, opts: { pool?: pg.Pool } = {}) {
    const entries = Object.entries(limits).map(([kind, { max, timeWindow }], i) => {
      const memory = new RateLimiterMemory({ keyPrefix: kind, points: max, duration: timeWindow / 1000 });
      if (!opts.pool) return [kind, memory];
      const shared = new RateLimiterPostgres({
        storeClient: opts.pool,
        storeType: 'pool',
        schemaName: 'cluster',
        tableName: 'rate_limits',
        // Created by the migration: the library would create it asynchronously and refuse calls until then.
        tableCreated: true,
        // One shared table: one limiter's timer deletes the expired rows of all.
        clearExpiredByTimeout: i === 0,
        keyPrefix: kind,
        points: max,
        duration: timeWindow / 1000,
        insuranceLimiter: memory,
        // Once an address has spent its budget this instance refuses it until the window ends without asking the
        // database, so a flood from one address does not become a flood of writes.
        inMemoryBlockOnConsumed: max,
      });
      return [kind, shared];
    });
    this.limiters = Object.fromEntries(entries) as Record<RateLimitKind, RateLimiterAbstract>;
  }

  /** Spends one call of `kind` for `address`, or throws a TooManyRequestsError when the budget is spent. */
  async consume(kind: RateLimitKind, address: string): Promise<void> {
    try {
      await this.limiters[kind].consume(address);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new TooManyRequestsError(RATE_LIMIT_MESSAGE, err.msBeforeNext, kind);
      throw err;
    }
  }
}

/** Long-lived (AppDeps): created in buildApp, so every transport and every call of a batch spends the same budgets. */
export interface RateLimits {
  addresses: AddressLimits;
  logins: LoginThrottle;
}

/**
 * The app's rate limits: in memory (SQLite, one instance), or shared by every instance through PostgreSQL when given
 * the store's pool (`store.db.$client`). `now` is the login throttle's clock (tests of its lock move it).
 */
export function createRateLimits(opts: { now?: () => number; pool?: pg.Pool } = {}): RateLimits {
  const { now, pool } = opts;
  return {
    addresses: new AddressLimits(RATE_LIMITS, { pool }),
    logins: pool ? new PgLoginThrottle(pool, { now }) : new MemoryLoginThrottle({ now }),
  };
}
