import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noCookieJar, replyCookieJar, type CookieJar } from '../auth/cookies';
import { RequestAuth } from '../auth/request-auth';
import type { SessionValidation } from '../auth/session';
import type { AppDeps } from '../deps';
import { clientIpOf } from '../http/client-ip';
import { isForeignOrigin } from '../http/origin';

export interface Context extends AppDeps {
  user: SessionValidation['user'];
  session: SessionValidation['session'];
  cookies: CookieJar;
  /** The client address (Fastify's trustProxy honoured, for a WebSocket too): what the rate limits key on. */
  ip: string;
  userAgent: string;
  /** Sets a header on the HTTP answer (Retry-After of a 429); nothing over a WebSocket. */
  setHeader: (name: string, value: string) => void;
}

/**
 * One context for HTTP and WebSocket (docs/conventions.md): the session cookie is read from the request, which for a
 * websocket is the upgrade request. A websocket whose Origin names another site gets no session, so a foreign
 * page cannot ride the user's cookie into a subscription. The session is looked up once per request, shared with
 * the auth precheck (`RequestAuth`), and not at all without a cookie.
 */
export function makeCreateContext(deps: AppDeps, auth: RequestAuth = new RequestAuth(deps.db)) {
  return ({ req, res }: { req: FastifyRequest | IncomingMessage; res: FastifyReply | unknown }): Context => {
    const headers = req.headers;
    const isReply = typeof (res as FastifyReply)?.setCookie === 'function';
    const foreignSocket = !isReply && isForeignOrigin(headers.origin, headers.host);
    const caller = foreignSocket ? undefined : auth.of('raw' in req ? req.raw : req);
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
    };
  };
}
