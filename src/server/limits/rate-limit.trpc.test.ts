import { createTRPCClient, createWSClient, httpBatchLink, TRPCClientError, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../trpc/root';
import { createTestApp, listenOnLoopback, type TestApp } from '../testing/harness';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from './rate-limits';
import { socketWith } from '../testing/sockets';

// Every call of a limited procedure counts, whatever the transport or batch: the limit is a tRPC middleware,
// keyed on the client address Fastify sees (trustProxy honoured, on the WebSocket's upgrade request too).


let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
// A different username each call, so the per-account login throttle stays out of the per-address count.
let userCounter = 0;
const nobody = () => ({ username: `ingen${++userCounter}`, password: 'feil-passord' });

type Settled = PromiseSettledResult<unknown>;
const httpStatusOf = (r: Settled) => (r.status === 'rejected' ? (r.reason as TRPCClientError<AppRouter>).data?.httpStatus : 200);
const countStatus = (results: Settled[], status: number) => results.filter((r) => httpStatusOf(r) === status).length;

describe('rate limits over tRPC', () => {
  let t: TestApp;
  let host: string;
  let httpRequests = 0;
  beforeAll(async () => {
    t = await createTestApp({}, { trustProxy: true });
    host = `127.0.0.1:${await listenOnLoopback(t)}`;
    t.app.server.on('request', () => httpRequests++);
  });
  afterAll(() => t.close());

  const httpClient = (ip: string) =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `http://${host}/trpc`, headers: { 'x-forwarded-for': ip } })] });

  async function overSocket<T>(ip: string, use: (client: ReturnType<typeof createTRPCClient<AppRouter>>) => Promise<T>) {
    const headers = { origin: `http://${host}`, 'x-forwarded-for': ip };
    const wsClient = createWSClient({ url: `ws://${host}/trpc`, WebSocket: socketWith(headers) as never });
    try {
      return await use(createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }));
    } finally {
      await wsClient.close();
    }
  }

  it('answers in tRPC error format, so the client shows the Norwegian message', async () => {
    const client = httpClient(freshIp());
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      await expect(client.auth.login.mutate(nobody())).rejects.toMatchObject({ data: { httpStatus: 401 } });
    }
    const err = await client.auth.login.mutate(nobody()).catch((e) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err.message).toBe(RATE_LIMIT_MESSAGE);
    expect(err.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
  });

  it('counts every call of one HTTP batch: the calls over the limit get TOO_MANY_REQUESTS', async () => {
    const client = httpClient(freshIp());
    const calls = RATE_LIMITS.login.max + 10;
    const before = httpRequests;
    const results = await Promise.allSettled(Array.from({ length: calls }, () => client.auth.login.mutate(nobody())));
    expect(httpRequests - before).toBe(1); // one batch
    expect(countStatus(results, 401)).toBe(RATE_LIMITS.login.max);
    expect(countStatus(results, 429)).toBe(10);
    const limited = results.find((r) => httpStatusOf(r) === 429) as PromiseRejectedResult;
    expect(limited.reason.message).toBe(RATE_LIMIT_MESSAGE);
  });

  it('counts every call on one WebSocket', async () => {
    const ip = freshIp();
    const results = await overSocket(ip, (client) =>
      Promise.allSettled(Array.from({ length: RATE_LIMITS.login.max + 5 }, () => client.auth.login.mutate(nobody()))),
    );
    expect(countStatus(results, 401)).toBe(RATE_LIMITS.login.max);
    expect(countStatus(results, 429)).toBe(5);
    // The socket and plain HTTP spend the same budget of the same address.
    await expect(httpClient(ip).auth.login.mutate(nobody())).rejects.toMatchObject({ data: { httpStatus: 429 } });
    // Another address (X-Forwarded-For on the upgrade request, trusted here) has its own.
    const other = await overSocket(freshIp(), (client) => client.auth.login.mutate(nobody()).catch((e) => e));
    expect(other.data).toMatchObject({ httpStatus: 401 });
  });

  it('limits contact messages over a WebSocket as over REST', async () => {
    const message = { name: 'Kari Nordmann', email: 'kari@example.no', subject: 'Spørsmål', message: 'Hei! Jeg lurer på noe.' };
    const results = await overSocket(freshIp(), (client) =>
      Promise.allSettled(Array.from({ length: RATE_LIMITS.contact.max + 5 }, () => client.inbox.contact.mutate(message))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(RATE_LIMITS.contact.max);
    expect(countStatus(results, 429)).toBe(5);
  });

  it('tells an HTTP client when to come back (Retry-After)', async () => {
    const ip = freshIp();
    const post = () =>
      fetch(`http://${host}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(nobody()),
      });
    for (let i = 0; i < RATE_LIMITS.login.max; i++) await post();
    const res = await post();
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.login.timeWindow / 1000);
  });
});
