import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createUser, sessionCookie } from '../testing/harness';
import { listeningTestApp } from '../testing/http';
import { SESSION_COOKIE } from '../auth/session';
import { HTTP_MESSAGES } from '../errors';
import { appRouter } from '../trpc/root';
import { authNeedOf, refusalFromHeaders, weakestNeed } from './auth-precheck';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends only the request line and headers (declaring a body of `contentLength` bytes) and never the body. An answer
 * can therefore only have been given from the headers alone; a server that waits for the body never answers and the
 * test times out.
 */
export function headersOnly(port: number, method: string, path: string, headers: Record<string, string | number>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('callers are refused from their headers, before the body is read', () => {
  const app = listeningTestApp();

  const json = { 'content-type': 'application/json', 'content-length': 60 * 1024 * 1024 };

  it('answers 401 to a protected REST row without a cookie before the body is sent', async () => {
    for (const [method, path] of [
      ['POST', '/api/listings'],
      ['PATCH', '/api/listings/1'],
      ['POST', '/api/listing-images'],
      ['PUT', '/api/auth/change-password'],
    ]) {
      const res = await headersOnly(app.port, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ message: HTTP_MESSAGES.notLoggedIn });
      expect(res.headers.connection).toBe('close');
    }
  });

  it('answers 401 to a stale session cookie and clears it', async () => {
    const res = await headersOnly(app.port, 'POST', '/api/listings', { ...json, cookie: `${SESSION_COOKIE}=finnes-ikke` });
    expect(res.status).toBe(401);
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
  });

  it('answers tRPC calls of protected procedures in tRPC’s error shape, one per call of a batch', async () => {
    const single = await headersOnly(app.port, 'POST', '/trpc/listings.create', json);
    expect(single.status).toBe(401);
    expect(JSON.parse(single.body)).toMatchObject({
      error: { message: HTTP_MESSAGES.notLoggedIn, data: { code: 'UNAUTHORIZED', httpStatus: 401, path: 'listings.create' } },
    });
    const batch = await headersOnly(app.port, 'POST', '/trpc/listings.create,savedListings.add?batch=1', json);
    expect(batch.status).toBe(401);
    const calls = JSON.parse(batch.body) as { error: { data: { path: string; code: string } } }[];
    expect(calls.map((c) => [c.error.data.path, c.error.data.code])).toEqual([
      ['listings.create', 'UNAUTHORIZED'],
      ['savedListings.add', 'UNAUTHORIZED'],
    ]);
  });

  it('answers the same 401 (text and shape) as the procedure itself when the body is sent', async () => {
    const early = await headersOnly(app.port, 'POST', '/trpc/savedListings.add', json);
    const late = await app.t.app.inject({ method: 'POST', url: '/trpc/savedListings.add', payload: { listingId: 1 } });
    expect(early.status).toBe(late.statusCode);
    expect(JSON.parse(early.body)).toEqual(late.json());
  });

  it('answers 413 from Content-Length alone when it exceeds the route’s limit', async () => {
    const login = await headersOnly(app.port, 'POST', '/api/auth/login', json);
    expect(login.status).toBe(413);
    expect(JSON.parse(login.body)).toEqual({ message: HTTP_MESSAGES.bodyTooLarge });
    const { user } = await createUser(app.t.store);
    const cookie = await sessionCookie(app.t.store, user.id);
    const listing = await headersOnly(app.port, 'POST', '/api/listings', { ...json, 'content-length': 500 * 1024 * 1024, cookie });
    expect(listing.status).toBe(413);
    const trpc = await headersOnly(app.port, 'POST', '/trpc/auth.login', json);
    expect(trpc.status).toBe(413);
  });

  it('lets a logged-in caller through to the procedure', async () => {
    const { user } = await createUser(app.t.store);
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/saved-listings',
      headers: { cookie: await sessionCookie(app.t.store, user.id) },
      payload: { listingId: 999999 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('reads what a procedure needs from its meta, and a batch with a public call is read', () => {
    expect(authNeedOf(appRouter, 'listings.create')).toBe('user');
    expect(authNeedOf(appRouter, 'auth.login')).toBeUndefined();
    expect(weakestNeed(['user', undefined])).toBeUndefined();
    expect(weakestNeed(['admin', 'user'])).toBe('user');
    expect(weakestNeed(['admin'])).toBe('admin');
  });

  it('refuses a non-admin where an admin is needed with 403', async () => {
    const { user } = await createUser(app.t.store);
    const refusal = await refusalFromHeaders(app.t.store, { cookie: await sessionCookie(app.t.store, user.id) }, 'admin');
    expect(refusal?.error.code).toBe('FORBIDDEN');
    expect(refusal?.error.message).toBe(HTTP_MESSAGES.notAdmin);
    const { user: admin } = await createUser(app.t.store, { isAdmin: true });
    expect(await refusalFromHeaders(app.t.store, { cookie: await sessionCookie(app.t.store, admin.id) }, 'admin')).toBeUndefined();
  });
});
