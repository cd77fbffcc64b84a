import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHtmlShell, routeChunks, trpcQueryUrl } from './html-shell';

// docs/decisions/010-compression-and-bundle.md "First load": the three start pages name their data and their route
// chunks in the HTML; every other path is left to index.html as it is.

const INDEX_HTML = `<!doctype html>
<html lang="nb">
  <head>
    <title>Bilpartner.no</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-abc.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

const SPLIT = '?tsr-split=component---errorComponent---notFoundComponent---pendingComponent';
/** A manifest as Vite writes it: the entry, its static imports, and each route's split chunk with its own imports. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_framework-abc.js'] },
  '_framework-abc.js': { file: 'assets/framework-abc.js' },
  '_card-abc.js': { file: 'assets/card-abc.js', imports: ['_framework-abc.js', '_icon-abc.js'] },
  '_icon-abc.js': { file: 'assets/icon-abc.js' },
  '_gallery-abc.js': { file: 'assets/gallery-abc.js', imports: ['index.html'] },
  [`src/client/routes/index.tsx${SPLIT}`]: { file: 'assets/routes-abc.js', imports: ['index.html', '_card-abc.js', '_framework-abc.js'] },
  [`src/client/routes/annonser.tsx${SPLIT}`]: { file: 'assets/annonser-abc.js', imports: ['_card-abc.js'] },
  [`src/client/routes/listing.$id.tsx${SPLIT}`]: { file: 'assets/listing._id-abc.js', imports: ['_gallery-abc.js', '_icon-abc.js'] },
};

function clientBuild(withManifest: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-shell-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  if (withManifest) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  }
  return dir;
}

/** A bare Fastify with only the shell, and index.html as the fallback, as src/server/app.ts answers other paths. */
async function appFor(clientDir: string) {
  const app = Fastify();
  registerHtmlShell(app, clientDir);
  app.setNotFoundHandler((_req, reply) => reply.type('text/html').send(fs.readFileSync(path.join(clientDir, 'index.html'))));
  await app.ready();
  return app;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('html shell', () => {
  let app: FastifyInstance;
  const dirs: string[] = [];

  beforeAll(async () => {
    dirs.push(clientBuild(true));
    app = await appFor(dirs[0]);
  });
  afterAll(async () => {
    await app.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('names the listing the page will load, and its route chunks, on /listing/{id}', async () => {
    const res = await app.inject({ url: '/listing/42' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual([
      'modulepreload /assets/framework-abc.js', // the entry's own, untouched
      'preload /trpc/listings.byId?input=%7B%22id%22%3A42%7D',
      // the route's chunk and what it imports, less what the entry loads already (index.html, framework)
      'modulepreload /assets/listing._id-abc.js',
      'modulepreload /assets/gallery-abc.js',
      'modulepreload /assets/icon-abc.js',
    ]);
    // The URL is the one tRPC's httpLink asks for (src/client/trpc.ts sends listings.byId unbatched).
    expect(trpcQueryUrl('listings.byId', { id: 42 })).toBe(`/trpc/listings.byId?input=${encodeURIComponent('{"id":42}')}`);
    expect(res.body).toContain('as="fetch" crossorigin="use-credentials"');
  });

  it('preloads no data for an id the page treats as not found', async () => {
    const res = await app.inject({ url: '/listing/abc' });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body).filter((p) => p.startsWith('preload '))).toEqual([]);
    expect(preloads(res.body)).toContain('modulepreload /assets/listing._id-abc.js');
  });

  it('names the home page\'s latest listings and the search page\'s first results, and their route chunks', async () => {
    const home = await app.inject({ url: '/' });
    expect(preloads(home.body)).toEqual([
      'modulepreload /assets/framework-abc.js',
      `preload /trpc/listings.list?input=${encodeURIComponent('{"limit":3}')}`,
      'modulepreload /assets/routes-abc.js',
      'modulepreload /assets/card-abc.js',
      'modulepreload /assets/icon-abc.js',
    ]);
    const search = await app.inject({ url: '/annonser' });
    expect(preloads(search.body)).toEqual([
      'modulepreload /assets/framework-abc.js',
      `preload /trpc/listings.list?input=${encodeURIComponent('{"sort":"newest","limit":24,"offset":0}')}`,
      'modulepreload /assets/annonser-abc.js',
      'modulepreload /assets/card-abc.js',
      'modulepreload /assets/icon-abc.js',
    ]);
  });

  it('names no data for a search with parameters (the client parses them), only the chunks', async () => {
    const search = await app.inject({ url: '/annonser?make=Volvo' });
    expect(preloads(search.body)).toEqual(['modulepreload /assets/framework-abc.js', 'modulepreload /assets/annonser-abc.js', 'modulepreload /assets/card-abc.js', 'modulepreload /assets/icon-abc.js']);
  });

  it('leaves every other path to index.html as it is', async () => {
    for (const url of ['/kontakt', '/listing/1/extra', '/ny-annonse']) {
      const res = await app.inject({ url });
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('sends brotli or gzip as asked, varies on it, and answers 304 to its own ETag', async () => {
    const br = await app.inject({ url: '/listing/7', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('listings.byId?input=%7B%22id%22%3A7%7D');
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('/assets/routes-abc.js');
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(gz.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('registers nothing for a build without a manifest', async () => {
    dirs.push(clientBuild(false));
    const plain = await appFor(dirs.at(-1)!);
    try {
      const res = await plain.inject({ url: '/listing/42' });
      expect(res.body).toBe(INDEX_HTML);
    } finally {
      await plain.close();
    }
  });

  it('leaves out the chunks the entry already loads', () => {
    expect(routeChunks(MANIFEST, 'src/client/routes/index.tsx')).toEqual(['/assets/routes-abc.js', '/assets/card-abc.js', '/assets/icon-abc.js']);
    expect(routeChunks(MANIFEST, 'src/client/routes/nowhere.tsx')).toEqual([]);
  });
});
