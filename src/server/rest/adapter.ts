import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callTRPCProcedure, type AnyTRPCProcedure } from '@trpc/server';
import { toHttpError } from '../errors';
import { authNeedOf, weakestNeed, type AuthPrecheck } from '../http/auth-precheck';
import { isPrivateAnswer, PRIVATE_CACHE_CONTROL, procedureMeta } from '../http/private-answers';
import { DEFAULT_BODY_LIMIT, largeBodyGate } from '../http/large-bodies';
import type { AppRouter } from '../trpc/root';
import type { Context } from '../trpc/context';
import type { RestRoute } from './types';

/**
 * Any error → HTTP status + `{message, details}` (the mapping itself is errors.ts's). With `bodyAt`, details of fields
 * inside the body are named relative to it, as the client sent them.
 */
export function sendError(reply: FastifyReply, err: unknown, bodyAt?: string) {
  const e = toHttpError(err);
  if (e.unexpected) {
    reply.log.error({ err }, 'procedure failed');
    console.error(err);
  }
  if (bodyAt && e.body.details && typeof e.body.details === 'object') {
    const details = Object.entries(e.body.details).map(([key, message]) => {
      if (key === bodyAt) return ['_', message];
      return [key.startsWith(`${bodyAt}.`) ? key.slice(bodyAt.length + 1) : key, message];
    });
    e.body.details = Object.fromEntries(details);
  }
  return reply.code(e.status).send(e.body);
}

/**
 * Calls the procedure at `path` as a server-side caller (createCaller) does, through its middlewares and input parser,
 * without building a caller proxy per request (docs/decisions/013-request-cost.md).
 */
function callerOf(router: AppRouter, path: string) {
  const type = procedureAt(router, path)._def.type;
  return (ctx: Context, input: unknown) =>
    callTRPCProcedure({ router, path, type, ctx, getRawInput: () => Promise.resolve(input), signal: undefined, batchIndex: 0 });
}

const procedureAt = (router: AppRouter, path: string) => (router._def.procedures as unknown as Record<string, AnyTRPCProcedure>)[path];

/** Whether the procedure at `path` declares no input, so nothing a request carries changes its answer. */
const takesNoInput = (router: AppRouter, path: string) => procedureAt(router, path)._def.inputs.length === 0;

export function registerRestRoutes(
  app: FastifyInstance,
  opts: {
    router: AppRouter;
    routes: RestRoute[];
    createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<Context>;
    /** Refuses callers the row's procedure would refuse, from the cookie, before the body is read. */
    authPrecheck?: AuthPrecheck;
  },
) {
  const known = new Set(Object.keys(opts.router._def.procedures));
  // One at a time, for every route of this server that takes bodies over the default limit (http/large-bodies.ts).
  const largeBodies = largeBodyGate(DEFAULT_BODY_LIMIT);

  for (const route of opts.routes) {
    for (const { procedure } of [route, ...(route.variants ?? [])]) {
      if (!known.has(procedure)) throw new Error(`REST ${route.method} ${route.url}: unknown procedure ${procedure}`);
    }
    const call = new Map([route, ...(route.variants ?? [])].map((t) => [t, callerOf(opts.router, t.procedure)]));
    const metaOf = new Map([route, ...(route.variants ?? [])].map((t) => [t, procedureMeta(opts.router, t.procedure)]));
    // A GET row whose procedures all answer every caller alike until the listings change is kept by the HTTP cache:
    // by path alone when they take no input (the facets), so any query string shares the one answer.
    const shared = route.method === 'GET' && [...metaOf.values()].every((meta) => meta?.cache === 'listings');
    const httpCache = shared && !route.url.includes(':') && [route, ...(route.variants ?? [])].every((t) => takesNoInput(opts.router, t.procedure)) ? 'path' : shared;
    const need = weakestNeed([route, ...(route.variants ?? [])].map((t) => authNeedOf(opts.router, t.procedure)));
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit,
      preParsing: route.bodyLimit && route.bodyLimit > DEFAULT_BODY_LIMIT ? largeBodies : undefined,
      onRequest: need && opts.authPrecheck ? opts.authPrecheck.rest(need) : undefined,
      schema: route.response ? { response: route.response } : undefined,
      config: { httpCache },
      handler: async (request, reply) => {
        const ctx = await opts.createContext({ req: request, res: reply });
        const params = (request.params ?? {}) as Record<string, string>;
        const query = (request.query ?? {}) as Record<string, unknown>;
        const body = request.body;
        const req = { params, query, body, raw: request };
        const target = route.variants?.find((v) => v.when(req)) ?? route;
        if (isPrivateAnswer(metaOf.get(target), ctx.user !== null)) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
        let input: unknown;
        if (target.input) input = target.input(req);
        else if (route.method === 'GET' || route.method === 'DELETE') input = { ...query, ...params };
        else input = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...params } : body;
        try {
          const result = await call.get(target)!(ctx, input);
          if (route.send) {
            const shaped = await route.send(result, reply, ctx);
            if (reply.sent) return reply;
            return reply.code(route.status ?? 200).send(shaped);
          }
          if (route.method === 'DELETE' && route.status === undefined) return reply.code(204).send();
          return reply.code(route.status ?? 200).send(result ?? null);
        } catch (err) {
          return sendError(reply, err, target.bodyAt);
        }
      },
    });
  }
}
