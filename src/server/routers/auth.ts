import { changePasswordInput, loginInput, registerInput, updateProfileInput } from '../../shared/schemas/auth';
import { createSession, generateSessionToken, invalidateSession } from '../auth/session';
import { authenticate, changePassword, registerUser, updateProfile } from '../services/auth';
import { toUserShape } from '../services/users';
import { SESSIONS_ENDED } from '../realtime/hub';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';
import type { Context } from '../trpc/context';

/** Ends the caller's session, if any, and tells the user's open subscriptions (src/server/realtime/subscription.ts). */
async function endSession(ctx: Context) {
  if (!ctx.session) return;
  await invalidateSession(ctx.store, ctx.session.id);
  ctx.hub.publish(ctx.session.userId, SESSIONS_ENDED);
}

async function startSession(ctx: Context, userId: number) {
  const token = generateSessionToken();
  const session = await createSession(ctx.store, token, userId);
  ctx.cookies.setSession(token, session.expiresAt);
}

export const authRouter = router({
  /** The current user, or null when logged out (the client treats a truthy result as authenticated). */
  me: publicProcedure.meta({ perCaller: true }).query(({ ctx }) => (ctx.user ? toUserShape(ctx.user) : null)),

  register: publicProcedure.use(rateLimited('register')).input(registerInput).mutation(async ({ ctx, input }) => {
    const user = await registerUser(ctx.store, input);
    await endSession(ctx);
    await startSession(ctx, user.id);
    return toUserShape(user);
  }),

  // Limited per address, and per account by the login throttle (docs/product/limits.md#rate-limits).
  login: publicProcedure.use(rateLimited('login')).input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await authenticate(ctx.store, input.username, input.password, { throttle: ctx.rateLimits.logins });
    // A new session on every login (session fixation); the old one, if any, ends.
    await endSession(ctx);
    await startSession(ctx, user.id);
    return toUserShape(user);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx);
    ctx.cookies.clearSession();
    return { success: true };
  }),

  updateProfile: protectedProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
    return toUserShape(await updateProfile(ctx.store, ctx.user.id, input));
  }),

  // A wrong old password counts against the account like a failed login (a stolen session must not guess it).
  changePassword: protectedProcedure.use(rateLimited('changePassword')).input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.store, ctx.user.id, input, { throttle: ctx.rateLimits.logins });
    ctx.hub.publish(ctx.user.id, SESSIONS_ENDED);
    // Every session was revoked; this browser stays logged in with a fresh one.
    await startSession(ctx, ctx.user.id);
    return { success: true, message: 'Passord endret' };
  }),
});
