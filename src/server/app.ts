import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Db } from '../../db/client';
import { createSqliteStore, openStore, type Store } from './store';
import type { AppConfig } from './config';
import type { AppDeps, Integrations } from './deps';
import { isForeignOrigin } from './http/origin';
import { isPrivateAnswer, PRIVATE_CACHE_CONTROL, procedureMeta } from './http/private-answers';
import { makeAuthPrecheck } from './http/auth-precheck';
import { closeWebSockets, hostHeaderCount, reconnectWebSockets, registerTransportGuards, transportOptions } from './http/transport';
import { rememberClientIp } from './http/client-ip';
import { registerResponseCache } from './http/response-cache';
import { mailOrigin, publicOrigin } from './http/public-origin';
import { createRateLimits, type RateLimits } from './limits/rate-limiter';
import { createEventHub } from './realtime/create-hub';
import { createMailer, MAIL_POLL_MS, type Mailer } from './mail/mailer';
import { BACKGROUND_WORK_LOCK, startLeaderElection } from './cluster/leader';
import { messagesByIds } from './services/chats';
import { notificationsByIds } from './services/notifications';
import { createAddressSearch } from './integrations/address-search';
import { createVehicleRegistry } from './integrations/vehicle-registry';
import { createDiskStorage, registerUploads } from './integrations/image-storage';
import { createS3Storage } from './integrations/s3-storage';
import { startStagedImageCleanup } from './services/images';
import { startCountyLookup } from './services/county-lookup';
import { RegistryChecks, startRegistrySweep } from './services/registry-facts';
import { startPriceRatingSweep } from './services/prices';
import { createStores } from './services/stores';
import { registerRestRoutes } from './rest/adapter';
import { registerApiDocs } from './rest/openapi';
import { restRoutes } from './rest/routes';
import { makeCreateContext } from './trpc/context';
import { firstPublicResult, SHELL_ROUTES, shellHints, type ShellStores } from './pages/html-shell';
import { START_SCRIPT_CSP } from './pages/start-scripts';
import { BARE_TEMPLATE, registerServerRender } from './pages/server-render';
import { RenderAhead } from './pages/render-ahead';
import type { Context } from './trpc/context';
import { registerSitemap } from './pages/sitemap';
import { RequestAuth } from './auth/request-auth';
import { DEFAULT_BODY_LIMIT } from './http/large-bodies';
import { appRouter, type AppRouter } from './trpc/root';
import { prepareDatabase } from './startup';
import { HTTP_MESSAGES, toHttpError } from './errors';
import { holdReadiness, registerOps, requestId } from './ops/probes';
import { timedStore } from './ops/store-timing';
import { collectGarbage } from './ops/collect-garbage';

export interface BuildOptions {
  /** Use this store instead of opening the configured one (tests, several apps on one database); left open at close. */
  store?: Store;
  /** Use this SQLite database instead of opening config.databasePath (tests share one across apps); left open at close. */
  db?: Db;
  /** Replace integrations (tests point them at fakes). */
  integrations?: Partial<Integrations>;
  /** Use this mailer (tests await its idle(); short retry pauses); left open at close. Default: one from config. */
  mailer?: Mailer;
  /** Use this queue of listing pages rendered ahead (tests await its idle()). Default: one of the app's own. */
  renderAhead?: RenderAhead;
  /** Use these background registry look-ups (tests await their idle()). Default: ones over the app's vehicle registry. */
  registryChecks?: RegistryChecks;
  /** Rate-limit state with its own clock (tests of the login throttle's lock). */
  rateLimits?: RateLimits;
  /** Fastify's trustProxy (tests of X-Forwarded-For); default: loopback in production, off otherwise. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** URLs per sitemap before /sitemap.xml becomes an index (tests of the index); default 50 000 (pages/sitemap.ts). */
  sitemapPageSize?: number;
  /**
   * Render the public pages on the server (docs/decisions/019-server-rendering.md); default: when there is a client
   * build to hydrate them. Tests of the render turn it on without one (the page then has no scripts).
   */
  serverRender?: boolean;
  /**
   * Build the search index in the background once the app is ready (default). Off, it is built by the first search,
   * and /readyz answers 503 until then (tests of the readiness probe).
   */
  warmSearchIndex?: boolean;
  /**
   * Load the page renderer and render the home page once as soon as the app is ready, /readyz answering 503 until
   * then (default outside tests): the first visitor's page would otherwise wait for the renderer to load.
   */
  warmPageRenderer?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);


function loggerOptions(config: AppConfig) {
  if (config.env === 'test' || config.logLevel === 'silent') return false;
  if (config.env === 'development') {
    return { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } };
  }
  return { level: config.logLevel };
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us. */
function trustProxyOf(config: AppConfig): FastifyServerOptions['trustProxy'] {
  const trust = config.trustProxy;
  if (trust === undefined) return config.env === 'production' ? 'loopback' : false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // Fastify's two info lines per request ('incoming request', 'request completed') are replaced by one line with the
    // route pattern, status and duration (src/server/ops/probes.ts; docs/decisions/020-operability.md).
    logController: new LogController({ disableRequestLogging: true }),
    // The proxy's X-Request-Id when it sends one, else a UUID: unique across instances, sent back as X-Request-Id.
    genReqId: requestId,
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { maxParamLength: 5000 },
    trustProxy: options.trustProxy ?? trustProxyOf(config),
    // Timeouts, forced close at shutdown, our answers to requests that never reach a route
    // (docs/decisions/006-hardening.md).
    ...transportOptions(config),
  });

  const ownStore = !options.store && !options.db;
  const openedStore = options.store ?? (options.db ? createSqliteStore(options.db, false) : await openStore(config));
  // Every repository call timed for /metrics (bilpartner_db_query_duration_seconds); the store itself is unchanged.
  const store = timedStore(openedStore);
  // PostgreSQL's pool, shared by the rate limits, the event hub and the leader lock (docs/decisions/018-postgresql.md).
  const pool = store.dialect === 'pg' ? store.db.$client : undefined;
  const hub = await createEventHub(
    store,
    { messages: (ids) => messagesByIds(store, ids), notifications: (ids) => notificationsByIds(store, ids) },
    {
      log: app.log,
      // The listener dropped: events may have been missed, so the sockets close and their clients reconnect and replay
      // from their lastEventId (a subscription that only ends is not resubscribed by the tRPC client).
      onInterrupted: () => reconnectWebSockets(app),
    },
  );
  const integrations = { ...(await createIntegrations(config, app)), ...options.integrations } as Integrations;
  // Its worker starts now: mail left queued by a stopped instance, or by another one, goes out (mail/mailer.ts).
  const mailer =
    options.mailer ??
    createMailer({ queue: store.mailQueue, smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir, from: config.mailFrom, log: app.log, pollMs: MAIL_POLL_MS });
  const deps: AppDeps = {
    store,
    config,
    hub,
    log: app.log,
    integrations,
    stores: createStores(store),
    rateLimits: options.rateLimits ?? createRateLimits({ pool }),
    mailer,
    renderAhead: options.renderAhead ?? new RenderAhead(app.log),
    registryChecks: options.registryChecks ?? new RegistryChecks({ store, registry: integrations.vehicleRegistry, log: app.log }),
  };
  // The caller of a request, looked up once from its cookie and shared by the auth precheck and the tRPC context.
  const requestAuth = new RequestAuth(store);
  const createContext = makeCreateContext(deps, requestAuth);
  // Background work runs on one instance: the holder of an advisory lock on PostgreSQL, always the one on SQLite.
  let stopBackground: (() => void) | undefined;
  const leadership = startLeaderElection(
    pool,
    BACKGROUND_WORK_LOCK,
    {
      onLead: () => {
        const stops = [
          startStagedImageCleanup(deps),
          startPriceRatingSweep(deps),
          ...(config.countyLookup ? [startCountyLookup(deps)] : []),
          // Without an API key every look-up would answer "not configured": nothing to sweep.
          ...(config.vehicleApiKey ? [startRegistrySweep(store, deps.registryChecks, app.log, { everyMs: 60_000 })] : []),
        ];
        stopBackground = () => stops.forEach((stop) => stop());
      },
      onLose: () => {
        stopBackground?.();
        stopBackground = undefined;
      },
    },
    { log: app.log },
  );

  app.addHook('onClose', async () => {
    await leadership.stop();
    stopBackground?.();
    await hub.close();
    // Before the store closes: a look-up under way still records its answer.
    deps.registryChecks.close();
    await deps.registryChecks.idle();
    // Before the store closes: a queued job (the look-up behind 'Glemt passord?') and the worker may still use it.
    if (!options.mailer) await mailer.close();
    if (ownStore) await store.close();
  });
  app.addHook('onReady', async () => {
    await prepareDatabase(deps);
    // Built in the background as soon as the app is ready rather than by the first search (docs/decisions/014-cold-search.md
    // "The column index"): the server listens meanwhile, /healthz answers, and /readyz says 503 until it is built, so a
    // proxy sends no traffic before then (docs/decisions/020-operability.md). A search arriving earlier waits for it.
    if (options.warmSearchIndex === false) return;
    deps.stores.search.warm().then(
      (built) => app.log.info(built, 'search index built'),
      (err: unknown) => app.log.error({ err }, 'search index build failed'),
    );
  });

  // Cookies are read where needed (the session cookie, src/server/auth/cookies.ts); the plugin only writes them, so
  // it does not parse every request's Cookie header.
  await app.register(cookie, { hook: false });
  // Security headers: the helmet configuration below, computed once. @fastify/helmet would rebuild the helmet
  // middleware (and re-parse the CSP) on every request, which halved the throughput of cached searches, and even with
  // global: false it adds two hooks to every request (one async) to offer `reply.helmet()`, which nothing uses.
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy:
      config.env === 'development'
        ? false // Vite's dev server injects inline scripts for hot reload.
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              // The one inline script: a server-rendered page's starter, by its hash (src/server/pages/start-scripts.ts).
              scriptSrc: ["'self'", START_SCRIPT_CSP],
              // Chakra (emotion) inserts style tags at run time.
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              fontSrc: ["'self'", 'data:'],
              connectSrc: ["'self'"],
              // 'self' for the service worker's take-over nudge only (/sw-activate, an empty 204: src/client/lib/service-worker.ts);
              // every page of ours refuses to be framed (frame-ancestors 'none').
              frameSrc: ["'self'", 'https://maps.google.com', 'https://www.google.com', 'https://www.openstreetmap.org'],
              workerSrc: ["'self'"],
              manifestSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
            },
          },
    crossOriginEmbedderPolicy: false,
  };
  // Strict-Transport-Security means something only over HTTPS (RFC 6797 8.1: a browser ignores it over http), and sent
  // over plain HTTP it tells a scanner we do not know our scheme: it goes out only when the request came over HTTPS
  // (Fastify's protocol, which believes X-Forwarded-Proto only from a trusted proxy).
  const { 'strict-transport-security': hsts, ...securityHeaders } = computeSecurityHeaders(helmetOptions);
  // /healthz, /readyz, /metrics and the per-request histogram and log line (src/server/ops/probes.ts).
  const readiness = registerOps(app, { store, hub, search: deps.stores.search, config });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders);
    if (hsts && req.protocol === 'https') reply.header('strict-transport-security', hsts);
    reply.header('x-request-id', req.id);
    // Two Host headers name two sites: which one a proxy, a cache or this server reads is anyone's guess (RFC 9112 3.2).
    if (hostHeaderCount(req.raw.rawHeaders) > 1) return void reply.code(400).send({ message: HTTP_MESSAGES.severalHosts });
    // Shutting down (SIGTERM): each answer closes its connection, so the proxy keeps none to an instance going away.
    if (readiness.draining) reply.header('connection', 'close');
    done();
  });

  // Rate limits are a tRPC middleware (every transport and every call of a batch counts); a WebSocket's context
  // gets the client address Fastify saw on the upgrade request (src/server/http/client-ip.ts).
  app.addHook('onRequest', rememberClientIp);

  // A state-changing request whose Origin names another site is refused (docs/product/api.md, CSRF defence
  // on top of SameSite=Lax).
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) || !isForeignOrigin(req.headers.origin, req.headers.host, config.publicUrl)) return done();
    reply.code(403).send({ message: 'Forespørselen kom fra et annet nettsted og ble avvist.' });
  });

  // Kept answers, ETags and 304s, and compression: one pair of hooks for every route (src/server/http/response-cache.ts).
  // After the hooks above, so a kept answer carries the security headers and a refused request is never answered.
  const pageCache = registerResponseCache(app, {
    // Bumped by a trigger on every write to a listing (db/migrations/0016_one_search_engine.sql), whichever instance.
    listingsVersion: () => store.searchSource.version(),
    sharedProcedure: (path) => procedureMeta(appRouter, path)?.cache === 'listings',
    originOf: (req) => publicOrigin(req, config),
    everyResponseHeaders: Object.keys(securityHeaders),
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const e = toHttpError(err);
    if (e.unexpected) {
      req.log.error({ err }, 'unhandled error');
      if (config.env === 'test') console.error(err);
    }
    return reply.code(e.status).send(e.body);
  });

  // tRPC over HTTP and WebSocket in one process. @fastify/websocket must be registered first (docs/stack.md).
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 }, preClose: closeWebSockets });
  registerTransportGuards(app);
  // Callers a procedure would refuse are refused from their cookie before their body is read
  // (docs/product/limits.md#request-bodies).
  const authPrecheck = makeAuthPrecheck({ store, cookieSecure: config.cookieSecure, router: appRouter, auth: requestAuth });
  app.addHook('onRequest', authPrecheck.trpc);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    trpcOptions: {
      router: appRouter,
      createContext,
      // One user's answers are never cached (src/server/http/private-answers.ts); a batch with any such call is private.
      responseMeta({ ctx, paths }) {
        const loggedIn = Boolean(ctx?.user);
        const isPrivate = (paths ?? []).some((p) => isPrivateAnswer(procedureMeta(appRouter, p), loggedIn));
        return isPrivate ? { headers: { 'cache-control': PRIVATE_CACHE_CONTROL } } : {};
      },
      onError({ path, error }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerRestRoutes(app, {
    router: appRouter,
    routes: restRoutes,
    createContext,
    authPrecheck,
  });
  // The /api/* contract as OpenAPI 3.1 and its reference page (docs/product/api.md#openapi).
  await registerApiDocs(app, restRoutes, { version: '1' });
  registerUploads(app, config.uploadDir, integrations.imageStorage);

  const renders = registerClient(app, config, {
    serverRender: options.serverRender,
    warmPageRenderer: options.warmPageRenderer ?? config.env !== 'test',
    createContext,
    stores: deps.stores,
  });
  // A changed listing's page is rendered ahead into the page cache, named for PUBLIC_URL (else the server's own address).
  const ownHost = new URL(mailOrigin(config)).host;
  deps.renderAhead.renderWith(renders ? (url) => pageCache.warm(url, ownHost) : undefined);
  app.addHook('preClose', async () => deps.renderAhead.renderWith(undefined));
  registerSitemap(app, { store, config, pageSize: options.sitemapPageSize }); // /sitemap.xml and /robots.txt for crawlers
  return app;
}

/** Runs helmet once against a recording response and returns the headers it sets (they do not vary by request). */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, () => {});
  return headers;
}

/** Integrations are added by later issues (vehicle registry, address search, image storage). */
async function createIntegrations(config: AppConfig, app: FastifyInstance): Promise<Partial<Integrations>> {
  return {
    address: createAddressSearch({ url: config.addressApiUrl, log: app.log }),
    vehicleRegistry: createVehicleRegistry({ url: config.vehicleApiUrl, apiKey: config.vehicleApiKey, log: app.log }),
    // Photos go to the bucket when S3_BUCKET is set (docs/operations.md "Photos in object storage"), else to UPLOAD_DIR.
    imageStorage: config.s3 ? await bucketStorage(config.s3, app) : createDiskStorage(config.uploadDir),
  };
}

/** The S3 storage buildApp made, closed with the app (one given in BuildOptions.integrations is the caller's). */
async function bucketStorage(s3: NonNullable<AppConfig['s3']>, app: FastifyInstance) {
  const storage = await createS3Storage(s3);
  app.addHook('onClose', async () => storage.close());
  return storage;
}

function registerClient(
  app: FastifyInstance,
  config: AppConfig,
  opts: { serverRender: boolean | undefined; warmPageRenderer: boolean; createContext: (o: { req: FastifyRequest; res: FastifyReply }) => Promise<Context>; stores: ShellStores },
): boolean {
  const clientDir = config.clientDir && fs.existsSync(path.join(config.clientDir, 'index.html')) ? config.clientDir : undefined;
  // The plain page the browser renders: index.html as the static files go out (precompressed, revalidated).
  const plainPage = (_req: FastifyRequest, reply: FastifyReply) =>
    clientDir ? reply.code(200).sendFile('index.html') : reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(BARE_TEMPLATE);
  const page =
    (opts.serverRender ?? (config.serverRender !== false && Boolean(clientDir))) &&
    registerServerRender(app, {
      clientDir,
      createContext: opts.createContext,
      config,
      // The route's chunks and its largest-paint photo (docs/decisions/010-compression-and-bundle.md).
      hints: shellHints(app, clientDir, opts.stores),
      stores: opts.stores,
      fallback: plainPage,
    });
  if (page && opts.warmPageRenderer) {
    // The renderer (React, Chakra and the routes) loads with the first page: pages are rendered here, in the
    // background once the app is ready, and /readyz says 503 until they have answered, so no visitor waits for it
    // (docs/operations.md "Probes and metrics"). Real requests through the page cache, compressed as a browser asks:
    // each entry page once (SHELL_ROUTES: each runs route code the others do not), the listing page as the newest
    // public listing's. A first request is not kept. Then the start-up's garbage is collected.
    const release = holdReadiness(app, 'page renderer not warm');
    const warmUp = async () => {
      const newest = await firstPublicResult(opts.stores);
      const pages: Record<string, number> = {};
      for (const { url } of SHELL_ROUTES) {
        const target = url.includes(':id') ? newest && url.replace(':id', String(newest.id)) : url;
        if (target) pages[target] = (await app.inject({ method: 'GET', url: target, headers: { 'accept-encoding': 'br, gzip' } })).statusCode;
      }
      collectGarbage();
      app.log.info({ pages }, 'page renderer warm');
    };
    app.addHook('onReady', async () => {
      void warmUp()
        .catch((err: unknown) => app.log.error({ err }, 'page renderer warm-up failed'))
        .finally(release);
    });
  }
  if (clientDir) {
    app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes a .br and a .gz copy of every text file (vite.config.ts); the one the browser accepts goes
      // out, with Vary: Accept-Encoding (docs/decisions/010-compression-and-bundle.md).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }

  // A page whose build's service worker waits behind another build's navigates a hidden frame here to make the
  // browser re-check the take-over (src/client/lib/service-worker.ts): nothing to send, nothing to keep.
  app.get('/sw-activate', (_req, reply) => reply.code(204).header('Cache-Control', 'no-store').send());

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url.startsWith('/trpc/') || url === '/api' || url === '/trpc') {
      return notFoundOrWrongMethod(app, req, reply, url);
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && !path.extname(url)) {
      // A page that needs a login is the plain page; an unknown one the rendered 404 page.
      if (page) return page(req, reply);
      // Without the server's render the client router decides, and renders the documented 404 page.
      if (clientDir) return plainPage(req, reply);
    }
    return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
  });
  // Whether the server renders pages.
  return Boolean(page);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** An API path that exists for other methods answers 405 with Allow; an unknown one 404 (docs/product/api.md). */
function notFoundOrWrongMethod(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, url: string) {
  const allowed = METHODS.filter((method) => app.findRoute({ method, url }));
  if (allowed.length === 0) return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
  return reply.code(405).header('Allow', allowed.join(', ')).send({ message: HTTP_MESSAGES.methodNotAllowed });
}
