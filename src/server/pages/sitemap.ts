import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';
import { publicOrigin } from '../http/public-origin';
import type { VisibleStamp } from '../store/listings';
import type { Store } from '../store';

// What crawlers read: /sitemap.xml names the public pages and every listing buyers may see (the store's
// visible rule, db/schema/listings.ts), as sitemaps.org 0.9 describes, and robots.txt names the sitemap. Both are the
// same for every caller until the listings change, so the HTTP layer keeps them per listings version with an ETag
// (src/server/http/response-cache.ts). Links are absolute, from PUBLIC_URL or the request's origin (public-origin.ts).

/** The pages any visitor may open (src/client/routes), named before the listings. */
export const STATIC_PAGES = ['/', '/annonser', '/about', '/kontakt', '/personvern', '/vilkar', '/cookies'] as const;

/** The most URLs one sitemap may name (sitemaps.org); past it /sitemap.xml is an index of pages of this many. */
export const SITEMAP_MAX_URLS = 50_000;

/** Crawlers keep out of the pages behind a login and the admin's; everything else may be indexed. */
const ROBOTS_RULES = [
  'User-agent: *',
  'Disallow: /admin',
  'Disallow: /profil',
  'Disallow: /chats',
  'Disallow: /varslinger',
  'Disallow: /mine-annonser',
  'Disallow: /lagrede-annonser',
  'Disallow: /rediger-annonse/',
  'Allow: /',
];

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface SitemapOptions {
  store: Store;
  config: Pick<AppConfig, 'publicUrl'>;
  /** URLs per sitemap (tests use a small one); SITEMAP_MAX_URLS unless given. */
  pageSize?: number;
}

/** Registers GET (and HEAD) /robots.txt, /sitemap.xml and, when it is an index, its pages /sitemap-{n}.xml. */
export function registerSitemap(app: FastifyInstance, { store, config, pageSize = SITEMAP_MAX_URLS }: SitemapOptions) {
  /** Whether a sitemap of `listings` listings needs an index, and of how many pages. */
  const pagesFor = (listings: number) => {
    const urls = STATIC_PAGES.length + listings;
    return urls <= pageSize ? 0 : Math.ceil(urls / pageSize);
  };

  app.get('/robots.txt', { config: { httpCache: 'path' } }, (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send([...ROBOTS_RULES, '', `Sitemap: ${publicOrigin(req, config)}/sitemap.xml`, ''].join('\n')),
  );

  app.get('/sitemap.xml', { config: { httpCache: 'path' } }, async (req, reply) => {
    const origin = publicOrigin(req, config);
    // The first page's listings and how many there are in all: a site within one sitemap needs no second read.
    const { rows, total } = await store.listings.visiblePage(0, Math.max(0, pageSize - STATIC_PAGES.length));
    const pages = pagesFor(total);
    if (pages === 0) return sendXml(reply, urlset(origin, STATIC_PAGES, rows));
    const entries = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
    return sendXml(reply, `<sitemapindex xmlns="${XMLNS}">\n${entries.join('\n')}\n</sitemapindex>`);
  });

  // A page of the index: URLs (k-1)·pageSize up to k·pageSize of the public pages followed by the listings in id order.
  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', { config: { httpCache: true } }, async (req, reply) => {
    if (!/^[1-9]\d{0,8}$/.test(req.params.page)) return reply.callNotFound();
    const page = Number(req.params.page);
    const start = (page - 1) * pageSize;
    const end = start + pageSize;
    const offset = Math.max(0, start - STATIC_PAGES.length);
    const { rows, total } = await store.listings.visiblePage(offset, Math.max(0, end - STATIC_PAGES.length - offset));
    // Pages exist only while /sitemap.xml is an index that names them.
    if (page > pagesFor(total)) return reply.callNotFound();
    return sendXml(reply, urlset(publicOrigin(req, config), STATIC_PAGES.slice(start, end), rows));
  });
}

function urlset(origin: string, pages: readonly string[], listings: VisibleStamp[]): string {
  const urls = [
    ...pages.map((p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`),
    ...listings.map((l) => `<url><loc>${escapeXml(`${origin}/listing/${l.id}`)}</loc><lastmod>${l.updatedAt.toISOString()}</lastmod></url>`),
  ];
  return `<urlset xmlns="${XMLNS}">\n${urls.join('\n')}\n</urlset>`;
}

function sendXml(reply: FastifyReply, body: string) {
  return (
    reply
      .type('application/xml; charset=utf-8')
      // Revalidated on every fetch: the ETag answers 304 until the listings change.
      .header('Cache-Control', 'no-cache')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`)
  );
}
