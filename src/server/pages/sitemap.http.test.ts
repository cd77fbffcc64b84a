import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../../db/schema';
import { createTestApp, createUser, type TestApp } from '../testing/harness';
import { httpClient } from '../testing/http';
import { insertListing } from '../testing/listing-factory';

// /sitemap.xml and /robots.txt as a crawler reads them: the public pages and exactly the listings a buyer
// may see, with absolute links, an index past the page size, and ETag/304 until the listings change.

const HOST = 'bilpartner.test';
/** The pages any visitor may open, as the issue names them. */
const STATIC_PAGES = ['/', '/annonser', '/about', '/kontakt', '/personvern', '/vilkar', '/cookies'];

/** The <loc> and <lastmod> of each <url> (or <sitemap>) of a sitemap, in order. */
function entries(xml: string) {
  return [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/(?:url|sitemap)>/g)].map(([, loc, lastmod]) => ({
    loc,
    lastmod,
  }));
}

const staticEntries = (origin: string) => STATIC_PAGES.map((p) => ({ loc: `${origin}${p}`, lastmod: undefined }));
const listingEntry = (origin: string, l: Listing) => ({ loc: `${origin}/listing/${l.id}`, lastmod: l.updatedAt.toISOString() });

describe('the sitemap on one page', () => {
  let t: TestApp;
  const http = httpClient(() => t);
  let visible: Listing[];
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await createUser(t.store)).user.id;
    const first = await insertListing(t.store, userId, { updatedAt: new Date('2024-06-01T09:30:00.250Z') });
    await insertListing(t.store, userId, { status: 'pending' });
    await insertListing(t.store, userId, { status: 'rejected', rejectionReason: 'Mangler bilder.' });
    await insertListing(t.store, userId, { active: false });
    const deleted = await insertListing(t.store, userId);
    await t.store.listings.remove(deleted.id, () => null);
    const second = await insertListing(t.store, userId, { make: 'Volvo', model: 'V90' });
    visible = [first, second];
  });
  afterAll(() => t.close());

  it('lists the public pages and the listings a buyer may see, with their last change, and nothing else', async () => {
    const res = await http.send({ url: '/sitemap.xml', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const origin = `http://${HOST}`;
    expect(entries(res.body)).toEqual([...staticEntries(origin), ...visible.map((l) => listingEntry(origin, l))]);
    expect(entries(res.body)[STATIC_PAGES.length].lastmod).toBe('2024-06-01T09:30:00.250Z');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await http.send({ method: 'HEAD', url: '/sitemap.xml', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('has no pages of its own while it is not an index', async () => {
    expect((await http.send({ url: '/sitemap-1.xml', headers: { host: HOST } })).statusCode).toBe(404);
  });

  it('escapes what it names', async () => {
    const res = await http.send({ url: '/sitemap.xml', headers: { host: 'a&b<c' } });
    expect(res.body).toContain('<loc>http://a&#38;b&#60;c/annonser</loc>');
    expect(res.body).not.toContain('a&b');
  });

  it('names the sitemap in robots.txt, beside the rules for crawlers', async () => {
    const res = await http.send({ url: '/robots.txt', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nDisallow: /admin\n');
    expect(res.body).toContain('Disallow: /mine-annonser\n');
    expect(res.body).toContain(`\nSitemap: http://${HOST}/sitemap.xml\n`);
  });

  it('answers 304 to its ETag until the listings change, then names the new listing', async () => {
    const get = (etag?: string) => http.send({ url: '/sitemap.xml', headers: { host: HOST, ...(etag ? { 'if-none-match': etag } : {}) } });
    // Kept and tagged from the second request on (response-cache.ts).
    await get();
    const tagged = await get();
    const etag = String(tagged.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const added = await insertListing(t.store, userId, { make: 'Tesla', model: 'Model 3' });
    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(entries(changed.body)).toContainEqual(listingEntry(`http://${HOST}`, added));
  });
});

describe('the sitemap with PUBLIC_URL', () => {
  let t: TestApp;
  const http = httpClient(() => t);
  let listing: Listing;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://bilpartner.no' });
    listing = await insertListing(t.store, (await createUser(t.store)).user.id);
  });
  afterAll(() => t.close());

  it('names that origin, whatever host the request came to', async () => {
    const sitemap = await http.send({ url: '/sitemap.xml', headers: { host: 'intern.local:3000' } });
    expect(entries(sitemap.body)).toEqual([...staticEntries('https://bilpartner.no'), listingEntry('https://bilpartner.no', listing)]);
    const robots = await http.send({ url: '/robots.txt', headers: { host: 'intern.local:3000' } });
    expect(robots.body).toContain('\nSitemap: https://bilpartner.no/sitemap.xml\n');
    expect(robots.body).not.toContain('intern.local');
  });
});

describe('the sitemap as an index', () => {
  const PAGE = 5;
  let t: TestApp;
  const http = httpClient(() => t);
  let visible: Listing[];
  beforeAll(async () => {
    t = await createTestApp({}, { sitemapPageSize: PAGE });
    const userId = (await createUser(t.store)).user.id;
    visible = [];
    for (let i = 0; i < 4; i++) {
      visible.push(await insertListing(t.store, userId));
      await insertListing(t.store, userId, { status: 'pending' });
    }
  });
  afterAll(() => t.close());

  const origin = `http://${HOST}`;
  const get = (url: string) => http.send({ url, headers: { host: HOST } });

  it('names its pages once there are more URLs than fit in one, and each page holds at most that many', async () => {
    // The seven public pages and four listings: eleven URLs, three pages of at most five.
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const pages = entries(index.body).map((e) => e.loc);
    expect(pages).toEqual([1, 2, 3].map((n) => `${origin}/sitemap-${n}.xml`));

    const listed = [];
    for (const page of pages) {
      const res = await get(new URL(page).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = entries(res.body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(PAGE);
      listed.push(...urls);
    }
    expect(listed).toEqual([...staticEntries(origin), ...visible.map((l) => listingEntry(origin, l))]);
  });

  it('answers 404 for a page it does not name', async () => {
    for (const url of ['/sitemap-4.xml', '/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-x.xml', '/sitemap-.xml']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
