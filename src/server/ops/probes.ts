import { randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { migrationsFolder } from '../../../db/client';
import { pgMigrationsFolder } from '../../../db/pg/client';
import type { AppConfig } from '../config';
import { HTTP_MESSAGES } from '../errors';
import type { EventHub } from '../realtime/hub';
import type { ListingSearch } from '../services/search/listing-search';
import type { Store } from '../store';
import { httpRequestDuration, registerAppSource, registry } from './metrics';

// The operator's three questions (docs/operations.md "Probes and metrics", docs/decisions/020-operability.md): is the
// process alive (GET /healthz), should it get traffic now (GET /readyz), what is it doing (GET /metrics, and one log
// line per request).

/** A check that has not answered in this long counts as failed: a probe must answer before the prober gives up. */
const CHECK_TIMEOUT_MS = 2_000;

/** What /readyz reads: set by buildApp and by the shutdown in main.ts. */
export interface Readiness {
  /** Set on SIGTERM: /readyz answers 503 from then on, and every answer closes its connection. */
  draining: boolean;
  /** When /readyz was last asked (ms since the epoch; 0: never): whether anything watches it (main.ts). */
  probedAt: number;
  /** What start-up work /readyz still waits for (holdReadiness), by its reason. */
  holds: Set<string>;
}

export interface OpsDeps {
  store: Store;
  hub: EventHub;
  search: ListingSearch;
  config: Pick<AppConfig, 'metricsToken'>;
}

const readinessOf = new WeakMap<FastifyInstance, Readiness>();

/** Turns /readyz to 503 and has every further answer close its connection (SIGTERM, src/server/main.ts). */
export function beginDraining(app: FastifyInstance) {
  const readiness = readinessOf.get(app);
  if (readiness) readiness.draining = true;
}

/**
 * The request id: the one the proxy sent in X-Request-Id (nginx's $request_id), when it looks like an id, so one
 * request can be followed through both logs; otherwise a new UUID. Sent back as X-Request-Id (app.ts).
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/**
 * /readyz answers 503 with `reason` until the returned function is called: start-up work that the first requests
 * would otherwise wait for (the page renderer's first load and render).
 */
export function holdReadiness(app: FastifyInstance, reason: string): () => void {
  const readiness = readinessOf.get(app);
  readiness?.holds.add(reason);
  return () => void readiness?.holds.delete(reason);
}

/** When /readyz was last asked; 0 when never. */
export function lastProbedAt(app: FastifyInstance): number {
  return readinessOf.get(app)?.probedAt ?? 0;
}

/** Registers /healthz, /readyz, /metrics and the per-request metrics and log line; answers the app's readiness. */
export function registerOps(app: FastifyInstance, deps: OpsDeps): Readiness {
  const readiness: Readiness = { draining: false, probedAt: 0, holds: new Set() };
  readinessOf.set(app, readiness);
  const checks = readinessChecks(deps);

  app.get('/healthz', (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    readiness.probedAt = Date.now();
    // Start-up work still held comes first: it is what the instance is doing, whatever else is not ready yet.
    const reason = readiness.draining ? 'shutting down' : (readiness.holds.values().next().value ?? (await checks()));
    if (reason) return reply.code(503).send({ status: 'unavailable', reason });
    return reply.send({ status: 'ready' });
  });

  app.get('/metrics', async (req, reply) => metrics(deps.config.metricsToken, req, reply));

  const unregister = registerAppSource({
    websockets: () => app.websocketServer?.clients.size ?? 0,
    subscriptions: () => (deps.hub as { subscriberCount?: number }).subscriberCount ?? 0,
    searchIndex: () => deps.search.indexState(),
  });
  app.addHook('onClose', async () => void unregister());

  // One hook for the histogram and the log line: the route pattern Fastify matched (never the raw URL), the status
  // and the time Fastify measured from the request's arrival. The line is the request's only one at info level.
  const children = new Map<string, ReturnType<typeof httpRequestDuration.labels>>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'not_found';
    const status = reply.statusCode;
    const key = `${req.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = httpRequestDuration.labels({ method: req.method, route, status_class: `${Math.floor(status / 100)}xx` });
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    req.log.info({ route, method: req.method, status, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
  return readiness;
}

/** 404 without METRICS_TOKEN (nothing to find); with it, 401 unless the request carries it as a Bearer token. */
async function metrics(token: string | undefined, req: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  if (!token) return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: HTTP_MESSAGES.notLoggedIn });
  }
  return reply.type(registry.contentType).send(await registry.metrics());
}

/** The checks of /readyz in order; each answers the reason it fails, or undefined. */
function readinessChecks({ store, hub, search }: OpsDeps): () => Promise<string | undefined> {
  const expectedMigration = latestMigration(store.dialect === 'pg' ? pgMigrationsFolder : migrationsFolder);
  const appliedMigration = store.dialect === 'pg'
    ? async () => (await store.db.$client.query<{ m: number | null }>('SELECT max(created_at) AS m FROM drizzle.__drizzle_migrations')).rows[0]?.m
    : async () => (store.db.$client.prepare('SELECT max(created_at) AS m FROM __drizzle_migrations').get() as { m: number | null }).m;
  return async () => {
    try {
      const applied = await withTimeout(appliedMigration(), 'database');
      if (applied === null || applied === undefined || Number(applied) < expectedMigration) return 'migrations not applied';
    } catch (err) {
      return (err as Error).message === 'database' ? 'database not answering' : 'database error';
    }
    if (store.dialect === 'pg' && !(hub as { isListening?: boolean }).isListening) return 'event listener not connected';
    try {
      if (!(await withTimeout(search.inStep(), 'search'))) return 'search index not built';
    } catch {
      return 'search index not in step';
    }
    return undefined;
  };
}

/** The creation time of the newest migration this build ships (drizzle's journal; the table keeps it as created_at). */
function latestMigration(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), CHECK_TIMEOUT_MS)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
