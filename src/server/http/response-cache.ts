import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../auth/cookies';
import { SESSION_COOKIE } from '../auth/session';
import { Doorkeeper } from '../lib/doorkeeper';
import { TtlLru } from '../lib/lru';
import { addVary, EncodedBody, isCompressible, thresholdFor } from './compression';

// HTTP caching, in one place (docs/decisions/017-speed-layer.md). Answers that are the same for every caller and change
// only with the listings (the public search, its facets, the HTML shell's pages) are kept here by URL, with their
// headers and compressed copies, for as long as the listings version (bumped by a trigger on every write to a
// listing, db/migrations/0016_one_search_engine.sql) is unchanged. A repeated request is answered from the kept
// bytes; a request naming the kept ETag in If-None-Match gets 304. Every other answer only passes through the one
// compressor (compression.ts). A private answer (private-answers.ts) or one setting a cookie is never kept.
// A route may follow a tag of its own instead of the listings version (httpCacheTag: a listing's page follows that
// listing alone), read on every request, so a change made on another instance is seen at once.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's GET answers are the same for every caller until the listings change: keep them here, by URL, or by
     * path alone ('path') when the answer does not depend on the query string either, or ('anonymous') only for
     * callers without a session cookie (a page that names the logged-in user).
     */
    httpCache?: boolean | 'path' | 'anonymous';
    /**
     * What the route's kept answers follow instead of the listings version: a quoted ETag read on every request that
     * changes exactly when what the answer shows changes. It is also the answer's ETag, so a new render of an
     * unchanged answer (on this instance or another) keeps validating the browser's copy.
     */
    httpCacheTag?: (req: FastifyRequest) => Promise<string>;
  }
  interface FastifyRequest {
    /**
     * What a cacheable request's answer is kept under: the listings version, or the route's tag (a quoted string);
     * 'served' when answered from the cache.
     */
    httpCache: number | string | null;
  }
}

/**
 * Kept answers: the URLs asked for again and again (home page, popular searches, the client's warm-up and polling), and
 * as many listing pages beside them.
 */
const MAX_ENTRIES = 100;
/**
 * How long an answer is kept even when the listings do not change: the facets' counts may be refreshed within one
 * version (services/search/listing-search.ts forSale), and this bounds how long a kept copy lags them.
 */
const MAX_AGE_MS = 30_000;
/**
 * How long an answer kept under its route's tag is kept: the tag is exact, so this bounds only what no tag covers (the
 * footer's year), and a page rendered ahead (`warm`) waits for its first visitor.
 */
const TAGGED_MAX_AGE_MS = 60 * 60_000;
/** Larger answers are not kept (they are rare, and would crowd out the rest). */
const MAX_ENTRY_BYTES = 512 * 1024;
/**
 * Headers that belong to one response on the wire, not to the answer: the request's own id, and HSTS, which goes out
 * only over HTTPS (app.ts).
 */
const UNKEPT_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'x-cache',
  'x-request-id',
  'strict-transport-security',
]);
/** Marks the app's own request that renders an answer ahead (`warm`): kept at once, without the doorkeeper. */
const WARM_HEADER = 'x-bp-warm';

interface Entry {
  version: number | string;
  etag: string;
  headers: Record<string, string | number | string[]>;
  body: EncodedBody;
}

export interface ResponseCacheOptions {
  /** The current listings version: at once where the store can (SQLite), so a kept answer is served without a turn. */
  listingsVersion: () => number | Promise<number>;
  /** Whether the tRPC procedure at `path` answers every caller alike until the listings change. */
  sharedProcedure: (path: string) => boolean;
  /**
   * The origin an answer names in its links (public-origin.ts publicOrigin): pages, the sitemap and robots.txt name it
   * when PUBLIC_URL is unset, so it is part of what an answer is kept under.
   */
  originOf: (req: FastifyRequest) => string;
  /**
   * Headers the app sets on every response before this cache serves it (the security headers): a kept answer need not
   * carry them, and a hit is spared setting them twice.
   */
  everyResponseHeaders?: readonly string[];
}

/**
 * Registers the answer hooks: serving kept answers (onRequest) and keeping, validating and compressing (onSend). Every
 * cacheable answer says `X-Cache: hit` when it came from the kept bytes, else `miss`.
 */
export function registerResponseCache(app: FastifyInstance, opts: ResponseCacheOptions) {
  const entries = new TtlLru<Entry>(MAX_ENTRIES, MAX_AGE_MS);
  // Answers kept under a route's tag (listing pages, one per listing, and rendered ahead) apart: they never push the
  // searches and the home page out.
  const tagged = new TtlLru<Entry>(MAX_ENTRIES, TAGGED_MAX_AGE_MS);
  const storeOf = (req: FastifyRequest) => (req.routeOptions.config?.httpCacheTag ? tagged : entries);
  // Only the app's own `warm` knows it: no visitor can make an answer skip the doorkeeper.
  const warmSecret = crypto.randomUUID();
  // Most searches are asked once: an answer is kept (and given an ETag) from its URL's second request on, so one-off
  // answers are neither hashed nor held.
  const doorkeeper = new Doorkeeper();
  const unkept = new Set([...UNKEPT_HEADERS, ...(opts.everyResponseHeaders ?? []).map((name) => name.toLowerCase())]);
  app.decorateRequest('httpCache', null);

  const cacheable = (req: FastifyRequest): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const kept = req.routeOptions.config?.httpCache;
    if (kept === 'anonymous') return readCookie(req.headers.cookie, SESSION_COOKIE) === undefined;
    if (kept) return true;
    if (!req.url.startsWith('/trpc/')) return false;
    try {
      return decodeURIComponent(req.url.slice('/trpc/'.length).split('?')[0]).split(',').every(opts.sharedProcedure);
    } catch {
      return false;
    }
  };

  /** What an answer is kept under: the origin it names (scheme, host and port) and its URL or path. */
  const keyOf = (req: FastifyRequest) => `${opts.originOf(req)} ${req.routeOptions.config?.httpCache === 'path' ? req.routeOptions.url ?? req.url : req.url}`;

  app.addHook('onRequest', (req, reply, done) => {
    if (!cacheable(req)) return done();
    const tagOf = req.routeOptions.config?.httpCacheTag;
    const version = tagOf ? tagOf(req) : opts.listingsVersion();
    if (typeof version === 'number') return serve(req, reply, version, done);
    version.then((v) => serve(req, reply, v, done), done);
  });

  function serve(req: FastifyRequest, reply: FastifyReply, version: number | string, done: (err?: Error) => void) {
    const entry = storeOf(req).get(keyOf(req));
    if (!entry || entry.version !== version) {
      req.httpCache = version;
      reply.header('x-cache', 'miss');
      return done();
    }
    req.httpCache = 'served';
    reply.headers(entry.headers);
    reply.header('x-cache', 'hit');
    if (matches(req.headers['if-none-match'], entry.etag)) return void reply.code(304).send();
    entry.body.sendTo(req, reply, (err, bytes) => void (err ? reply.send(err) : reply.send(bytes)));
  }

  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.httpCache === 'served') return done(null, payload);
    if (!isFetchResponse(payload)) return answer(req, reply, payload, done);
    // tRPC's Fastify adapter answers with a fetch Response: its status and headers go onto the reply and its JSON is
    // read, so it is kept and compressed like any other answer. A streamed one (JSON lines, server-sent events) keeps
    // streaming as it is.
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    const streamed = payload.headers.get('transfer-encoding') === 'chunked' || !/^application\/json(?:;|$)/.test(payload.headers.get('content-type') ?? '');
    if (streamed || payload.body === null) return done(null, payload.body);
    payload.text().then((text) => answer(req, reply, text, done), done);
  });

  function answer(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) {
    if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding') || !isCompressible(reply.getHeader('content-type'))) {
      return done(null, payload);
    }
    const version = req.httpCache;
    // A page rendered ahead is kept at once, and offered too: a visitor's render of it, should it miss, is kept.
    const keep = version !== null && reply.statusCode === 200 && isShared(reply) && (doorkeeper.offer(keyOf(req)) || req.headers[WARM_HEADER] === warmSecret);
    const threshold = thresholdFor(reply.getHeader('content-type'));
    if (!keep && Buffer.byteLength(payload) < threshold) return done(null, payload);
    const body = new EncodedBody(Buffer.isBuffer(payload) ? payload : Buffer.from(payload), threshold);
    if (keep) {
      const etag = typeof version === 'string' ? version : `"${crypto.createHash('sha1').update(body.bytes).digest('base64url').slice(0, 20)}"`;
      reply.header('etag', etag);
      if (body.compressible) addVary(reply, 'Accept-Encoding');
      if (body.bytes.length <= MAX_ENTRY_BYTES) storeOf(req).set(keyOf(req), { version, etag, headers: keptHeaders(reply, unkept), body });
      if (matches(req.headers['if-none-match'], etag)) {
        reply.code(304);
        return done(null, '');
      }
    }
    body.sendTo(req, reply, done);
  }

  return {
    /**
     * Renders `url` ahead as a visitor without a session asks for it, on `host` (the origin pages name without
     * PUBLIC_URL), and keeps the answer at once when it may be kept: its first visitor is served the kept bytes.
     * Answers the status.
     */
    async warm(url: string, host: string): Promise<number> {
      const res = await app.inject({ method: 'GET', url, headers: { host, [WARM_HEADER]: warmSecret } });
      return res.statusCode;
    },
  };
}

/** Whether an answer may be shared between callers: not private (private-answers.ts), sets no cookie. */
function isShared(reply: FastifyReply): boolean {
  return !/private|no-store/.test(String(reply.getHeader('cache-control') ?? '')) && !reply.hasHeader('set-cookie');
}

function keptHeaders(reply: FastifyReply, unkept: Set<string>): Entry['headers'] {
  const headers: Entry['headers'] = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined && !unkept.has(name)) headers[name] = value;
  return headers;
}

/** Whether If-None-Match names `etag` (a list of tags, weak or strong, or *). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function isFetchResponse(payload: unknown): payload is Response {
  return typeof payload === 'object' && payload !== null && Object.prototype.toString.call(payload) === '[object Response]';
}
