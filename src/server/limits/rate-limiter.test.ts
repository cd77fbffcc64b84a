import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { PgStore, Store } from '../store';
import { createTestStore, pgUrlOf, instancePool } from '../testing/stores';
import { MemoryLoginThrottle, PgLoginThrottle, type LoginThrottle } from './login-throttle';
import { AddressLimits } from './rate-limiter';
import { LOGIN_THROTTLE, RATE_LIMITS, RATE_LIMIT_MESSAGE, loginLockedMessage } from './rate-limits';
import { TooManyRequestsError } from './too-many-requests';

// The limits of docs/product/limits.md#rate-limits hold the same in memory (one instance, SQLite) and in PostgreSQL,
// where every instance on the database counts into the same rows.

let store: Store;
let pools: pg.Pool[];
beforeAll(async () => {
  store = await createTestStore('pg');
  // Two instances: two pools on one database.
  pools = [(store as PgStore).db.$client, instancePool(store, 4)];
});
afterAll(async () => {
  await pools[1].end();
  await store.close();
});

const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);
let accounts = 0;
const freshName = () => `Kari${++accounts}`;

describe.each(['memory', 'pg'] as const)('the login throttle in %s', (backend) => {
  let clock = 1_000_000;
  const now = () => clock;
  const make = (): LoginThrottle => (backend === 'pg' ? new PgLoginThrottle(pools[0], { now }) : new MemoryLoginThrottle({ now }));

  it(`locks an account after ${LOGIN_THROTTLE.threshold} failures, for longer with each further one`, async () => {
    const throttle = make();
    const name = freshName();
    for (let i = 0; i < LOGIN_THROTTLE.threshold; i++) await throttle.begin(name);
    const err = await refusal(throttle.begin(name));
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect((err as TooManyRequestsError).message).toBe(loginLockedMessage(LOGIN_THROTTLE.firstLockMs));
    expect((err as TooManyRequestsError).retryAfterSeconds).toBe(LOGIN_THROTTLE.firstLockMs / 1000);
    // Whatever the case or spacing of the name.
    await expect(throttle.begin(` ${name.toUpperCase()}`)).rejects.toBeInstanceOf(TooManyRequestsError);
    // Another account is not affected.
    await throttle.begin(freshName());

    clock += LOGIN_THROTTLE.firstLockMs;
    await throttle.begin(name); // the lock passed; this failure doubles it
    const again = (await refusal(throttle.begin(name))) as TooManyRequestsError;
    expect(again.retryAfterSeconds).toBe((2 * LOGIN_THROTTLE.firstLockMs) / 1000);
  });

  it('forgets the failures after a success, or after a quiet hour', async () => {
    const throttle = make();
    const name = freshName();
    for (let i = 0; i < LOGIN_THROTTLE.threshold - 1; i++) await throttle.begin(name);
    await throttle.succeeded(name);
    for (let i = 0; i < LOGIN_THROTTLE.threshold - 1; i++) await throttle.begin(name);
    clock += LOGIN_THROTTLE.forgetAfterMs;
    for (let i = 0; i < LOGIN_THROTTLE.threshold; i++) await throttle.begin(name);
    await expect(throttle.begin(name)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('counts concurrent attempts one after another: no guess slips in behind the lock', async () => {
    const throttle = make();
    const name = freshName();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => throttle.begin(name)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LOGIN_THROTTLE.threshold);
  });
});

describe('the login throttle in pg, beside its sweep', () => {
  it('counts an attempt whose row another connection deletes meanwhile, instead of failing it', async () => {
    const throttle = new PgLoginThrottle(pools[0]);
    const name = freshName();
    // The sweep deletes forgotten rows from another connection at any moment; an attempt must never fail for it.
    for (let i = 0; i < 40; i++) {
      await throttle.begin(name); // the row exists, committed
      await Promise.all([throttle.begin(name), pools[1].query('DELETE FROM cluster.login_throttle WHERE key = $1', [name.toLowerCase()])]);
      await throttle.succeeded(name);
    }
  });
});

describe('limits shared by two instances on one PostgreSQL database', () => {
  it('locks an account whose failed logins are spread over both instances', async () => {
    const clock = () => 5_000_000;
    const [a, b] = pools.map((pool) => new PgLoginThrottle(pool, { now: clock }));
    const name = freshName();
    for (let i = 0; i < LOGIN_THROTTLE.threshold; i++) await (i % 2 ? a : b).begin(name);
    await expect(a.begin(name)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(b.begin(name)).rejects.toBeInstanceOf(TooManyRequestsError);

    // Concurrent guesses on both instances at once: exactly `threshold` are let through.
    const other = freshName();
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).begin(other)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LOGIN_THROTTLE.threshold);

    // A success on one instance forgets the failures for the other.
    const third = freshName();
    for (let i = 0; i < LOGIN_THROTTLE.threshold - 1; i++) await a.begin(third);
    await b.succeeded(third);
    for (let i = 0; i < LOGIN_THROTTLE.threshold - 1; i++) await a.begin(third);
  });

  it('holds a per-address budget across both instances', async () => {
    const limits = { ...RATE_LIMITS, login: { max: 6, timeWindow: 60_000 } };
    const [a, b] = pools.map((pool) => new AddressLimits(limits, { pool }));
    const ip = '203.0.113.7';
    for (let i = 0; i < 6; i++) await (i % 2 ? a : b).consume('login', ip);
    const err = await refusal(a.consume('login', ip));
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect((err as TooManyRequestsError).message).toBe(RATE_LIMIT_MESSAGE);
    expect((err as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(0);
    await expect(b.consume('login', ip)).rejects.toBeInstanceOf(TooManyRequestsError);
    // Another address, and another kind of call, have budgets of their own.
    await a.consume('login', '203.0.113.8');
    await a.consume('contact', ip);

    // Refused by the instance itself now: a flood costs the database nothing.
    const writes = async () => (await pools[0].query<{ n: number }>("SELECT points AS n FROM cluster.rate_limits WHERE key = 'login:' || $1", [ip])).rows[0].n;
    const before = await writes();
    for (let i = 0; i < 10; i++) await expect(a.consume('login', ip)).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(await writes()).toBe(before);

    const racing = '203.0.113.9';
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume('login', racing)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
  });

  it('counts in memory while PostgreSQL does not answer, rather than failing the request', async () => {
    const gone = new pg.Pool({ connectionString: pgUrlOf(store), max: 1 });
    await gone.end();
    const limits = new AddressLimits({ ...RATE_LIMITS, login: { max: 2, timeWindow: 60_000 } }, { pool: gone });
    await limits.consume('login', '198.51.100.1');
    await limits.consume('login', '198.51.100.1');
    await expect(limits.consume('login', '198.51.100.1')).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});
