import type { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, listenOnLoopback, loggedInUser, type TestApp } from '../testing/harness';
import { socketClient } from '../testing/sockets';
import { findRow } from '../testing/store-rows';
import type { AppRouter } from '../trpc/root';

// docs/product/api.md#conventions: `Origin: null` (a sandboxed frame, a data: or file: page) is another site.
// State-changing calls and websocket upgrades that carry it get nothing from the cookie; a missing Origin stays allowed
// for API clients.

let t: TestApp;
let host: string;
beforeAll(async () => {
  t = await createTestApp();
  host = `127.0.0.1:${await listenOnLoopback(t)}`;
});
afterAll(() => t.close());

const profile = (email: string) => ({ name: 'Kari Nordmann', displayName: 'Kari', email, phone: '91234567', address: '' });
/** A JSON request with the headers a browser or an API client would send (cookie, Origin, Host). */
const jsonCall = (app: TestApp, method: 'POST' | 'PUT', url: string, headers: Record<string, string>, body: unknown) =>
  app.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const emailOf = async (id: number) => (await findRow(t.store, 'users', { id }))?.email;

describe('Origin: null is another site', () => {
  it('REST: a state-changing call with the cookie is refused with 403 and changes nothing', async () => {
    const u = await loggedInUser(t.store);
    const res = await jsonCall(t, 'PUT', '/api/auth/update-profile', { cookie: u.cookie, origin: 'null' }, profile('null-origin@example.no'));
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Forespørselen kom fra et annet nettsted og ble avvist.');
    expect(await emailOf(u.user.id)).not.toBe('null-origin@example.no');
    // The same call without an Origin (an API client) goes through.
    const api = await jsonCall(t, 'PUT', '/api/auth/update-profile', { cookie: u.cookie }, profile('api-klient@example.no'));
    expect(api.statusCode).toBe(200);
    expect(await emailOf(u.user.id)).toBe('api-klient@example.no');
  });

  it('tRPC over HTTP: a mutation with the cookie is refused with 403', async () => {
    const u = await loggedInUser(t.store);
    const res = await jsonCall(t, 'POST', '/trpc/auth.updateProfile', { cookie: u.cookie, origin: 'null' }, profile('trpc-null@example.no'));
    expect(res.statusCode).toBe(403);
    expect(await emailOf(u.user.id)).not.toBe('trpc-null@example.no');
  });

  it('websocket: a socket opened with Origin null gets no session, though it carries the cookie', async () => {
    const u = await loggedInUser(t.store);
    const nullSocket = socketClient(host, { cookie: u.cookie, origin: 'null' });
    const noOrigin = socketClient(host, { cookie: u.cookie });
    try {
      expect(await nullSocket.client.auth.me.query()).toBeNull();
      const err = (await nullSocket.client.auth.updateProfile.mutate(profile('ws-null@example.no')).catch((e: unknown) => e)) as TRPCClientError<AppRouter>;
      expect(err.data).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(await emailOf(u.user.id)).not.toBe('ws-null@example.no');
      // Without an Origin (not a browser), the cookie counts.
      expect((await noOrigin.client.auth.me.query())?.id).toBe(u.user.id);
    } finally {
      await Promise.all([nullSocket.wsClient.close(), noOrigin.wsClient.close()]);
    }
  });
});

describe('with PUBLIC_URL, behind a proxy on a port of its own', () => {
  // nginx on 24643 with `proxy_set_header Host $host;` passes Host without the port; the browser's Origin has it.
  const PUBLIC = 'https://127.0.0.1:24643';
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ publicUrl: PUBLIC });
  });
  afterAll(() => p.close());

  const login = (origin: string, host: string, password: string, url = '/api/auth/login') =>
    jsonCall(p, 'POST', url, { origin, host }, { username: '', password });

  it('REST and tRPC: a login from PUBLIC_URL goes through whatever Host the proxy passes', async () => {
    const { user, password } = await loggedInUser(p.store);
    for (const host of ['127.0.0.1', '127.0.0.1:24643', 'localhost:3000']) {
      const rest = await jsonCall(p, 'POST', '/api/auth/login', { origin: PUBLIC, host }, { username: user.username, password });
      expect(rest.statusCode, host).toBe(200);
      const trpc = await jsonCall(p, 'POST', '/trpc/auth.login', { origin: PUBLIC, host }, { username: user.username, password });
      expect(trpc.statusCode, host).toBe(200);
    }
  });

  it.each([
    ['https://127.0.0.1', '127.0.0.1'],
    ['http://127.0.0.1:24643', '127.0.0.1'],
    ['https://evil.example', 'evil.example'],
    ['null', '127.0.0.1'],
  ])('refuses any other origin with 403, even one naming the Host it was sent with (%s, Host %s)', async (origin, host) => {
    expect((await login(origin, host, 'feil')).statusCode, origin).toBe(403);
    expect((await login(origin, host, 'feil', '/trpc/auth.login')).statusCode, origin).toBe(403);
  });
});
