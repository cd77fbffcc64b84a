import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createTRPCClient, unstable_localLink } from '@trpc/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../trpc/context';
import type { AppConfig } from '../config';
import { publicOrigin } from '../http/public-origin';
import type { Stores } from '../services/stores';
import { appRouter, type AppRouter } from '../trpc/root';
import { loadClientRender, type HeadEntries, type RenderedPage } from './client-entry';
import { jsonForScript } from '../../shared/html';
import { renderHeadHtml, type PageHead } from '../../shared/page-head';
import { SERVER_RENDERED_ROUTES, STATE_SCRIPT_ID } from '../../shared/server-rendered';
import { photoPreloadLink, type ShellHints } from './html-shell';
import { startScriptTag, templateScripts, type TemplateScripts } from './start-scripts';

// Server rendering of the public pages (docs/decisions/019-server-rendering.md): the client's own render
// (src/client/entry-server.tsx) runs here with a tRPC client that calls the procedures in-process with the request's
// own context, and its markup, Emotion's styles, the page's head and the queries it fetched go into the built
// index.html. The browser hydrates that markup from the same queries (src/client/main.tsx) and fetches none again.


/** The page without a build (tests with app.inject): the markup and head without the client's scripts. */
export const BARE_TEMPLATE = `<!doctype html>
<html lang="nb">
  <head>
    <meta charset="UTF-8" />
    <title>Bilpartner.no</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

export interface ServerRenderOptions {
  /** The built client (its index.html is the template); absent, the bare template. */
  clientDir: string | undefined;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<Context>;
  config: Pick<AppConfig, 'publicUrl'>;
  /** The html shell's hints for a page by path: its route's chunks and its largest-paint photo. */
  hints?: (req: FastifyRequest) => Promise<ShellHints>;
  /** The public listing view: with it, a listing's page is kept until that listing changes (`listingPageTag`). */
  stores?: Pick<Stores, 'listingDetails'>;
}

/**
 * The page's head from its matched routes' heads, the deepest last: one title (the deepest), and one meta tag per name
 * or property (the deepest route's wins), then every link and script.
 */
export function mergedHead(head: HeadEntries): PageHead {
  const meta = new Map<string, PageHead['meta'][number]>();
  for (const m of head.meta) {
    const key = 'title' in m ? 'title' : 'name' in m ? `name:${m.name}` : `property:${m.property}`;
    meta.delete(key); // re-inserted last, in the deepest route's order
    meta.set(key, m);
  }
  // One link per rel (the canonical URL): the deepest route's.
  const links = [...new Map(head.links.map((l) => [l.rel, l])).values()];
  return { meta: [...meta.values()], links, scripts: head.scripts };
}

/**
 * The template with the page in it: head (replacing the template's title and description, the largest-paint photo's
 * preload first), styles, markup, state, and the starter that loads the scripts once the page is painted
 * (start-scripts.ts) in place of the template's script tags.
 */
export function composePage(template: TemplateScripts, page: RenderedPage, hints: ShellHints = { chunks: [], photos: [] }): string {
  const head = [...hints.photos.map(photoPreloadLink), renderHeadHtml(mergedHead(page.head)), page.styles].filter(Boolean).join('\n    ');
  const starter = template.entry ? `\n    ${startScriptTag(template.entry, [...template.preloads, ...hints.chunks], hints.photos.length > 0)}` : '';
  const [beforeHead, beforeRoot, rest] = shellParts(template.withoutScripts);
  // Joined, not String.replace: a replacement string reads `$&`, `$'` and `` $` `` in what a seller wrote as patterns.
  return `${beforeHead}    ${head}\n  ${beforeRoot}<div id="root">${page.html}</div>\n    <script type="application/json" id="${STATE_SCRIPT_ID}">${jsonForScript(page.state)}</script>${starter}${rest}`;
}

const ROOT = '<div id="root"></div>';
let lastShell: { template: string; parts: readonly [string, string, string] } | undefined;

/**
 * The template without its title and description, cut where the page's head and its markup go: before `</head>`,
 * from there to the empty root, and after it. A server has one template: it is cut once.
 */
function shellParts(template: string): readonly [string, string, string] {
  if (lastShell?.template !== template) {
    const shell = template.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
    const head = shell.indexOf('</head>');
    const root = shell.indexOf(ROOT, head);
    lastShell = { template, parts: [shell.slice(0, head), shell.slice(head, root), shell.slice(root + ROOT.length)] };
  }
  return lastShell.parts;
}

/**
 * Answers a page request with the server's render, or with `fallback` (the plain page the browser renders) for a
 * page that needs a login. Answers for a visitor without a session are the same for everyone: the HTTP cache keeps
 * them per listings version, a listing's page per that listing (route options httpCache 'anonymous' and httpCacheTag);
 * a logged-in visitor's page is private.
 */
export function makePageRenderer(opts: ServerRenderOptions) {
  const template = templateScripts(templateOf(opts.clientDir));
  let render: ReturnType<typeof loadClientRender> | undefined;

  return async function renderRequest(req: FastifyRequest, reply: FastifyReply, fallback: () => unknown) {
    render ??= loadClientRender();
    const { renderPage } = await render;
    // One context for every call of the render, made as for an HTTP call: the session, its cookie, the address.
    const context = opts.createContext({ req, res: reply });
    const trpcClient = createTRPCClient<AppRouter>({ links: [unstable_localLink({ router: appRouter, createContext: () => context })] });
    const page = await renderPage({ url: req.url, origin: publicOrigin(req, opts.config), trpcClient });
    if (page.kind === 'client') return fallback();
    // Only a path of ours: never another site, whatever the address was.
    if (page.kind === 'redirect') return reply.header('Cache-Control', 'no-cache').redirect(ownPath(page.location), 301);
    const loggedIn = Boolean((await context).user);
    const hints = page.status === 200 && opts.hints ? await opts.hints(req) : undefined;
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', loggedIn ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Cookie')
      .send(composePage(template, page, hints));
  };
}

function templateOf(clientDir: string | undefined): string {
  const indexFile = clientDir && path.join(clientDir, 'index.html');
  return indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : BARE_TEMPLATE;
}

/**
 * The tag a listing's page for a visitor without a session is kept under, and its ETag: a hash of the build and of the
 * listing as that visitor gets it (`forViewer`, the very read the page renders from: its fields, photos, and what it
 * shows of its seller, their name and phone), so it changes exactly when the page does. Read on every request (two
 * look-ups by key), so a change made on another instance is seen at once; a listing the visitor may not see has one
 * tag of its own (its page, a 404, is never kept).
 */
export function listingPageTag(stores: Pick<Stores, 'listingDetails'>, clientDir: string | undefined) {
  const build = crypto.createHash('sha1').update(templateOf(clientDir)).digest();
  return async (req: FastifyRequest): Promise<string> => {
    const shown = await stores.listingDetails.forViewer(Number((req.params as { id: string }).id), null).catch((err: unknown) => {
      if ((err as { code?: string }).code === 'NOT_FOUND') return null;
      throw err;
    });
    return `"${crypto.createHash('sha1').update(build).update(JSON.stringify(shown)).digest('base64url').slice(0, 20)}"`;
  };
}

/** `location` when it is a path on this site, else the home page. */
function ownPath(location: string): string {
  return location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\') ? location : '/';
}

/**
 * Registers the server-rendered pages and answers the other page addresses through `fallback` (the plain page) or, when
 * unknown, with the rendered 404 page: returns that handler for the app's not-found handler.
 */
export function registerServerRender(app: FastifyInstance, opts: ServerRenderOptions & { fallback: (req: FastifyRequest, reply: FastifyReply) => unknown }) {
  const render = makePageRenderer(opts);
  const page = (req: FastifyRequest, reply: FastifyReply) => render(req, reply, () => opts.fallback(req, reply));
  // A listing's page follows that listing alone; the others (search, home) follow every listing.
  const listingTag = opts.stores && listingPageTag(opts.stores, opts.clientDir);
  for (const id of SERVER_RENDERED_ROUTES) {
    const httpCacheTag = id === '/listing/$id' ? listingTag : undefined;
    app.get(id.replace(/\$(\w+)/g, ':$1'), { config: { httpCache: 'anonymous', httpCacheTag } }, page);
  }
  return page;
}
