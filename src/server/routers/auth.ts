import { changePasswordInput, loginInput, registerInput, updateProfileInput } from '../../shared/schemas/auth';
import { createSession, generateSessionToken, invalidateSession } from '../auth/session';
import { authenticate, changePassword, registerUser, updateProfile } from '../services/auth';
import { toUserShape } from '../services/users';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';
import type { Context } from '../trpc/context';

function startSession(ctx: Context, userId: number) {
  const token = generateSessionToken();
  const session = createSession(ctx.db, token, userId);
  ctx.cookies.setSession(token, session.expiresAt);
}

export const authRouter = router({
  /** The current user, or null when logged out (the client treats a truthy result as authenticated). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toUserShape(ctx.user) : null)),

  register: publicProcedure.use(rateLimited('register')).input(registerInput).mutation(async ({ ctx, input }) => {
    const user = await registerUser(ctx.db, input);
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    startSession(ctx, user.id);
    return toUserShape(user);
  }),

  // Limited per address, and per account by the login throttle (docs/product/limits.md#rate-limits).
  login: publicProcedure.use(rateLimited('login')).input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await authenticate(ctx.db, input.username, input.password, { throttle: ctx.rateLimits.logins });
    // A new session on every login (session fixation); the old one, if any, ends.
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    startSession(ctx, user.id);
    return toUserShape(user);
  }),

  logout: publicProcedure.mutation(({ ctx }) => {
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    ctx.cookies.clearSession();
    return { success: true };
  }),

  updateProfile: protectedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => {
    return toUserShape(updateProfile(ctx.db, ctx.user.id, input));
  }),

  // A wrong old password counts against the account like a failed login (a stolen session must not guess it).
  changePassword: protectedProcedure.use(rateLimited('changePassword')).input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.user.id, input, { throttle: ctx.rateLimits.logins });
    // Every session was revoked; this browser stays logged in with a fresh one.
    startSession(ctx, ctx.user.id);
    return { success: true, message: 'Passord endret' };
  }),
});
