import { createTRPCClient, httpLink, type TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../limits/rate-limits';
import { json, loggedInUser } from '../testing/harness';
import { listeningTestApp } from '../testing/http';
import { LISTING_FORM } from '../testing/listing-factory';
import { socketClient } from '../testing/sockets';
import { countRows } from '../testing/store-rows';
import type { AppRouter } from '../trpc/root';

// One fresh account could create listings as fast as a script sends them. New listings are limited per account
// (RATE_LIMITS.listingCreate, listingCreateDay), whatever the transport; another account is not affected.

const form = LISTING_FORM;

const app = listeningTestApp();
afterEach(() => vi.useRealTimers());

const create = (cookie: string) =>
  app.t.app.inject({ method: 'POST', url: '/api/listings', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(form) });
const countOf = (userId: number) => countRows(app.t.store, 'listings', { userId });

function clients(cookie: string) {
  const headers = { cookie, origin: `http://${app.host}` };
  const socket = socketClient(app.host, headers);
  return {
    http: createTRPCClient<AppRouter>({ links: [httpLink({ url: `http://${app.host}/trpc`, headers })] }),
    ws: socket.client,
    close: socket.close,
  };
}

describe('listing creation is limited per account', () => {
  it('REST: the listing past the hourly budget gets 429 with Retry-After and is not stored; another account goes on', async () => {
    const seller = await loggedInUser(app.t.store);
    for (let i = 0; i < RATE_LIMITS.listingCreate.max; i++) expect((await create(seller.cookie)).statusCode).toBe(201);
    const refused = await create(seller.cookie);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await countOf(seller.user.id)).toBe(RATE_LIMITS.listingCreate.max);
    const other = await loggedInUser(app.t.store);
    expect((await create(other.cookie)).statusCode).toBe(201);
  });

  it('counts tRPC over HTTP and over the websocket in the same budget', async () => {
    const seller = await loggedInUser(app.t.store);
    const c = clients(seller.cookie);
    try {
      const half = RATE_LIMITS.listingCreate.max / 2;
      for (let i = 0; i < half; i++) await c.http.listings.create.mutate(form as never);
      for (let i = 0; i < half; i++) await c.ws.listings.create.mutate(form as never);
      for (const client of [c.http, c.ws]) {
        const err = (await client.listings.create.mutate(form as never).catch((e: unknown) => e)) as TRPCClientError<AppRouter>;
        expect(err.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
        expect(err.message).toBe(RATE_LIMIT_MESSAGE);
      }
      expect((await create(seller.cookie)).statusCode).toBe(429);
      expect(await countOf(seller.user.id)).toBe(RATE_LIMITS.listingCreate.max);
    } finally {
      await c.close();
    }
  });

  it('holds an account to the daily budget across hours', async () => {
    const seller = await loggedInUser(app.t.store);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let created = 0;
    while (created < RATE_LIMITS.listingCreateDay.max) {
      const res = await create(seller.cookie);
      if (res.statusCode === 429) {
        vi.setSystemTime(Date.now() + RATE_LIMITS.listingCreate.timeWindow + 1000); // the next hour
        continue;
      }
      expect(res.statusCode).toBe(201);
      created++;
    }
    vi.setSystemTime(Date.now() + RATE_LIMITS.listingCreate.timeWindow + 1000);
    const refused = await create(seller.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await countOf(seller.user.id)).toBe(RATE_LIMITS.listingCreateDay.max);
  });
});
