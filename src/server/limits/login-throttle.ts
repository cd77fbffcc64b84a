import type pg from 'pg';
import { LOGIN_THROTTLE, loginLockedMessage } from './rate-limits';
import { TooManyRequestsError } from './too-many-requests';

interface Entry {
  /** Password checks for this username since the last success, the one under way included. */
  failures: number;
  lockedUntil: number;
  forgetAt: number;
}

/**
 * Consecutive failed password checks per account (LOGIN_THROTTLE, docs/product/limits.md#rate-limits).
 *
 * Written here rather than with rate-limiter-flexible: the lock grows with each failure, and checking the lock and
 * counting the attempt must be one atomic step, or a batch of concurrent guesses would all pass the check before the
 * first failure is counted. So an attempt is counted as a failure when it begins, and `succeeded` forgets it.
 * In memory (one instance) or in PostgreSQL (every instance on the database counts the same account).
 */
export interface LoginThrottle {
  /** Call before checking a password for `username`: rejects with a TooManyRequestsError while the account is locked. */
  begin(username: string): Promise<void>;
  /** The password was right: the account's failures are forgotten. */
  succeeded(username: string): Promise<void>;
}

interface ThrottleOptions {
  now?: () => number;
  limits?: typeof LOGIN_THROTTLE;
}

/**
 * One attempt on an account's entry (`undefined`: none, or forgotten): the refusal while locked, or the entry with this
 * attempt counted — and locked already while its check runs, so concurrent attempts cannot slip in behind it.
 */
function attempt(entry: Entry | undefined, now: number, limits: typeof LOGIN_THROTTLE): Entry {
  const current = entry && entry.forgetAt > now ? entry : { failures: 0, lockedUntil: 0, forgetAt: 0 };
  if (current.lockedUntil > now) {
    const ms = current.lockedUntil - now;
    throw new TooManyRequestsError(loginLockedMessage(ms), ms, 'login');
  }
  const failures = current.failures + 1;
  const beyond = failures - limits.threshold;
  const lockedUntil = beyond >= 0 ? now + Math.min(limits.firstLockMs * 2 ** beyond, limits.maxLockMs) : current.lockedUntil;
  return { failures, lockedUntil, forgetAt: now + limits.forgetAfterMs };
}

/** The clock and the limits both throttles count with (a test sets them). */
abstract class Throttle implements LoginThrottle {
  protected readonly now: () => number;
  protected readonly limits: typeof LOGIN_THROTTLE;

  constructor(opts: ThrottleOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.limits = opts.limits ?? LOGIN_THROTTLE;
  }

  abstract begin(username: string): Promise<void>;
  abstract succeeded(username: string): Promise<void>;
}

/** The throttle of a single instance: checked and counted in one synchronous step. */
export class MemoryLoginThrottle extends Throttle {
  private readonly entries = new Map<string, Entry>();

  async begin(username: string): Promise<void> {
    const key = keyOf(username);
    const now = this.now();
    this.forgetExpired(now);
    const entry = attempt(this.entries.get(key), now, this.limits);
    // Re-inserted, so the map stays ordered by last attempt: what is forgotten or oldest sits at the front.
    this.entries.delete(key);
    if (this.entries.size >= this.limits.maxAccounts) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
  }

  async succeeded(username: string): Promise<void> {
    this.entries.delete(keyOf(username));
  }

  private forgetExpired(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.forgetAt > now) break;
      this.entries.delete(key);
    }
  }
}

/** How often an instance deletes the forgotten accounts' rows. */
const SWEEP_MS = 60_000;

/**
 * The throttle of several instances: the account's row (cluster.login_throttle, db/pg/migrations/0002) is locked
 * while one attempt reads and counts it, so concurrent attempts on any instances are counted one after another.
 */
export class PgLoginThrottle extends Throttle {
  private sweptAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    opts: ThrottleOptions = {},
  ) {
    super(opts);
  }

  async begin(username: string): Promise<void> {
    const key = keyOf(username);
    const now = this.now();
    this.sweep(now);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // One statement makes the row if it is missing and locks it: two first attempts cannot both find none, and the
      // sweep (another connection) cannot delete the row between a separate insert and select.
      const { rows } = await client.query<{ failures: number; locked_until: number; forget_at: number }>(
        'INSERT INTO cluster.login_throttle AS t (key, failures, locked_until, forget_at) VALUES ($1, 0, 0, 0) ' +
          'ON CONFLICT (key) DO UPDATE SET key = t.key RETURNING failures, locked_until, forget_at',
        [key],
      );
      const row = rows[0];
      const entry = attempt({ failures: row.failures, lockedUntil: row.locked_until, forgetAt: row.forget_at }, now, this.limits);
      await client.query('UPDATE cluster.login_throttle SET failures = $2, locked_until = $3, forget_at = $4 WHERE key = $1', [
        key,
        entry.failures,
        entry.lockedUntil,
        entry.forgetAt,
      ]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async succeeded(username: string): Promise<void> {
    await this.pool.query('DELETE FROM cluster.login_throttle WHERE key = $1', [keyOf(username)]);
  }

  /** Forgotten rows are deleted now and then, off the caller's path; a failure waits for the next sweep. */
  private sweep(now: number) {
    if (now - this.sweptAt < SWEEP_MS) return;
    this.sweptAt = now;
    this.pool.query('DELETE FROM cluster.login_throttle WHERE forget_at <= $1', [now]).catch(() => {});
  }
}

/** Usernames are unique regardless of case (docs/decisions/002-accounts-sessions-rest.md). */
function keyOf(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}
