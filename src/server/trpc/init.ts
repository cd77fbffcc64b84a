import { initTRPC } from '@trpc/server';
import { AppError, notLoggedIn, toTRPCError, trpcDetails, trpcMessage } from '../errors';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    return { ...shape, message: trpcMessage(error), data: { ...shape.data, stack: undefined, details: trpcDetails(error) } };
  },
});

/** Turns AppErrors thrown by services into TRPCErrors with the right code, and input errors into Norwegian (errors.ts). */
const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) result.error = toTRPCError(result.error);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw notLoggedIn();
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new AppError('FORBIDDEN', 'Du har ikke administrator-rettigheter.');
  return next({ ctx: { ...ctx, user: { ...ctx.user, isAdmin: true as const } } });
});
