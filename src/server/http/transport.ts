import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppConfig } from '../config';
import { HTTP_MESSAGES } from '../errors';

// The HTTP transport's own limits and answers (docs/product/limits.md "Timeouts"). Requests that never reach a
// route (a broken request line, a timeout, a bad URL) are answered here, in our words, never in Node's or Fastify's.

/** Headers are a few KB and come in one packet; a client still sending them after this is not a real one. */
export const HEADERS_TIMEOUT_MS = 20_000;
/**
 * An idle keep-alive connection is kept this long between requests: Fastify's default, longer than the 60 s a reverse
 * proxy typically keeps its upstream connections, so the proxy never sends a request on a connection we are closing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/**
 * After an answer sent before the request's body was read (413 from Content-Length, 401 from the cookie), the rest of
 * the body is read and thrown away for at most this long before the connection is cut (a "lingering close", as Apache
 * and nginx do): cut at once, the client's next bytes meet a reset and most clients then lose the answer unread.
 */
export const LINGER_MS = 2_000;
/** Open websockets get this long to answer a close frame at shutdown before they are cut. */
export const WEBSOCKET_CLOSE_GRACE_MS = 1_000;

/** Fastify's server options for timeouts, shutdown and the answers to requests that never reach a route. */
export function transportOptions(config: Pick<AppConfig, 'httpIdleTimeoutMs' | 'httpRequestTimeoutMs'>) {
  const requestTimeout = config.httpRequestTimeoutMs;
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    // Socket inactivity: a body that stops half-way is cut after this (Node destroys the socket).
    connectionTimeout: config.httpIdleTimeoutMs,
    // Headers and body must all have arrived within this; Node answers 408 (clientErrorHandler below).
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout,
      requestTimeout,
      // How often Node checks the two deadlines above (its default, 30 s, would let a 20 s deadline run to 50 s).
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
    // close() destroys every HTTP connection, in flight or idle, instead of waiting for slow clients (SIGTERM, main.ts).
    forceCloseConnections: true,
    clientErrorHandler,
    frameworkErrors,
  } satisfies Partial<FastifyHttpOptions<Server>>;
}

/** A request Node's parser refused or timed out, before Fastify saw it: our JSON answer, then the socket is closed. */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, HTTP_MESSAGES.timeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, HTTP_MESSAGES.headersTooLarge]
        : [400, HTTP_MESSAGES.invalidRequest];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's router errors (a URL that does not decode, a path parameter over maxParamLength). */
function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ message: HTTP_MESSAGES.urlTooLong });
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ message: HTTP_MESSAGES.badUrl });
  return reply.code(500).send({ message: HTTP_MESSAGES.internal });
}

/** How many Host headers a request has (Node keeps only the first in `headers`; `rawHeaders` has them all). */
export function hostHeaderCount(rawHeaders: string[]): number {
  let n = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === 'host') n++;
  return n;
}

/**
 * Register before the routes. A websocket upgrade to a route that is not a websocket route is refused with a 404 before
 * the upgrade (@fastify/websocket would accept it and close it at once). At shutdown, websockets are asked to close and
 * cut after a grace period, so no client can hold the process.
 */
export function registerTransportGuards(app: FastifyInstance) {
  const websocketRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    if ((route as { websocket?: boolean }).websocket) websocketRoutes.add(route.url);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.raw.complete && String(reply.getHeader('connection')).toLowerCase() === 'close') lingerOnClose(req.raw.socket);
    done(null, payload);
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.ws || websocketRoutes.has(req.routeOptions.url ?? '')) return done();
    reply.code(404).send({ message: HTTP_MESSAGES.notWebSocket });
  });
}

/**
 * Node ends a `Connection: close` answer with socket.destroySoon(), which cuts the connection as soon as the answer is
 * written. Instead: send FIN after the answer and keep reading (Node discards the unread body; its HTTP server allows
 * half-open sockets), and cut after LINGER_MS or when the client closes its side. The idle timeout still applies.
 */
function lingerOnClose(socket: Socket) {
  (socket as Socket & { destroySoon: () => void }).destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
  };
}

/**
 * Asks every open websocket to reconnect (1012, "service restart") while the server keeps running: the tRPC client
 * opens a new socket and its subscriptions resume from their lastEventId, so what the old ones missed is replayed.
 */
export function reconnectWebSockets(app: FastifyInstance) {
  for (const client of (app.websocketServer?.clients ?? []) as Set<WebSocket>) client.close(1012, 'Koble til på nytt');
}

/** @fastify/websocket's preClose: close frames to every client, then cut those that have not answered in time. */
export function closeWebSockets(this: FastifyInstance, done: () => void) {
  const clients = [...(this.websocketServer?.clients ?? [])] as WebSocket[];
  let left = clients.length;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    for (const client of clients) client.terminate();
    this.websocketServer?.close();
    done();
  };
  const timer = setTimeout(finish, WEBSOCKET_CLOSE_GRACE_MS).unref();
  for (const client of clients) {
    client.once('close', () => {
      if (--left === 0) finish();
    });
    client.close(1001, 'Serveren stenges');
  }
  if (left === 0) finish();
}
