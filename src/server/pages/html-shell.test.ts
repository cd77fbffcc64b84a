import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPhotoSources, stagePhotoSources, type ImgSources } from '../../shared/photo-sources';
import type { ListingCardShape, ListingDetailShape } from '../../shared/schemas/listing-shape';
import { createTestApp, createUser, json, sessionCookie, type TestApp } from '../testing/harness';
import { deleteRows, updateListingRow } from '../testing/store-rows';
import { insertListing, insertListingImage } from '../testing/listing-factory';
import { registerResponseCache } from '../http/response-cache';
import { publicOrigin } from '../http/public-origin';
import { routeChunks, SHELL_ROUTES, shellHints, type ShellStores } from './html-shell';
import { composePage } from './server-render';
import { templateScripts } from './start-scripts';

/** The tRPC URL of an unbatched query (what httpLink sends for GET): /trpc/<path>?input=<JSON>. */
const trpcQueryUrl = (procedure: string, input: unknown) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

// docs/decisions/010-compression-and-bundle.md "First load" and "Photo first": the three start pages name their data,
// their largest-paint photo and their route chunks in the HTML; the scripts start from the page's starter.

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
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_framework-abc.js'], dynamicImports: ['src/client/start.tsx'] },
  'src/client/start.tsx': { file: 'assets/start-abc.js', imports: ['_framework-abc.js', '_icon-abc.js'] },
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

/** An empty rendered page: what the html shell adds is all there is to see. */
const EMPTY_PAGE = { kind: 'page', status: 200, html: '', styles: '', state: {}, head: { meta: [], links: [], scripts: [] } } as unknown as Parameters<typeof composePage>[1];

/**
 * A bare Fastify with only the HTTP layer's answer hooks (ETags, compression) and the three pages as the server's
 * render composes them, an empty page in index.html, with the hints.
 */
async function appFor(clientDir: string, stores?: ShellStores) {
  const app = Fastify({ logger: false });
  registerResponseCache(app, { listingsVersion: () => 0, sharedProcedure: () => false, originOf: (req) => publicOrigin(req, {}) });
  const hints = shellHints(app, clientDir, stores);
  for (const route of SHELL_ROUTES) {
    app.get(route.url, { config: { httpCache: 'anonymous' } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(composePage(templateScripts(INDEX_HTML), EMPTY_PAGE, hints && (await hints(req)))),
    );
  }
  await app.ready();
  return app;
}

/** What the page's starter loads once the page is painted: the entry, the modules it preloads, and whether it waits for the photo. */
const started = (html: string) => {
  const tag = /<script data-entry="([^"]+)" data-preload="([^"]*)"( data-photo)?>/.exec(html);
  return tag && { entry: tag[1], preloads: tag[2]!.split(' ').filter(Boolean), waitsForPhoto: Boolean(tag[3]) };
};
const preloads = (html: string) => started(html)?.preloads ?? [];
/** Scripts (not data such as JSON-LD) and module preloads in the page's <head>: none, so nothing competes with the photo. */
const headScripts = (html: string) => html.slice(0, html.indexOf('</head>')).match(/<script(?! type="application\/(?:ld\+)?json")|modulepreload/g) ?? [];

/** The image preloads in the page's <head> (not React's own in the markup), their attributes decoded. */
const imagePreloads = (html: string) =>
  [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="preload" as="image"([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([a-z]+)="([^"]*)"/g)].map((a) => [a[1], a[2].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&')])),
  );

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

  it('names the listing page\'s route chunks, less what the entry loads already', async () => {
    const res = await app.inject({ url: '/listing/42' });
    expect(res.statusCode).toBe(200);
    expect(started(res.body)).toEqual({
      entry: '/assets/index-abc.js',
      preloads: [
        '/assets/framework-abc.js', // the entry's own, from index.html
        // the stage the entry imports, then the route's chunk and what it imports, less what is named already
        '/assets/start-abc.js',
        '/assets/icon-abc.js',
        '/assets/listing._id-abc.js',
        '/assets/gallery-abc.js',
      ],
      waitsForPhoto: false, // no stores here: no photo to wait for
    });
    expect(headScripts(res.body)).toEqual([]);
  });

  it('names the home and search pages\' route chunks, with or without search parameters', async () => {
    const home = await app.inject({ url: '/' });
    expect(preloads(home.body)).toEqual(['/assets/framework-abc.js', '/assets/start-abc.js', '/assets/icon-abc.js', '/assets/routes-abc.js', '/assets/card-abc.js']);
    for (const url of ['/annonser', '/annonser?make=Volvo']) {
      const search = await app.inject({ url });
      expect(preloads(search.body), url).toEqual(['/assets/framework-abc.js', '/assets/start-abc.js', '/assets/icon-abc.js', '/assets/annonser-abc.js', '/assets/card-abc.js']);
    }
  });

  it('sends brotli or gzip as asked, varies on it, and answers 304 to its own ETag', async () => {
    const br = await app.inject({ url: '/listing/7', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('/assets/listing._id-abc.js');
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('/assets/routes-abc.js');
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(gz.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gives no hints for a build without a manifest', async () => {
    dirs.push(clientBuild(false));
    const plain = await appFor(dirs.at(-1)!);
    try {
      const res = await plain.inject({ url: '/listing/42' });
      expect(started(res.body)).toEqual({ entry: '/assets/index-abc.js', preloads: ['/assets/framework-abc.js'], waitsForPhoto: false });
    } finally {
      await plain.close();
    }
  });

  it('names the stages the entry imports first, and leaves out the chunks its own tags load', () => {
    expect(routeChunks(MANIFEST, 'src/client/routes/index.tsx')).toEqual(['/assets/start-abc.js', '/assets/icon-abc.js', '/assets/routes-abc.js', '/assets/card-abc.js']);
    expect(routeChunks(MANIFEST, 'src/client/routes/nowhere.tsx')).toEqual([]);
  });
});

// docs/decisions/010-compression-and-bundle.md "The LCP photo in the page": the photo that is the page's largest
// paint is named in the page with the srcset and sizes the client's <img> uses, from what an anonymous visitor sees.
describe('html shell: the largest paint\'s photo', () => {
  let t: TestApp;
  let clientDir: string;
  let ownerCookie: string;
  let otherCookie: string;
  let visible: number;
  let pending: number;
  let inactive: number;
  let noPhotos: number;

  /**
   * A listing with two photos in all three sizes, as the upload path writes them (the cover's thumbnail on the row,
   * the photos' rows before anything reads the listing).
   */
  const withPhotos = async (userId: number, overrides: Parameters<typeof insertListing>[2]) => {
    const id = (await insertListing(t.store, userId, overrides)).id;
    await updateListingRow(t.store, id, { coverImage: `/uploads/listings/${id}/0-thumb.webp` });
    await addPhotos(id);
    return id;
  };
  const addPhotos = async (listingId: number) => {
    for (const position of [0, 1]) {
      await insertListingImage(t.store, listingId, position, { mediumUrl: `/uploads/listings/${listingId}/${position}-medium.webp`, height: 1200 });
    }
  };
  const day = (n: number) => new Date(Date.UTC(2026, 10, n));

  beforeAll(async () => {
    clientDir = clientBuild(true);
    t = await createTestApp({ clientDir });
    const { user: owner } = await createUser(t.store);
    const { user: other } = await createUser(t.store);
    ownerCookie = await sessionCookie(t.store, owner.id);
    otherCookie = await sessionCookie(t.store, other.id);
    await withPhotos(owner.id, { createdAt: day(1) }); // an older result: the hint is the first one's
    visible = await withPhotos(owner.id, { createdAt: day(2) });
    // Newer than every public listing: an anonymous visitor's first result must not be one of these.
    pending = await withPhotos(owner.id, { status: 'pending', createdAt: day(5) });
    inactive = await withPhotos(owner.id, { active: false, createdAt: day(6) });
    noPhotos = (await insertListing(t.store, owner.id, { createdAt: day(1) })).id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  /** What the client's <img> (or <source>) asks for, as the preload must ask for it. */
  const asPreload = (s: ImgSources) => ({ imagesrcset: s.srcSet, imagesizes: s.sizes, fetchpriority: 'high' });

  it('names the gallery\'s first photo of a public listing, as the gallery\'s <picture> asks for it', async () => {
    const page = await get(`/listing/${visible}`);
    expect(page.statusCode).toBe(200);
    // The photo as the page's own query answers it, and what the gallery builds from it.
    const answer = json<{ result: { data: ListingDetailShape } }>(await get(trpcQueryUrl('listings.byId', { id: visible })));
    const first = answer.result.data.imageDetails[0]!;
    expect(first.url).toBe(`/uploads/listings/${visible}/0.webp`);
    const { phone, img } = stagePhotoSources(first, false);
    expect(phone).toBeDefined();
    expect(imagePreloads(page.body)).toEqual([
      { ...asPreload(phone!), media: '(max-width: 767px)' },
      { ...asPreload(img), media: 'not all and (max-width: 767px)' },
    ]);
    expect(img.srcSet).toContain(`/uploads/listings/${visible}/0.webp 1600w`);
    // First in the head, ahead of the styles, with no script beside it; the starter waits for it. Never with an href
    // beside the srcset (a browser without imagesrcset would fetch the wrong size).
    expect(page.body.indexOf('rel="preload" as="image"')).toBeLessThan(page.body.indexOf('<style'));
    expect(headScripts(page.body)).toEqual([]);
    expect(started(page.body)).toMatchObject({ preloads: expect.arrayContaining(['/assets/listing._id-abc.js']), waitsForPhoto: true });
    expect(page.body).not.toMatch(/as="image" href=/);
  });

  it('names the search page\'s first result\'s cover, as its card asks for it', async () => {
    const page = await get('/annonser');
    const answer = json<{ result: { data: { items: ListingCardShape[] } } }>(await get(trpcQueryUrl('listings.list', { sort: 'newest', limit: 24, offset: 0 })));
    const first = answer.result.data.items[0]!;
    expect(first.id).toBe(visible);
    expect(imagePreloads(page.body)).toEqual([asPreload(cardPhotoSources(first, false)!)]);
    expect(cardPhotoSources(first, false)!.srcSet).toBe(`/uploads/listings/${visible}/0-thumb.webp 480w, /uploads/listings/${visible}/0-medium.webp 800w`);
    // A search with parameters: the client parses them, so neither data nor photo is named.
    expect(imagePreloads((await get('/annonser?make=Volvo')).body)).toEqual([]);
    expect(started(page.body)?.waitsForPhoto).toBe(true);
    // The home page's largest paint is its hero's text: its scripts start after the first paint.
    expect(imagePreloads((await get('/')).body)).toEqual([]);
    expect(started((await get('/')).body)?.waitsForPhoto).toBe(false);
  });

  it('names no photo of a listing an anonymous visitor may not see, nor of one without photos', async () => {
    for (const id of [pending, inactive]) {
      const page = await get(`/listing/${id}`);
      expect(page.statusCode).toBe(404);
      expect(imagePreloads(page.body), `${id} anonymous`).toEqual([]);
      expect(page.body).not.toContain(`/uploads/listings/${id}/`);
      // The owner sees the listing, rendered with its photos, but the hint is what anyone may see: none.
      const own = await get(`/listing/${id}`, ownerCookie);
      expect(own.statusCode).toBe(200);
      expect(imagePreloads(own.body), `${id} owner`).toEqual([]);
    }
    expect(imagePreloads((await get(`/listing/${noPhotos}`)).body)).toEqual([]);
    expect((await get('/listing/999999')).statusCode).toBe(404);
    expect(imagePreloads((await get('/listing/999999')).body)).toEqual([]);
  });

  it('keeps one page for every anonymous visitor, and renders a logged-in visitor\'s own, privately', async () => {
    for (const url of ['/', '/annonser', `/listing/${visible}`]) {
      await get(url); // kept from a URL's second request on (response-cache.ts)
      const anonymous = await get(url);
      expect(anonymous.headers.etag, url).toBeDefined();
      expect((await get(url)).headers.etag, url).toBe(anonymous.headers.etag);
      expect(anonymous.headers.vary, url).toContain('Cookie');
      const loggedIn = await get(url, otherCookie);
      expect(loggedIn.headers['cache-control'], url).toBe('private, no-cache');
      expect(loggedIn.headers.etag, url).toBeUndefined();
      expect(loggedIn.body, url).not.toBe(anonymous.body);
    }
  });

  it('follows the search: a newer public listing\'s cover replaces the hint, with a new ETag', async () => {
    const before = await get('/annonser');
    const newer = await withPhotos((await createUser(t.store)).user.id, { createdAt: day(3) });
    try {
      const after = await get('/annonser');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(imagePreloads(after.body)[0].imagesrcset).toContain(`/uploads/listings/${newer}/0-medium.webp 800w`);
      // A revalidation with the old ETag gets the new page.
      expect((await t.app.inject({ url: '/annonser', headers: { 'if-none-match': String(before.headers.etag) } })).statusCode).toBe(200);
    } finally {
      await deleteRows(t.store, 'listingImages', { listingId: newer });
      await deleteRows(t.store, 'listings', { id: newer });
    }
    expect(imagePreloads((await get('/annonser')).body)[0].imagesrcset).toContain(`/uploads/listings/${visible}/`);
  });

  it('serves the page without a photo hint when reading it fails', async () => {
    const dir = clientBuild(true);
    const failing = {
      search: { search: () => { throw new Error('database is locked'); } },
      listingDetails: { forViewer: () => { throw new Error('database is locked'); } },
    } as unknown as ShellStores;
    const app = await appFor(dir, failing);
    try {
      for (const url of ['/annonser', '/listing/42']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(imagePreloads(res.body), url).toEqual([]);
        expect(started(res.body), url).toMatchObject({ preloads: expect.arrayContaining(['/assets/framework-abc.js']), waitsForPhoto: false });
      }
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
