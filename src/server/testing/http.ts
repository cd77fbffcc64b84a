import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../errors';
import { createTestApp, json, listenOnLoopback, type TestApp } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A logged-in user (or their cookie), or a visitor (nothing). */
type Who = { cookie: string } | string | null | undefined;

/** The Cookie header of a logged-in user, or none for a visitor. */
export const as = (who: Who) => (who ? { cookie: typeof who === 'string' ? who : who.cookie } : {});

/**
 * The HTTP tests' requests against a test app (a getter, since the app is built in `beforeAll`). Every answer is
 * checked to be below 500: bad input must get a clear 4xx, never a crash.
 * - `send(opts)`: `app.inject` as it is.
 * - `call(method, url, who, body)`: a JSON call as `who` (a user with a cookie, or a visitor).
 */
export function httpClient(app: () => TestApp) {
  async function send(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await app().app.inject(opts);
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res;
  }
  const call = (method: Method, url: string, who?: Who, body?: unknown) =>
    send({
      method,
      url,
      headers: { ...as(who), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return { send, call };
}

/**
 * A source of client addresses (`remoteAddress`) in 10.`net`.0.0/16 that hands out each one once, so that per-address
 * rate-limit budgets never leak from one test into another. Give each test file its own `net`.
 */
export function freshIps(net: number) {
  let n = 0;
  return () => {
    n++;
    return `10.${net}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}

/**
 * A test app that listens on a loopback port, for the tests of the calling `describe` (or file): built before them and
 * closed after them. For tests that need a real socket (raw HTTP, websockets, a client that uploads); read `app.t`,
 * `app.port` and `app.host` (`127.0.0.1:port`) inside the tests.
 */
export function listeningTestApp(...args: Parameters<typeof createTestApp>) {
  const app = {} as { t: TestApp; port: number; host: string };
  beforeAll(async () => {
    app.t = await createTestApp(...args);
    app.port = await listenOnLoopback(app.t);
    app.host = `127.0.0.1:${app.port}`;
  });
  afterAll(() => app.t.close());
  return app;
}

/**
 * One test per route: a visitor (no cookie) is answered 401 with the Norwegian 'Du må være innlogget.'. `body` goes
 * with the methods that take one, so that the refusal cannot be a validation error in disguise.
 */
export function itRefusesVisitors(app: () => TestApp, routes: readonly (readonly [Method, string])[], body?: unknown) {
  const { call } = httpClient(app);
  it.each(routes)('%s %s answers 401', async (method, url) => {
    const res = await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : body);
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe(HTTP_MESSAGES.notLoggedIn);
  });
}
