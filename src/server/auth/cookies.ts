import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from './session';

export interface CookieJar {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
}

export function replyCookieJar(reply: FastifyReply, secure: boolean): CookieJar {
  return {
    setSession(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: expiresAt,
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
    },
    clearSession() {
      reply.setCookie(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
    },
  };
}

/** Websocket connections cannot set cookies; auth changes happen over HTTP. */
export const noCookieJar: CookieJar = { setSession() {}, clearSession() {} };

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
