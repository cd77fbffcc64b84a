import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Store } from '../store';
import { readCookie } from './cookies';
import { SESSION_COOKIE, Sessions, type SessionValidation } from './session';

/** What a request's cookie says about its caller. */
export interface RequestCaller extends SessionValidation {
  /** The session cookie's token as sent; undefined without one. */
  token: string | undefined;
}

export const ANONYMOUS: RequestCaller = Object.freeze({ token: undefined, session: null, user: null });
const ANONYMOUS_ANSWER = Promise.resolve(ANONYMOUS);
const CALLER = Symbol('caller');
type Remembered = IncomingMessage & { [CALLER]?: Promise<RequestCaller> };

/**
 * The caller of a request, from its session cookie, looked up at most once per request (docs/decisions/013-request-cost.md):
 * the auth precheck (src/server/http/auth-precheck.ts) and the tRPC context (src/server/trpc/context.ts) both ask,
 * and the second gets the first's answer (the lookup's promise), kept on the raw request. A request without the cookie
 * never reaches the sessions table. Created once per app (buildApp) over the app's store.
 */
export class RequestAuth {
  private readonly sessions: Sessions;

  constructor(store: Store) {
    this.sessions = new Sessions(store);
  }

  /** The caller of `raw` (the Node request; for a WebSocket, its upgrade request). */
  of(raw: IncomingMessage): Promise<RequestCaller> {
    const remembered = raw as Remembered;
    return (remembered[CALLER] ??= this.lookupHeaders(raw.headers));
  }

  /** The caller the headers name, looked up now (no memory): for a request that has no IncomingMessage. */
  lookupHeaders(headers: IncomingHttpHeaders): Promise<RequestCaller> {
    const token = readCookie(headers.cookie, SESSION_COOKIE);
    if (!token) return ANONYMOUS_ANSWER;
    return this.lookup(token);
  }

  /** The caller a session token names, looked up now: a websocket's call (src/server/trpc/context.ts). */
  async lookup(token: string): Promise<RequestCaller> {
    return { token, ...(await this.sessions.validate(token)) };
  }
}
