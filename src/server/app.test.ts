import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/harness';
import { findUserByUsername } from './services/users';
import { verifyPassword } from './auth/password';

describe('app shell', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('renders the public pages on the server, answers 404 for what is not there, and leaves pages behind login to the client', async () => {
    for (const [url, status] of [['/', 200], ['/annonser', 200], ['/listing/12', 404], ['/finnes-ikke', 404], ['/profil', 200], ['/admin', 200]] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ url: '/finnes-ikke' })).body).toContain('404 Page Not Found');
    expect((await t.app.inject({ url: '/profil' })).body).toContain('<div id="root"></div>');
  });

  it('sends a real Content-Security-Policy and other security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Our own frames only for the service worker's take-over nudge (/sw-activate, 204), besides the maps.
    expect(csp).toMatch(/frame-src 'self' https:\/\/maps\.google\.com/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // API answers and error answers carry the same headers (they are set once per request, not per route).
    for (const url of ['/api/listings', '/api/finnes-ikke']) {
      const api = await t.app.inject({ url });
      expect(api.headers['content-security-policy'], url).toBe(csp);
      expect(api.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('caches hashed assets forever and index.html never', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const html = await t.app.inject({ url: '/annonser' });
    expect(html.headers['cache-control']).toBe('no-cache');
  });

  it("answers the service worker's take-over nudge with an empty 204 that nothing keeps", async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/sw-activate' });
      expect(res.statusCode, method).toBe(204);
      expect(res.body, method).toBe('');
      expect(res.headers['cache-control'], method).toBe('no-store');
    }
  });

  it('answers unknown API paths with a Norwegian JSON 404, not the app', async () => {
    const res = await t.app.inject({ url: '/api/finnes-ikke' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Fant ikke ressursen.' });
  });

  it('refuses state-changing requests from another site, but not same-site ones', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', host: 'bilpartner.no' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/annet nettsted/);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://bilpartner.no', host: 'bilpartner.no' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('never answers malformed input with a 500', async () => {
    const cases = [
      { method: 'POST' as const, url: '/api/auth/login', payload: '{"username":', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, url: '/api/auth/login', payload: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { method: 'POST' as const, url: '/api/auth/login', payload: '"just a string"', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, url: '/api/auth/login', payload: 'null', headers: { 'content-type': 'application/json' } },
      { method: 'PUT' as const, url: '/api/auth/update-profile', payload: '{}', headers: { 'content-type': 'application/json' } },
      { method: 'GET' as const, url: '/trpc/auth.login?input=%7Bbad' },
      { method: 'POST' as const, url: '/trpc/auth.login', payload: '{"json":', headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, `${c.method} ${c.url} ${c.payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url} ${c.payload}`).toBeLessThan(500);
    }
  });

  it('rejects bodies above the limit with 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a'.repeat(1_100_000), password: 'x' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Forespørselen er for stor.');
  });
});

describe('start-up', () => {
  it('makes sure the env admin exists and is an admin, creating it when missing', async () => {
    const t = await createTestApp({ admin: { username: 'sjef', password: 'superhemmelig' } });
    const admin = await findUserByUsername(t.store, 'sjef');
    expect(admin?.isAdmin).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'superhemmelig')).toBe(true);
    await t.close();
  });

  it('seeds demo users into an empty database only', async () => {
    const t = await createTestApp({ seedDemo: true });
    expect(await findUserByUsername(t.store, 'kari.nordmann')).toBeDefined();
    await t.close();
    const t2 = await createTestApp({ seedDemo: false });
    expect(await findUserByUsername(t2.store, 'kari.nordmann')).toBeUndefined();
    await t2.close();
  });
});
