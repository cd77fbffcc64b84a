import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { toHttpError } from '../errors';
import type { RateLimitKind } from '../http/rate-limits';
import type { AppRouter } from '../trpc/root';
import { createCallerFactory } from '../trpc/init';
import type { Context } from '../trpc/context';
import type { RestRoute } from './types';

/** Any error → HTTP status + `{message, details}` (the mapping itself is errors.ts's). */
export function sendError(reply: FastifyReply, err: unknown) {
  const e = toHttpError(err);
  if (e.unexpected) {
    reply.log.error({ err }, 'procedure failed');
    console.error(err);
  }
  return reply.code(e.status).send(e.body);
}

function resolveProcedure(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
  let node: any = caller;
  for (const part of path.split('.')) node = node[part];
  return node as (input: unknown) => Promise<unknown>;
}

export function registerRestRoutes(
  app: FastifyInstance,
  opts: {
    router: AppRouter;
    routes: RestRoute[];
    createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context;
    limiters: Record<RateLimitKind, preHandlerAsyncHookHandler>;
  },
) {
  const createCaller = createCallerFactory(opts.router);
  const known = new Set(Object.keys(opts.router._def.procedures));

  for (const route of opts.routes) {
    if (!known.has(route.procedure)) throw new Error(`REST ${route.method} ${route.url}: unknown procedure ${route.procedure}`);
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit,
      schema: route.response ? { response: route.response } : undefined,
      preHandler: route.rateLimit ? opts.limiters[route.rateLimit] : undefined,
      handler: async (request, reply) => {
        const ctx = opts.createContext({ req: request, res: reply });
        const params = (request.params ?? {}) as Record<string, string>;
        const query = (request.query ?? {}) as Record<string, unknown>;
        const body = request.body;
        let input: unknown;
        if (route.input) input = route.input({ params, query, body, raw: request });
        else if (route.method === 'GET' || route.method === 'DELETE') input = { ...query, ...params };
        else input = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...params } : body;
        try {
          const result = await resolveProcedure(createCaller(ctx), route.procedure)(input);
          if (route.send) {
            const shaped = await route.send(result, reply, ctx);
            if (reply.sent) return reply;
            return reply.code(route.status ?? 200).send(shaped);
          }
          if (route.method === 'DELETE' && route.status === undefined) return reply.code(204).send();
          return reply.code(route.status ?? 200).send(result ?? null);
        } catch (err) {
          return sendError(reply, err);
        }
      },
    });
  }
}
