import { initTRPC, TRPCError } from '@trpc/server';
import { AppError } from '../errors';
import { validationDetails } from '../http/validation';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const details =
      error.cause instanceof AppError ? error.cause.details : validationDetails(error.cause)?.details;
    const message = error.code === 'INTERNAL_SERVER_ERROR' ? 'Noe gikk galt på serveren. Prøv igjen senere.' : shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined, details } };
  },
});

/** Turns AppErrors thrown by services into TRPCErrors with the right code, and input errors into Norwegian. */
const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      result.error = new TRPCError({ code: cause.code, message: cause.message, cause });
    } else if (result.error.code === 'BAD_REQUEST') {
      const v = validationDetails(cause);
      if (v) result.error = new TRPCError({ code: 'BAD_REQUEST', message: v.message, cause: new AppError('BAD_REQUEST', v.message, v.details) });
    }
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new AppError('UNAUTHORIZED', 'Du må være innlogget.');
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', 'Du har ikke administrator-rettigheter.');
  return next({ ctx: { ...ctx, user: { ...ctx.user, isAdmin: true as const } } });
});
