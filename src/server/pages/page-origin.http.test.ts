import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';

// The origin kept pages name (canonical, og:url, the sitemap's and robots.txt's links): PUBLIC_URL, else the
// request's own scheme and host, with X-Forwarded-Proto and -Host believed only from a trusted proxy (TRUST_PROXY) and
// only http or https as a scheme. The HTTP cache keeps an answer per origin it names, so the page asked for over one
// scheme is never served for the other.

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]*)">/.exec(html)?.[1];
const sitemapLine = (text: string) => /^Sitemap: (.*)$/m.exec(text)?.[1];
const firstLoc = (xml: string) => /<loc>([^<]*)<\/loc>/.exec(xml)?.[1];

describe('behind a trusted proxy, without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { serverRender: true, trustProxy: true });
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: 'bilpartner.test', ...headers } });

  it('keeps a page asked for over https apart from the same page over http', async () => {
    for (let i = 0; i < 3; i++) {
      const https = await get('/kontakt?x=1', { 'x-forwarded-proto': 'https' });
      expect(canonicalOf(https.body)).toBe('https://bilpartner.test/kontakt');
    }
    const plain = await get('/kontakt?x=1');
    expect(canonicalOf(plain.body)).toBe('http://bilpartner.test/kontakt');
    expect(ogUrlOf(plain.body)).toBe('http://bilpartner.test/kontakt');
    // And the other way round, from the kept http page.
    expect(canonicalOf((await get('/kontakt?x=1', { 'x-forwarded-proto': 'https' })).body)).toBe('https://bilpartner.test/kontakt');
  });

  it('reads a scheme other than http or https as http: the page keeps its canonical and og:url', async () => {
    for (let i = 0; i < 3; i++) {
      const odd = await get('/kontakt?x=2', { 'x-forwarded-proto': 'javascript' });
      expect(odd.statusCode).toBe(200);
      expect(canonicalOf(odd.body)).toBe('http://bilpartner.test/kontakt');
      expect(ogUrlOf(odd.body)).toBe('http://bilpartner.test/kontakt');
    }
  });

  it('keeps the sitemap and robots.txt per scheme too', async () => {
    for (let i = 0; i < 3; i++) {
      expect(sitemapLine((await get('/robots.txt', { 'x-forwarded-proto': 'https' })).body)).toBe('https://bilpartner.test/sitemap.xml');
      expect(firstLoc((await get('/sitemap.xml', { 'x-forwarded-proto': 'https' })).body)).toBe('https://bilpartner.test/');
    }
    expect(sitemapLine((await get('/robots.txt')).body)).toBe('http://bilpartner.test/sitemap.xml');
    expect(firstLoc((await get('/sitemap.xml')).body)).toBe('http://bilpartner.test/');
    expect(sitemapLine((await get('/robots.txt', { 'x-forwarded-proto': 'javascript' })).body)).toBe('http://bilpartner.test/sitemap.xml');
  });
});

describe('without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { serverRender: true, trustProxy: false });
  });
  afterAll(() => t.close());

  it('believes no X-Forwarded-Proto or -Host', async () => {
    const res = await t.app.inject({
      url: '/kontakt',
      headers: { host: 'bilpartner.test', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(canonicalOf(res.body)).toBe('http://bilpartner.test/kontakt');
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://bilpartner.example' }, { serverRender: true, trustProxy: true });
  });
  afterAll(() => t.close());

  it('names PUBLIC_URL whatever scheme and host the request names', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, { host: 'evil.example' }, { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' }, {}]) {
      const res = await t.app.inject({ url: '/kontakt?x=3', headers });
      expect(canonicalOf(res.body)).toBe('https://bilpartner.example/kontakt');
      expect(sitemapLine((await t.app.inject({ url: '/robots.txt', headers })).body)).toBe('https://bilpartner.example/sitemap.xml');
    }
  });
});
