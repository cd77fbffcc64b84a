import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { getErrorShape, transformTRPCResponse, TRPCError } from '@trpc/server';
import { replyCookieJar } from '../auth/cookies';
import { RequestAuth, type RequestCaller } from '../auth/request-auth';
import { notAdmin, notLoggedIn, toHttpError, type AppError } from '../errors';
import type { AppRouter } from '../trpc/root';
import type { ProcedureMeta } from '../trpc/init';
import type { Store } from '../store';
import { procedureMeta } from './private-answers';

// Bodies are read only for callers who may call the procedure (docs/product/limits.md "Request bodies"): a
// request to a procedure that needs a user (or an admin) is refused from its session cookie in an onRequest hook,
// before Fastify reads a byte of its body. The rule itself is the procedure's meta (trpc/init.ts); the procedure's
// middleware still checks it, this only answers earlier, with the same status and text. The session lookup is a query
// on PostgreSQL: a request that may need it waits for it, the others (no body, a public procedure) go on at once.

export type AuthNeed = NonNullable<ProcedureMeta['auth']>;

/** What the procedure at `path` needs of its caller; undefined for public (or unknown) procedures. */
export function authNeedOf(router: AppRouter, path: string): AuthNeed | undefined {
  return procedureMeta(router, path)?.auth;
}

/** The weakest need of several procedures (a request serving any public one must be read). */
export function weakestNeed(needs: (AuthNeed | undefined)[]): AuthNeed | undefined {
  if (needs.length === 0 || needs.some((n) => n === undefined)) return undefined;
  return needs.every((n) => n === 'admin') ? 'admin' : 'user';
}

interface Refusal {
  error: AppError;
  /** The cookie named a session that no longer exists: clear it, as the context would. */
  staleCookie: boolean;
}

/** 401 without a valid session, 403 for a non-admin where an admin is needed; undefined when the caller may go on. */
export function refusalFor(caller: RequestCaller, need: AuthNeed): Refusal | undefined {
  if (!caller.token) return { error: notLoggedIn(), staleCookie: false };
  if (!caller.user) return { error: notLoggedIn(), staleCookie: true };
  if (need === 'admin' && !caller.user.isAdmin) return { error: notAdmin(), staleCookie: false };
  return undefined;
}

/** `refusalFor` the caller that `headers` name (a lookup of its own: for tests). */
export async function refusalFromHeaders(store: Store, headers: IncomingHttpHeaders, need: AuthNeed): Promise<Refusal | undefined> {
  return refusalFor(await new RequestAuth(store).lookupHeaders(headers), need);
}

const CARRIES_BODY = new Set(['POST', 'PUT', 'PATCH']);

export interface AuthPrecheck {
  /** A route-level onRequest hook for a REST row whose procedure needs `need`. */
  rest(need: AuthNeed): onRequestHookHandler;
  /** The app-level onRequest hook for POST /trpc/<paths>: refuses when every procedure named in the URL needs a caller. */
  trpc: onRequestHookHandler;
}

/**
 * `auth` is shared with the tRPC context (makeCreateContext), so a request the precheck lets through is not looked up
 * again.
 */
export function makeAuthPrecheck(deps: { store: Store; cookieSecure: boolean; router: AppRouter; auth?: RequestAuth }): AuthPrecheck {
  const auth = deps.auth ?? new RequestAuth(deps.store);
  const refuse = async (req: FastifyRequest, reply: FastifyReply, need: AuthNeed) => {
    const refusal = refusalFor(await auth.of(req.raw), need);
    if (!refusal) return undefined;
    if (refusal.staleCookie) replyCookieJar(reply, deps.cookieSecure).clearSession();
    // The body was not read: the connection cannot carry another request after this answer.
    reply.header('connection', 'close');
    return refusal.error;
  };

  return {
    rest(need) {
      return function restAuthPrecheck(req, reply, done) {
        // A request without a body has nothing to protect: the procedure's own check answers it.
        if (!CARRIES_BODY.has(req.method)) return done();
        refuse(req, reply, need).then((error) => {
          if (!error) return done();
          const e = toHttpError(error);
          reply.code(e.status).send(e.body);
        }, done);
      };
    },
    trpc(req, reply, done) {
      if (!req.url.startsWith('/trpc/') || !CARRIES_BODY.has(req.method)) return done();
      const [pathPart, query = ''] = req.url.slice('/trpc/'.length).split('?');
      let paths: string[];
      try {
        paths = decodeURIComponent(pathPart).split(',');
      } catch {
        return done(); // tRPC answers a malformed path itself.
      }
      const need = weakestNeed(paths.map((p) => authNeedOf(deps.router, p)));
      if (!need) return done();
      refuse(req, reply, need).then((error) => {
        if (!error) return done();
        answerTrpc(reply, paths, query, error);
      }, done);
    },
  };

  /** The same shape tRPC answers when the procedure's middleware throws: one error per call of a batch. */
  function answerTrpc(reply: FastifyReply, paths: string[], query: string, error: AppError) {
    const config = deps.router._def._config;
    const one = (path: string) => ({
      error: getErrorShape({
        config,
        error: new TRPCError({ code: error.code, message: error.message, cause: error }),
        type: 'mutation',
        path,
        input: undefined,
        ctx: undefined,
      }),
    });
    const body = new URLSearchParams(query).get('batch') === '1' ? paths.map(one) : one(paths[0]);
    reply
      .code(toHttpError(error).status)
      .type('application/json')
      .send(JSON.stringify(transformTRPCResponse(config, body as never)));
  }
}
