import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, createUser, listenOnLoopback, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

// docs/decisions/010-compression-and-bundle.md: the built client goes out precompressed, the API's JSON compressed
// above a small size, brotli before gzip, nothing compressed for a client that asks for no encoding, Vary throughout.

const BROWSER = 'gzip, deflate, br, zstd';

/** The body as the client reads it after undoing the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected content-encoding ${String(res.headers['content-encoding'])}`);
  }
}

const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

/** A file and the .br and .gz copies the build writes next to it (vite.config.ts). */
function writeWithCopies(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

describe('compressed answers', () => {
  let t: TestApp;
  let clientDir: string;
  const indexHtml = `<!doctype html><html lang="nb"><head><title>Bilpartner.no</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
  const appJs = `export const cars = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, make: 'Volvo', model: 'V60' })))};`;
  let listingId: number;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    writeWithCopies(path.join(clientDir, 'index.html'), indexHtml);
    writeWithCopies(path.join(clientDir, 'assets', 'app-abc123.js'), appJs);
    t = await createTestApp({ clientDir });
    const { user } = await createUser(t.store);
    for (let i = 0; i < 8; i++) listingId = (await insertListing(t.store, user.id, { make: 'Volvo', model: 'V60' })).id;
    fs.mkdirSync(path.join(t.uploadDir, 'listings', String(listingId)), { recursive: true });
    // Not a real image: a compressible body behind a .webp name, so only the route's rule can keep it uncompressed.
    fs.writeFileSync(path.join(t.uploadDir, 'listings', String(listingId), '0.webp'), 'RIFF'.padEnd(4000, 'A'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  describe('built assets', () => {
    it('sends the brotli copy to a browser, gzip to a client without brotli, the file itself to one that asks for neither', async () => {
      const cases = [
        { accept: BROWSER, encoding: 'br' },
        { accept: 'gzip, deflate', encoding: 'gzip' },
        { accept: undefined, encoding: undefined },
        { accept: 'identity', encoding: undefined },
      ];
      for (const { accept, encoding } of cases) {
        const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type'], accept).toMatch(/javascript/);
        expect(varies(res), accept).toBe(true);
        expect(res.headers['cache-control'], accept).toContain('immutable');
        expect(decoded(res), accept).toBe(appJs);
      }
      const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': BROWSER } });
      expect(br.rawPayload.length).toBeLessThan(appJs.length / 5);
    });

    it('sends index.html compressed for every page the browser renders, revalidated', async () => {
      for (const url of ['/profil', '/chats', '/ny-annonse', '/admin']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('br');
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(varies(res), url).toBe(true);
        expect(decoded(res), url).toBe(indexHtml);
      }
      const gzip = await t.app.inject({ url: '/profil', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decoded(gzip)).toBe(indexHtml);
      const plain = await t.app.inject({ url: '/profil' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(indexHtml);
    });

    it('falls back to the file itself when the build left no compressed copy', async () => {
      fs.writeFileSync(path.join(clientDir, 'assets', 'tiny-1.js'), 'export{}');
      const late = await createTestApp({ clientDir });
      try {
        const res = await late.app.inject({ url: '/assets/tiny-1.js', headers: { 'accept-encoding': BROWSER } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toBe('export{}');
      } finally {
        await late.close();
      }
    });
  });

  describe('API JSON', () => {
    it('compresses a long REST answer, brotli first, keeping its headers', async () => {
      const plain = await t.app.inject({ url: '/api/listings?make=Volvo' });
      expect(plain.statusCode).toBe(200);
      expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      for (const [accept, encoding] of [
        [BROWSER, 'br'],
        ['gzip, deflate', 'gzip'],
        ['gzip;q=1, br;q=0.5', 'gzip'],
      ] as const) {
        const res = await t.app.inject({ url: '/api/listings?make=Volvo', headers: { 'accept-encoding': accept } });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
        expect(res.headers['x-total-count'], accept).toBe('8');
        expect(varies(res), accept).toBe(true);
        expect(res.rawPayload.length, accept).toBeLessThan(plain.body.length / 3);
        expect(JSON.parse(decoded(res)), accept).toEqual(plain.json());
      }
    });

    it('compresses a listing-sized answer in one piece (a Content-Length, not a stream) and a kept page only once', async () => {
      const url = `/trpc/listings.list?input=${encodeURIComponent(JSON.stringify({ make: 'Volvo' }))}`;
      const plain = await t.app.inject({ url });
      expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      const res = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(varies(res)).toBe(true);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
      // A page answered again comes from its kept copy, already compressed: decoding it once gives the JSON.
      for (let i = 0; i < 2; i++) {
        const page = await t.app.inject({ url: '/api/listings?make=Volvo', headers: { 'accept-encoding': BROWSER } });
        expect(JSON.parse(decoded(page))).toHaveLength(8);
      }
    });

    it('sends a long answer as it is to a client that asks for no encoding, still saying it varies', async () => {
      const res = await t.app.inject({ url: '/api/listings?make=Volvo' });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varies(res)).toBe(true);
      expect(res.json()).toHaveLength(8);
    });

    it('leaves answers below the threshold uncompressed', async () => {
      for (const url of ['/api/listings?make=Finnesikke', '/api/finnes-ikke', `/api/listings/999999`]) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
        expect(res.body.length, url).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(() => JSON.parse(res.body), url).not.toThrow();
      }
    });

    it('compresses tRPC answers above the threshold and keeps the status and headers of every tRPC answer', async () => {
      const input = encodeURIComponent(JSON.stringify({ 0: { make: 'Volvo' } }));
      const url = `/trpc/listings.list?batch=1&input=${input}`;
      const plain = await t.app.inject({ url });
      expect(plain.statusCode).toBe(200);
      expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      const br = await t.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(varies(br)).toBe(true);
      expect(JSON.parse(decoded(br))).toEqual(plain.json());

      // A short answer and an error: uncompressed, with tRPC's own status (a compressed stream would have lost it).
      const missing = await t.app.inject({
        url: `/trpc/listings.byId?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: 999999 } }))}`,
        headers: { 'accept-encoding': BROWSER },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-encoding']).toBeUndefined();
      expect(missing.json()[0].error.data.code).toBe('NOT_FOUND');
    });
  });

  describe('never compressed', () => {
    it('sends /uploads photos as they are', async () => {
      const res = await t.app.inject({ url: `/uploads/listings/${listingId}/0.webp`, headers: { 'accept-encoding': BROWSER } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBe(4000);
    });

    it('upgrades the tRPC websocket of a browser that accepts compressed answers', async () => {
      const port = await listenOnLoopback(t);
      const ws = new WebSocket(`ws://127.0.0.1:${port}/trpc`, { headers: { 'accept-encoding': BROWSER } });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.close();
    });
  });
});
