import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { searchInput } from '../../shared/schemas/search';
import { cardPhotoPreloads, stagePhotoPreloads, type PhotoPreload } from '../../shared/photo-sources';
import type { Stores } from '../services/stores';
import { escapeHtml } from '../../shared/html';
import { ENTRY_PAGES } from '../../shared/entry-pages';

// Hints for the three pages most visits start on (docs/decisions/010-compression-and-bundle.md "First load",
// docs/decisions/019-server-rendering.md), so the browser fetches what the page needs without waiting to discover it:
// - the route's own chunks, which the entry would only request once it has started and matched the route (hydration
//   waits for them): the page's starter (start-scripts.ts) preloads them with the entry;
// - `<link rel="preload" as="image" fetchpriority="high">` in the <head> for the photo that is the page's largest paint
//   (the first result's cover on /annonser, the gallery's first photo on /listing/{id}), with the very srcset and
//   sizes the client's <img> uses (src/shared/photo-sources.ts builds both). Only what an anonymous visitor sees goes
//   in: the public search's unfiltered first page, and a listing's photo only while the listing is public, so the
//   hints are the same for every viewer. A hint that is wrong costs one unused download; the page works as without it.
// The page's data is in the page itself (server-render.ts).

/**
 * A page that gets hints: its path pattern, the route file whose split chunk it renders, and its largest-paint photo
 * from the path's parameters and whether the address has a query string.
 */
interface ShellRoute {
  url: string;
  routeFile: string;
  /** The preloads for the page's largest-paint photo, from what any visitor may see (none without stores). */
  photos?: (stores: ShellStores, params: Record<string, string>, hasQuery: boolean) => PhotoPreload[] | Promise<PhotoPreload[]>;
}

/** What the photo hints read: the public search and the public listing view (AppDeps.stores). */
export type ShellStores = Pick<Stores, 'search' | 'listingDetails'>;

// The search page's first results without parameters (components/search/search-params.ts toListInput of an empty
// search): the page whose first cover is named.
const FIRST_RESULTS_INPUT = { sort: 'newest', limit: 24, offset: 0 };
const isListingId = (id: string | undefined) => /^\d{1,9}$/.test(id ?? '');

/** The public search's first result (the newest public listing), or undefined when there is none. */
export const firstPublicResult = async (stores: Pick<ShellStores, 'search'>) => (await stores.search.search(searchInput.parse(FIRST_RESULTS_INPUT))).items[0];

export const SHELL_ROUTES: ShellRoute[] = [
  // The home page's largest paint is the hero's text: no photo hint (its listings are below the fold).
  ENTRY_PAGES.home,
  {
    ...ENTRY_PAGES.search,
    // The first card's cover (ListingCard): the public search's page, memoised per listings version (the same page the
    // preloaded query gets, parsed as tRPC parses it, so it is computed once for both).
    photos: async (stores, _params, hasQuery) => {
      if (hasQuery) return [];
      const first = await firstPublicResult(stores);
      return first ? cardPhotoPreloads(first) : [];
    },
  },
  {
    ...ENTRY_PAGES.listing,
    // The gallery's first photo as an anonymous visitor sees the listing: none when it is not public (forViewer throws
    // the same not-found as for a missing listing), so a pending or hidden listing's photo never shows in its page.
    photos: async (stores, { id }) => {
      if (!isListingId(id)) return [];
      const image = (await stores.listingDetails.forViewer(Number(id), null)).imageDetails[0];
      return image ? stagePhotoPreloads(image) : [];
    },
  },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The built files a route's page needs that index.html's own tags do not already load, as file names under /assets:
 * the stages the entry imports one task after another (src/client/main.tsx), then the route's split chunk.
 */
export function routeChunks(manifest: Manifest, routeFile: string): string[] {
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
    return into;
  };
  const entry = closure('index.html', new Set());
  const split = Object.keys(manifest).find((k) => k.startsWith(`${routeFile}?tsr-split`));
  if (!split) return [];
  const needed = new Set<string>();
  for (const stage of manifest['index.html']?.dynamicImports ?? []) closure(stage, needed);
  return [...closure(split, needed)].filter((k) => !entry.has(k)).map((k) => `/${manifest[k].file}`);
}

/**
 * `<link rel="preload" as="image">` for one photo: no crossorigin (the <img> has none, or the preload goes unused), and
 * no href beside imagesrcset, so a browser that does not read imagesrcset fetches nothing rather than the wrong size.
 */
export function photoPreloadLink(p: PhotoPreload): string {
  const attrs = [
    p.href !== undefined && `href="${escapeHtml(p.href)}"`,
    p.imageSrcSet !== undefined && `imagesrcset="${escapeHtml(p.imageSrcSet)}"`,
    p.imageSizes !== undefined && `imagesizes="${escapeHtml(p.imageSizes)}"`,
    p.media !== undefined && `media="${escapeHtml(p.media)}"`,
  ].filter(Boolean);
  return `<link rel="preload" as="image" ${attrs.join(' ')} fetchpriority="high">`;
}

/** A page's hints: its route's chunks (for the starter) and its largest-paint photo (for the <head>). */
export interface ShellHints {
  chunks: string[];
  photos: PhotoPreload[];
}

/**
 * The hints of the page a request asks for (the route's chunks and its largest-paint photo), when `clientDir` holds a
 * build with its manifest (`build.manifest` in vite.config.ts); undefined otherwise. The server's render
 * (server-render.ts) puts them in the page. Without `stores` the pages get no photo hints.
 */
export function shellHints(app: FastifyInstance, clientDir: string | undefined, stores?: ShellStores): ((req: FastifyRequest) => Promise<ShellHints>) | undefined {
  if (!clientDir) return undefined;
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const chunksOf = new Map(SHELL_ROUTES.map((route) => [route.url, routeChunks(manifest, route.routeFile)]));

  // A photo hint is an optimisation: whatever goes wrong reading it (a listing that is not public, a database error)
  // leaves the page without it.
  const photoHints = async (route: ShellRoute, params: Record<string, string>, hasQuery: boolean): Promise<PhotoPreload[]> => {
    if (!stores || !route.photos) return [];
    try {
      return await route.photos(stores, params, hasQuery);
    } catch (err) {
      if ((err as { code?: string }).code !== 'NOT_FOUND') app.log.warn({ err, url: route.url }, 'html shell: no photo hint');
      return [];
    }
  };

  return async (req) => {
    const route = SHELL_ROUTES.find((r) => r.url === req.routeOptions.url);
    if (!route) return { chunks: [], photos: [] };
    const params = req.params as Record<string, string>;
    return { chunks: chunksOf.get(route.url) ?? [], photos: await photoHints(route, params, req.url.includes('?')) };
  };
}
