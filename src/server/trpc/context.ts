import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noCookieJar, replyCookieJar, type CookieJar } from '../auth/cookies';
import { ANONYMOUS, RequestAuth } from '../auth/request-auth';
import type { SessionValidation } from '../auth/session';
import type { AppDeps } from '../deps';
import { clientIpOf } from '../http/client-ip';
import { isForeignOrigin } from '../http/origin';
import { mailOrigin } from '../http/public-origin';

export interface Context extends AppDeps {
  user: SessionValidation['user'];
  session: SessionValidation['session'];
  cookies: CookieJar;
  /** The client address (Fastify's trustProxy honoured, for a WebSocket too): what the rate limits key on. */
  ip: string;
  userAgent: string;
  /** Sets a header on the HTTP answer (Retry-After of a 429); nothing over a WebSocket. */
  setHeader: (name: string, value: string) => void;
  /** The site's origin for links in mails: from configuration alone, never the request's (http/public-origin.ts). */
  origin: () => string;
  /**
   * Over a WebSocket: the caller as the socket's session is now, looked up again for every call (`currentCaller` in
   * init.ts). Undefined over HTTP, whose context is made for each request.
   */
  socketCaller: (() => Promise<SessionValidation>) | undefined;
}

/**
 * One context for HTTP and WebSocket (docs/conventions.md): the session cookie is read from the request, which for a
 * websocket is the upgrade request. A websocket whose Origin names another site gets no session, so a foreign
 * page cannot ride the user's cookie into a subscription. The session is looked up once per request, shared with
 * the auth precheck (`RequestAuth`), and not at all without a cookie.
 *
 * tRPC makes a websocket's context once, when the socket opens, and every call over the socket shares it. So a
 * socket's context also carries `socketCaller`, which reads the session again: a logout, a password change, an expiry
 * or a deleted user ends the socket's rights at its next call (docs/decisions/016-socket-sessions.md).
 */
export function makeCreateContext(deps: AppDeps, auth: RequestAuth = new RequestAuth(deps.store)) {
  return async ({ req, res }: { req: FastifyRequest | IncomingMessage; res: FastifyReply | unknown }): Promise<Context> => {
    const headers = req.headers;
    const isReply = typeof (res as FastifyReply)?.setCookie === 'function';
    const foreignSocket = !isReply && isForeignOrigin(headers.origin, headers.host, deps.config.publicUrl);
    const caller = foreignSocket ? undefined : await auth.of('raw' in req ? req.raw : req);
    const token = caller?.token;
    const socketCaller = isReply ? undefined : () => (token ? auth.lookup(token) : Promise.resolve(ANONYMOUS));
    const cookies = isReply ? replyCookieJar(res as FastifyReply, deps.config.cookieSecure) : noCookieJar;
    // A stale or expired cookie is cleared so the browser stops sending it.
    if (caller?.token && !caller.session) cookies.clearSession();
    const setHeader = isReply ? (name: string, value: string) => void (res as FastifyReply).header(name, value) : () => {};
    // One spread, then plain properties: an object literal V8 builds on its fast path (a second spread or an accessor
    // here cost several microseconds per request).
    return {
      ...deps,
      session: caller?.session ?? null,
      user: caller?.user ?? null,
      cookies,
      ip: clientIpOf(req),
      userAgent: String(headers['user-agent'] ?? ''),
      setHeader,
      origin: () => mailOrigin(deps.config),
      socketCaller,
    };
  };
}
