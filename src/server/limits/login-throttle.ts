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
 * counting the attempt must be one synchronous step, or a batch of concurrent guesses would all pass the check before
 * the first failure is counted. So an attempt is counted as a failure when it begins, and `succeeded` forgets it.
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly limits: typeof LOGIN_THROTTLE;

  constructor(opts: { now?: () => number; limits?: typeof LOGIN_THROTTLE } = {}) {
    this.now = opts.now ?? Date.now;
    this.limits = opts.limits ?? LOGIN_THROTTLE;
  }

  /** Call before checking a password for `username`: throws a TooManyRequestsError while the account is locked. */
  begin(username: string): void {
    const key = keyOf(username);
    const now = this.now();
    this.forgetExpired(now);
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0, forgetAt: 0 };
    if (entry.lockedUntil > now) {
      const ms = entry.lockedUntil - now;
      throw new TooManyRequestsError(loginLockedMessage(ms), ms);
    }
    entry.failures += 1;
    entry.forgetAt = now + this.limits.forgetAfterMs;
    const beyond = entry.failures - this.limits.threshold;
    // Locked already while this check runs, so concurrent attempts cannot slip in behind it.
    if (beyond >= 0) entry.lockedUntil = now + Math.min(this.limits.firstLockMs * 2 ** beyond, this.limits.maxLockMs);
    // Re-inserted, so the map stays ordered by last attempt: what is forgotten or oldest sits at the front.
    this.entries.delete(key);
    if (this.entries.size >= this.limits.maxAccounts) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
  }

  /** The password was right: the account's failures are forgotten. */
  succeeded(username: string): void {
    this.entries.delete(keyOf(username));
  }

  private forgetExpired(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.forgetAt > now) break;
      this.entries.delete(key);
    }
  }
}

/** Usernames are unique regardless of case (docs/decisions/002-accounts-sessions-rest.md). */
function keyOf(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}
