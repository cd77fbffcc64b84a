import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noCookieJar, readCookie, replyCookieJar, type CookieJar } from '../auth/cookies';
import { SESSION_COOKIE, validateSessionToken, type SessionValidation } from '../auth/session';
import type { AppDeps } from '../deps';
import { isForeignOrigin } from '../http/origin';

export interface Context extends AppDeps {
  user: SessionValidation['user'];
  session: SessionValidation['session'];
  cookies: CookieJar;
  ip: string;
  userAgent: string;
}

/**
 * One context for HTTP and WebSocket (style.md): the session cookie is read from the request, which for a
 * websocket is the upgrade request. A websocket whose Origin names another site gets no session, so a foreign
 * page cannot ride the user's cookie into a subscription.
 */
export function makeCreateContext(deps: AppDeps) {
  return ({ req, res }: { req: FastifyRequest | IncomingMessage; res: FastifyReply | unknown }): Context => {
    const headers = req.headers;
    const isReply = typeof (res as FastifyReply)?.setCookie === 'function';
    const foreignSocket = !isReply && isForeignOrigin(headers.origin, headers.host);
    const token = foreignSocket ? undefined : readCookie(headers.cookie, SESSION_COOKIE);
    const auth: SessionValidation = token ? validateSessionToken(deps.db, token) : { session: null, user: null };
    const cookies = isReply ? replyCookieJar(res as FastifyReply, deps.config.cookieSecure) : noCookieJar;
    // A stale or expired cookie is cleared so the browser stops sending it.
    if (token && !auth.session) cookies.clearSession();
    const ip = (req as FastifyRequest).ip ?? (req as IncomingMessage).socket?.remoteAddress ?? '';
    return { ...deps, ...auth, cookies, ip, userAgent: String(headers['user-agent'] ?? '') };
  };
}
