import { initTRPC } from '@trpc/server';
import { notAdmin, notLoggedIn, toTRPCError, trpcDetails, trpcMessage } from '../errors';
import { rateLimitKey, type RateLimitKind } from '../limits/rate-limits';
import { TooManyRequestsError } from '../limits/too-many-requests';
import { rateLimitRefusals } from '../ops/metrics';
import type { Context } from './context';

/**
 * What a procedure needs of its caller. protectedProcedure and adminProcedure below set it, so the rule lives once: their
 * middlewares enforce it, and the HTTP transports read it to refuse a caller from its cookie before reading the body
 * (src/server/http/auth-precheck.ts).
 */
export interface ProcedureMeta {
  auth?: 'user' | 'admin';
  /**
   * A public procedure whose answer depends on who asks (the logged-in user's own data or view): private to a
   * logged-in caller, like every procedure with `auth` (src/server/http/private-answers.ts).
   */
  perCaller?: true;
  /**
   * A public procedure whose answer is the same for every caller and changes only with the listings: the HTTP layer
   * keeps its GET answers until the next write to a listing (src/server/http/response-cache.ts).
   */
  cache?: 'listings';
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    return { ...shape, message: trpcMessage(error), data: { ...shape.data, stack: undefined, details: trpcDetails(error) } };
  },
});

/**
 * Turns AppErrors thrown by services into TRPCErrors with the right code, and input errors into Norwegian (errors.ts).
 * A 429 tells an HTTP client when to come back (Retry-After; a WebSocket has no headers).
 */
const errorMapping = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    result.error = toTRPCError(result.error);
    const cause = result.error.cause;
    if (cause instanceof TooManyRequestsError) {
      ctx.setHeader('Retry-After', String(cause.retryAfterSeconds));
      rateLimitRefusals.inc({ limit: cause.limit });
    }
  }
  return result;
});

/**
 * A websocket's context was made when the socket opened (src/server/trpc/context.ts); each call over it runs as the
 * session is now, read again by primary key. Over HTTP the context is the request's own and this passes through.
 */
const currentCaller = t.middleware(({ ctx, next }) => {
  if (!ctx.socketCaller) return next();
  return ctx.socketCaller().then(({ user, session }) => next({ ctx: { user, session } }));
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping).use(currentCaller);

export const protectedProcedure = publicProcedure.meta({ auth: 'user' }).use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw notLoggedIn();
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/**
 * Spends one call of a per-address budget (src/server/limits/rate-limits.ts) before the input is parsed: every call
 * counts, whatever the transport (HTTP, each call of a batch, WebSocket, the REST adapter's createCaller).
 */
export const rateLimited = (kind: RateLimitKind) =>
  t.middleware(async ({ ctx, next }) => {
    await ctx.rateLimits.addresses.consume(kind, rateLimitKey(kind, ctx.ip, ctx.user?.id));
    return next();
  });

export const adminProcedure = protectedProcedure.meta({ auth: 'admin' }).use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw notAdmin();
  return next({ ctx: { ...ctx, user: { ...ctx.user, isAdmin: true as const } } });
});
