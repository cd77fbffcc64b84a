import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, listenOnLoopback, type TestApp } from '../testing/harness';
import { listeningTestApp } from '../testing/http';
import { HTTP_MESSAGES } from '../errors';

/** Writes `request` on a fresh connection and reads until the server closes it. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

function parse(raw: string) {
  const [head, ...rest] = raw.split('\r\n\r\n');
  let body = rest.join('\r\n\r\n');
  if (/transfer-encoding: chunked/i.test(head)) {
    let out = '';
    for (let i = 0; ; ) {
      const eol = body.indexOf('\r\n', i);
      const size = parseInt(body.slice(i, eol), 16);
      if (!size) break;
      out += body.slice(eol + 2, eol + 2 + size);
      i = eol + 2 + size + 2;
    }
    body = out;
  }
  return { status: Number(head.split(' ')[1]), head, json: body ? (JSON.parse(body) as { message?: string }) : undefined };
}

const get = (url: string, extra = '') => `GET ${url} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;

describe('every error answer is ours, in Norwegian', () => {
  let t: TestApp;
  let port: number;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ clientDir });
    port = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['a URL that does not decode, inside /uploads', '/uploads/%c0%ae%c0%ae/x', 400, HTTP_MESSAGES.badUrl],
    ['a URL that does not decode, inside /api', '/api/listings/%zz', 400, HTTP_MESSAGES.badUrl],
    ['a URL that does not decode, a client asset', '/assets/%c0%ae.js', 400, HTTP_MESSAGES.badUrl],
    ['a missing photo', '/uploads/ab/finnes-ikke.webp', 404, HTTP_MESSAGES.notFound],
    ['a missing file outside the API', '/finnes-ikke.js', 404, HTTP_MESSAGES.notFound],
    ['a path parameter over the length limit', `/api/listings/${'1'.repeat(6000)}`, 414, HTTP_MESSAGES.urlTooLong],
    ['an unknown tRPC procedure', '/trpc/finnes.ikke', 404, HTTP_MESSAGES.notFound],
    ['broken JSON in a tRPC query', '/trpc/listings.byId?input=%7Bx', 400, HTTP_MESSAGES.invalidJson],
  ])('GET %s', async (_name, url, status, message) => {
    const res = parse(await rawRequest(port, get(url)));
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.json)).toContain(JSON.stringify(message));
    expect(JSON.stringify(res.json)).not.toMatch(/FST_|Not Found|Bad Request|is not a valid|procedure/);
  });

  it('answers a method the path does not have with 405 and Allow', async () => {
    for (const method of ['PUT', 'OPTIONS', 'TRACE']) {
      const res = parse(await rawRequest(port, `${method} /api/listings HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`));
      expect(res.status, method).toBe(405);
      expect(res.json).toEqual({ message: HTTP_MESSAGES.methodNotAllowed });
      expect(res.head).toMatch(/allow: GET, POST/i);
    }
  });

  it('answers HEAD of a missing photo with a bare 404', async () => {
    const res = parse(await rawRequest(port, `HEAD /uploads/ab/finnes-ikke.webp HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    expect(res.status).toBe(404);
  });

  it('answers requests Node’s parser refuses (bad method, request line, Content-Length, huge headers) in our words', async () => {
    const cases: [string, number, string][] = [
      ['FOO /api/listings HTTP/1.1\r\nHost: localhost\r\n\r\n', 400, HTTP_MESSAGES.invalidRequest],
      ['GARBAGE\r\n\r\n', 400, HTTP_MESSAGES.invalidRequest],
      ['POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n', 400, HTTP_MESSAGES.invalidRequest],
      [get(`/api/listings?q=${'a'.repeat(20_000)}`), 431, HTTP_MESSAGES.headersTooLarge],
    ];
    for (const [request, status, message] of cases) {
      const res = parse(await rawRequest(port, request));
      expect(res.status, request.slice(0, 30)).toBe(status);
      expect(res.json).toEqual({ message });
    }
  });

  it('answers broken JSON, the wrong content type, multipart and a wrong method over tRPC in our words', async () => {
    const call = (method: string, ct: string, body: string) =>
      rawRequest(
        port,
        `${method} /trpc/auth.login HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${ct}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    const cases: [string, string, string, string][] = [
      ['POST', 'application/json', '{x', HTTP_MESSAGES.invalidJson],
      ['POST', 'text/plain', 'hi', HTTP_MESSAGES.notJson],
      ['POST', 'multipart/form-data; boundary=x', 'hi', HTTP_MESSAGES.invalidRequest],
      ['PUT', 'application/json', '{}', HTTP_MESSAGES.methodNotAllowed],
    ];
    for (const [method, ct, body, message] of cases) {
      const res = parse(await call(method, ct, body));
      expect(res.json, `${method} ${ct}`).toMatchObject({ error: { message } });
    }
  });

  it('refuses a websocket upgrade to a path that takes none, before upgrading', async () => {
    for (const url of ['/ws', '/api/listings']) {
      const res = parse(
        await rawRequest(
          port,
          `GET ${url} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        ),
      );
      expect(res.status, url).toBe(404);
      expect(res.json).toEqual({ message: HTTP_MESSAGES.notWebSocket });
    }
  });

  it('still upgrades the tRPC websocket', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/trpc`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });
});

describe('an answer kept from an HTTPS request', () => {
  // With PUBLIC_URL, as in production, an answer is kept under the public origin whichever scheme a request came by.
  const app = listeningTestApp({ publicUrl: 'https://bilpartner.example' }, { trustProxy: 'loopback' });

  it('is served over plain HTTP without Strict-Transport-Security', async () => {
    const url = '/api/listings/facets';
    // Asked twice over HTTPS, the answer is kept; then asked over plain HTTP, it is served from the cache.
    for (let i = 0; i < 2; i++) parse(await rawRequest(app.port, get(url, 'X-Forwarded-Proto: https\r\n')));
    const plain = parse(await rawRequest(app.port, get(url)));
    expect(plain.head).toMatch(/^x-cache: hit/im);
    expect(plain.head).not.toMatch(/strict-transport-security/i);
  });
});

describe('the scheme and the host a request names', () => {
  // A proxy on this machine is trusted, as in production: its X-Forwarded-Proto says whether the request was HTTPS.
  const app = listeningTestApp({}, { trustProxy: 'loopback' });

  it('sends Strict-Transport-Security only over HTTPS, as a trusted proxy reports it', async () => {
    const plain = parse(await rawRequest(app.port, get('/healthz')));
    expect(plain.status).toBe(200);
    expect(plain.head).not.toMatch(/strict-transport-security/i);
    const https = parse(await rawRequest(app.port, get('/healthz', 'X-Forwarded-Proto: https\r\n')));
    expect(https.head).toMatch(/^strict-transport-security: max-age=\d+/im);
    // The other security headers go out either way.
    expect(plain.head).toMatch(/^x-content-type-options: nosniff/im);
  });

  it('believes no X-Forwarded-Proto from an untrusted client', async () => {
    const res = await app.t.app.inject({ url: '/healthz', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a request with two Host headers 400, in our words, for a page, the API and tRPC', async () => {
    for (const url of ['/kontakt', '/api/listings', '/trpc/listings.list', '/healthz']) {
      const res = parse(await rawRequest(app.port, `GET ${url} HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n`));
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual({ message: HTTP_MESSAGES.severalHosts });
    }
    const post = `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nhost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
    expect(parse(await rawRequest(app.port, post)).status).toBe(400);
    // One Host is fine.
    expect(parse(await rawRequest(app.port, get('/healthz'))).status).toBe(200);
  });
});
