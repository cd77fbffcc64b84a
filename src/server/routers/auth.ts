import {
  FORGOT_PASSWORD_SENT_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  changePasswordInput,
  deleteAccountInput,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  updateProfileInput,
} from '../../shared/schemas/auth';
import { createSession, generateSessionToken, invalidateSession } from '../auth/session';
import { deleteOwnAccount, exportAccount } from '../services/account';
import { authenticate, changePassword, registerUser, resetPassword, sendPasswordReset, updateProfile } from '../services/auth';
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

  // 'Glemt passord?' (docs/decisions/021-mail-and-account-recovery.md): the answer is the same, and as fast, for a known
  // and an unknown address: the look-up, the token and the mail happen after it (Mailer.later). Limited per client
  // address and per e-mail address asked about.
  forgotPassword: publicProcedure.use(rateLimited('forgotPassword')).input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.rateLimits.addresses.consume('forgotPasswordEmail', `email:${input.email.toLowerCase()}`);
    const { store, mailer } = ctx;
    const origin = ctx.origin();
    mailer.later(() => sendPasswordReset({ store, mailer }, input.email, origin));
    return { message: FORGOT_PASSWORD_SENT_MESSAGE };
  }),

  // Every session of the user ends, open sockets included (decision 016); nobody is logged in by it.
  resetPassword: publicProcedure.use(rateLimited('resetPassword')).input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const userId = await resetPassword(ctx.store, input);
    ctx.hub.publish(userId, SESSIONS_ENDED);
    if (ctx.session?.userId === userId) ctx.cookies.clearSession();
    return { success: true, message: PASSWORD_RESET_DONE_MESSAGE };
  }),

  export: protectedProcedure.use(rateLimited('accountExport')).query(({ ctx }) => exportAccount(ctx.store, ctx.user.id)),

  // A wrong password counts against the account like a failed login (a stolen session must not guess it).
  deleteAccount: protectedProcedure.use(rateLimited('deleteAccount')).input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    await deleteOwnAccount(
      { store: ctx.store, storage: ctx.integrations.imageStorage, mailer: ctx.mailer },
      userId,
      input.password,
      { throttle: ctx.rateLimits.logins },
    );
    ctx.hub.publish(userId, SESSIONS_ENDED);
    ctx.cookies.clearSession();
    return { success: true };
  }),
});
